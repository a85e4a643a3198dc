// A chart is "faithful" only when everything it draws was measured and confirmed: filled shapes the
// sandbox saw but could not read (a sideways fill that is no violin's body, a step fill, hexbin cells,
// contours, patches that are neither bars nor boxen boxes) leave it "unchecked", named per axes; a failed check stands; a figure
// measured before unread shapes were reported (no `unread` field) is read as before.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import fs from "node:fs";
import path from "node:path";
import { checkFaithfulness, shapeNoun } from "../../../src/lib/graphite/faithfulness";
import { FigureMeasure } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";

const csv = readCsv(["day,tip", "Thur,2", "Thur,4", "Fri,3", "Fri,5", "Sat,1", "Sat,7", "Sun,6", "Sun,8"].join("\n") + "\n");
const days = ["Thur", "Fri", "Sat", "Sun"];
// the mean tip per day, drawn as bars at the days
const means = series({ kind: "bar", x: days, y: [3, 4, 4, 7] });

test("the same confirmed bars: faithful alone, unchecked beside sideways fills that were not measured, with what and where", () => {
  assert.equal(checkFaithfulness(csv, [figure([means])]).verdict, "faithful");
  const f = checkFaithfulness(csv, [figure([means], { unread: [{ axes: 0, what: "sideways area", count: 4 }] })]);
  assert.equal(f.verdict, "unchecked");
  // the bars themselves are still confirmed
  assert.equal(f.checks.find((c) => c.check.startsWith("values of"))!.status, "pass");
  const shapes = f.checks.find((c) => c.check === "drawn shapes")!;
  assert.equal(shapes.status, "unchecked");
  assert.equal(
    shapes.detail,
    "4 filled areas drawn sideways (fill_betweenx, not violin bodies) on axes 1 drawn but not measured, so the chart is not confirmed whole",
  );
});

test("every kind of unread shape is named in the singular or plural, with its figure when there are several", () => {
  const f = checkFaithfulness(csv, [
    figure([means], { unread: [{ axes: 0, what: "contours", count: 1 }] }),
    figure([], {
      unread: [
        { axes: 1, what: "area", count: 2 },
        { axes: 1, what: "patches", count: 1 },
      ],
    }),
  ]);
  assert.equal(f.verdict, "unchecked");
  assert.equal(
    f.checks.find((c) => c.check === "drawn shapes")!.detail,
    "1 set of contours on axes 1 of figure 1, 2 filled areas (fill_between, hexbin) on axes 2 of figure 2, 1 collection of patches (neither bars nor boxen boxes) on axes 2 of figure 2 drawn but not measured, so the chart is not confirmed whole",
  );
});

test("bars that are the means × 1.5 stay unfaithful beside an unread shape: a failed check is not softened", () => {
  const scaled = series({ kind: "bar", x: days, y: [4.5, 6, 6, 10.5] });
  const plain = checkFaithfulness(csv, [figure([scaled])]);
  const f = checkFaithfulness(csv, [figure([scaled], { unread: [{ axes: 0, what: "sideways area", count: 4 }] })]);
  assert.equal(plain.verdict, "unfaithful", JSON.stringify(plain.checks));
  assert.equal(f.verdict, "unfaithful");
  assert.ok(f.checks.some((c) => c.check === "drawn shapes"));
});

test("a measurement saved before unread shapes were reported still parses and reads as before", () => {
  const old = figure([means]);
  assert.equal("unread" in old, false);
  const parsed = FigureMeasure.parse(old);
  assert.equal(checkFaithfulness(csv, [parsed]).verdict, "faithful");
  assert.equal(FigureMeasure.safeParse({ ...old, unread: [{ axes: 0, what: "area" }] }).success, false);
});

test("every name the sandbox gives an unread shape (measure.py) has a reader's noun here, so none is shown raw", () => {
  const measure = fs.readFileSync(path.join(import.meta.dirname, "../../../sandbox/measure.py"), "utf8");
  const body = measure.slice(measure.indexOf("def _drawn_shape("), measure.indexOf("\ndef ", measure.indexOf("def _drawn_shape(") + 1));
  const names = new Set([...body.matchAll(/(?:return|else) "([a-z ]+)"/g)].map((m) => m[1]!));
  for (const m of measure.matchAll(/skipped\([^)]*"([a-z ]+)"\)/g)) names.add(m[1]!);
  assert.ok(names.size >= 5, [...names].join(", "));
  for (const name of names) assert.notEqual(shapeNoun(name, 2), `2 ${name}`, `no noun for the sandbox's "${name}"`);
});
