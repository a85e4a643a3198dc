// Lookups among a column's sorted values give what a scan of every value gives: holdsNear with the
// check's relative tolerance (match.ts close) answers as some() over the values does, on values of
// both signs, ties, zeros and targets just inside and just outside the tolerance.
import { test } from "node:test";
import assert from "node:assert/strict";
import { close } from "../../../src/lib/graphite/faithfulness/match";
import { holdsNear, sortedFinite } from "../../../src/lib/graphite/faithfulness/sorted-values";

// a small deterministic generator (no seed to keep)
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

test("holdsNear(sorted, t, close) is some(close) over the values, for 20,000 targets", () => {
  const r = lcg(7);
  const values = Array.from({ length: 500 }, (_, i) => (i % 50 === 0 ? 0 : i % 7 === 0 ? NaN : Number(((r() - 0.4) * 1000).toFixed(1))));
  const sorted = sortedFinite(values);
  const finite = values.filter((v) => Number.isFinite(v));
  const near = (t: number, v: number) => close(t, v, 1000);
  const differ: number[] = [];
  let found = 0;
  for (let k = 0; k < 20000; k++) {
    const base = finite[Math.floor(r() * finite.length)]!;
    // at the value, near it (inside or outside 0.2%), or anywhere
    const t = k % 3 === 0 ? base : k % 3 === 1 ? base * (1 + (r() - 0.5) * 0.01) + (r() - 0.5) * 1e-6 : (r() - 0.4) * 1200;
    const scan = finite.some((v) => near(t, v));
    if (scan) found++;
    if (holdsNear(sorted, t, near) !== scan) differ.push(t);
  }
  assert.deepEqual(differ, []);
  // both answers occur often enough for the comparison to mean something
  assert.ok(found > 5000 && found < 15000, `found ${found}`);
});
