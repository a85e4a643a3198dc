import { test } from "node:test";
import assert from "node:assert/strict";
import { pairedWinRate, successGrid, successRate } from "../../../src/lib/stats/paired";

test("paired win rate: ties and unjudged runs are listed, not counted in the rate", () => {
  const w = pairedWinRate([
    { id: "r1", verdict: "a" },
    { id: "r2", verdict: "a" },
    { id: "r3", verdict: "b" },
    { id: "r4", verdict: "neither" },
    { id: "r5", verdict: null },
    { id: "r6", verdict: "a" },
  ]);
  assert.equal(w.a.k, 3);
  assert.equal(w.a.n, 4);
  assert.equal(w.a.rate, 0.75);
  assert.deepEqual(w.aWins, ["r1", "r2", "r6"]);
  assert.deepEqual(w.bWins, ["r3"]);
  assert.deepEqual(w.neither, ["r4"]);
  assert.deepEqual(w.unjudged, ["r5"]);
  assert.ok(Math.abs(w.signTestP! - 0.625) < 1e-12);
});

test("no decided pairs: rate, interval and test are unknown", () => {
  const w = pairedWinRate([{ id: "x", verdict: "neither" }]);
  assert.equal(w.a.rate, null);
  assert.equal(w.signTestP, null);
});

test("the 2×2 grid puts each run in exactly one cell", () => {
  const g = successGrid([
    { id: "1", a: true, b: true },
    { id: "2", a: true, b: false },
    { id: "3", a: false, b: true },
    { id: "4", a: false, b: false },
    { id: "5", a: true, b: false },
  ]);
  assert.deepEqual(g, { bothSucceeded: ["1"], onlyA: ["2", "5"], onlyB: ["3"], bothFailed: ["4"] });
});

test("success rate lists its runs", () => {
  const s = successRate([
    { id: "a", ok: true },
    { id: "b", ok: false },
    { id: "c", ok: true },
  ]);
  assert.equal(s.k, 2);
  assert.equal(s.n, 3);
  assert.deepEqual(s.failed, ["b"]);
  assert.equal(successRate([]).rate, null);
});
