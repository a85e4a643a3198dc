import { test } from "node:test";
import assert from "node:assert/strict";
import { bootstrap, bootstrapMean } from "../../../src/lib/stats/bootstrap";
import { histogram, spread } from "../../../src/lib/stats/distribution";
import { seededRng, seedFrom } from "../../../src/lib/stats/prng";

test("seeded PRNG is deterministic and uniform enough", () => {
  const a = seededRng(7);
  const b = seededRng(7);
  const xs = Array.from({ length: 10000 }, () => a());
  assert.deepEqual(
    xs.slice(0, 5),
    Array.from({ length: 5 }, () => b()),
  );
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  assert.ok(Math.abs(m - 0.5) < 0.02, String(m));
  assert.notEqual(seededRng(8)(), seededRng(7)());
  assert.equal(seedFrom("batch-1"), seedFrom("batch-1"));
  assert.notEqual(seedFrom("batch-1"), seedFrom("batch-2"));
});

test("bootstrap mean: same seed, same interval; interval brackets the mean", () => {
  const v = [40, 45.5, 41.2, 50, 38, 47, 44, 39.5];
  const x = bootstrapMean(v, { seed: 3 })!;
  const y = bootstrapMean(v, { seed: 3 })!;
  assert.deepEqual(x, y);
  assert.ok(Math.abs(x.estimate - v.reduce((s, t) => s + t, 0) / v.length) < 1e-12);
  assert.ok(x.lo < x.estimate && x.estimate < x.hi);
  assert.ok(x.lo >= 38 && x.hi <= 50);
  assert.equal(x.level, 0.95);
});

test("bootstrap of fewer than two values is unknown, not a zero-width interval", () => {
  assert.equal(bootstrapMean([]), null);
  assert.equal(bootstrapMean([42]), null);
  // Constant data: the interval is that constant, legitimately.
  const c = bootstrapMean([5, 5, 5])!;
  assert.deepEqual([c.lo, c.hi], [5, 5]);
});

test("bootstrap 95% CI of a mean covers the true mean in most seeded samples", () => {
  const rng = seededRng(11);
  let covered = 0;
  const sims = 200;
  for (let s = 0; s < sims; s++) {
    // Uniform(0, 100): true mean 50.
    const sample = Array.from({ length: 40 }, () => rng() * 100);
    const ci = bootstrapMean(sample, { seed: s, resamples: 500 })!;
    if (ci.lo <= 50 && 50 <= ci.hi) covered++;
  }
  assert.ok(covered / sims > 0.88 && covered / sims <= 0.99, `coverage ${covered / sims}`);
});

test("bootstrap of another statistic (median)", () => {
  const ci = bootstrap([1, 2, 3, 4, 5, 6, 7, 8, 100], (xs) => [...xs].sort((a, b) => a - b)[4]!, { seed: 1 })!;
  assert.equal(ci.estimate, 5);
  assert.ok(ci.hi < 100);
});

test("spread and histogram", () => {
  assert.equal(spread([]), null);
  const s = spread([3, 1, 2, 4])!;
  assert.deepEqual([s.min, s.median, s.max, s.mean, s.n], [1, 2.5, 4, 2.5, 4]);
  assert.equal(s.q1, 1.75);
  assert.deepEqual(histogram([0, 10, 50, 99, 100], 0, 100, 4), [2, 0, 1, 2]);
});
