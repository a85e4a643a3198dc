// The CSV reader's missing markers are pandas' own: the set pandas ships (read from pandas in
// the trusted oracle.py, not copied), and for each of them and for near misses, the column kind
// pandas' read_csv gives a number column holding it is the kind graphite reads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { columnKind, PANDAS_NA_VALUES } from "../../src/lib/graphite/csv-typing";
import { ok, oracle } from "./support";

test("missing markers: graphite's set is pandas' STR_NA_VALUES, and each marker or near miss types a number column as pandas does", () => {
  const nearMisses = ["na", "Null", " NA", "NA ", "none", "-", "NAN", "nil", "#n/a", "N.A."];
  const texts = [...PANDAS_NA_VALUES, ...nearMisses];
  const [answer] = oracle([{ op: "na_markers", texts }]);
  const lib = ok<{ defaults: string[]; kinds: Record<string, "numeric" | "text"> }>(answer, "na_markers");
  assert.deepEqual([...PANDAS_NA_VALUES].sort(), [...lib.defaults].sort());
  const differ = texts.filter((t) => (columnKind(["1.5", t, "3"]) === "numeric" ? "numeric" : "text") !== lib.kinds[t]);
  assert.deepEqual(differ, [], `read differently from pandas: ${JSON.stringify(differ.map((t) => [t, lib.kinds[t]]))}`);
  // the near misses are text to pandas, so the test would catch a reader that took them for gaps
  assert.ok(nearMisses.every((t) => lib.kinds[t] === "text"));
});
