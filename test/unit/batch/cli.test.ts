import { test } from "node:test";
import assert from "node:assert/strict";
import { parseBatchArgs } from "../../../src/lib/cli/batch";
import { meanEstimate } from "../../../src/lib/batch/aggregate";

test("duellab batch: arguments, defaults per kind, and one sentence for each mistake", () => {
  const w = parseBatchArgs(["weave", "--tasks", "t.csv", "--results", "r.jsonl", "--b", "ollama:llama3.2", "--concurrency", "8"]);
  assert.ok(!("error" in w));
  if ("error" in w) return;
  assert.deepEqual(w.slots.a, { provider: "demo", model: "atlas" });
  assert.deepEqual(w.slots.b, { provider: "ollama", model: "llama3.2" });
  assert.equal(w.concurrency, 8);
  const g = parseBatchArgs(["graphite", "--tasks", "t.jsonl", "--results", "r.jsonl"]);
  assert.ok(!("error" in g) && g.slots.a.model === "analyst");
  assert.deepEqual(parseBatchArgs(["sideways"]), { error: 'the first argument is weave, graphite or report (got "sideways")' });
  assert.match((parseBatchArgs(["weave", "--results", "r.jsonl"]) as { error: string }).error, /--tasks is required/);
  assert.match((parseBatchArgs(["weave", "--tasks", "t.csv"]) as { error: string }).error, /--results is required/);
  assert.match((parseBatchArgs(["weave", "--tasks", "t.csv", "--results", "r", "--concurrency", "many"]) as { error: string }).error, /--concurrency takes a whole number, got "many"/);
  assert.match((parseBatchArgs(["weave", "--tasks", "t.csv", "--results", "r", "--a", "atlas"]) as { error: string }).error, /--a takes provider:model/);
  assert.match((parseBatchArgs(["weave", "--bogus", "x"]) as { error: string }).error, /unknown option --bogus/);
});

test("a small-sample interval says it understates the uncertainty", () => {
  const few = meanEstimate([40, 42, 44].map((value, i) => ({ key: String(i), value })));
  assert.match(few.method, /with fewer than 10 runs a bootstrap interval understates the uncertainty/);
  const many = meanEstimate(Array.from({ length: 12 }, (_, i) => ({ key: String(i), value: 40 + i })));
  assert.doesNotMatch(many.method, /understates/);
});
