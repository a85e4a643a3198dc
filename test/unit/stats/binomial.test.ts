import { test } from "node:test";
import assert from "node:assert/strict";
import { binomialPmf, normalQuantile, signTest, wilson } from "../../../src/lib/stats/binomial";
import { seededRng } from "../../../src/lib/stats/prng";

test("binomial pmf sums to one and matches a hand value", () => {
  let s = 0;
  for (let k = 0; k <= 20; k++) s += binomialPmf(k, 20, 0.3);
  assert.ok(Math.abs(s - 1) < 1e-12);
  // C(5,2) · 0.5^5 = 10/32
  assert.ok(Math.abs(binomialPmf(2, 5, 0.5) - 10 / 32) < 1e-12);
  assert.equal(binomialPmf(0, 4, 0), 1);
  assert.equal(binomialPmf(4, 4, 1), 1);
});

test("sign test: exact two-sided p-values from the binomial", () => {
  // 9 of 10 wins: P(X ≤ 1) · 2 = 2 · 11/1024
  assert.ok(Math.abs(signTest(9, 1)! - 22 / 1024) < 1e-12);
  assert.ok(Math.abs(signTest(1, 9)! - 22 / 1024) < 1e-12);
  // An even split is no evidence at all.
  assert.equal(signTest(5, 5), 1);
  // 10 of 10: 2/1024
  assert.ok(Math.abs(signTest(10, 0)! - 2 / 1024) < 1e-12);
  // No decided pairs: no test, not p = 1.
  assert.equal(signTest(0, 0), null);
  // The textbook value: 15 of 20 gives p ≈ 0.0414
  assert.ok(Math.abs(signTest(15, 5)! - 0.041389) < 1e-5);
});

test("normal quantile", () => {
  assert.ok(Math.abs(normalQuantile(0.975) - 1.959964) < 1e-5);
  assert.ok(Math.abs(normalQuantile(0.5)) < 1e-12);
  assert.ok(Math.abs(normalQuantile(0.005) + 2.575829) < 1e-5);
});

test("Wilson interval: textbook values, edges stay in [0, 1], n = 0 is unknown", () => {
  const w = wilson(7, 10);
  assert.equal(w.rate, 0.7);
  assert.ok(Math.abs(w.lo! - 0.3968) < 1e-3, String(w.lo));
  assert.ok(Math.abs(w.hi! - 0.8922) < 1e-3, String(w.hi));
  const none = wilson(0, 10);
  assert.equal(none.lo, 0);
  assert.ok(none.hi! > 0.25 && none.hi! < 0.35);
  const all = wilson(10, 10);
  assert.equal(all.hi, 1);
  assert.ok(all.lo! > 0.65 && all.lo! < 0.75);
  const empty = wilson(0, 0);
  assert.equal(empty.rate, null);
  assert.equal(empty.lo, null);
  assert.throws(() => wilson(3, 2), /0 ≤ k ≤ n/);
});

test("Wilson 95% interval covers the true rate about 95% of the time (seeded simulation)", () => {
  const rng = seededRng(42);
  for (const [p, n] of [
    [0.7, 30],
    [0.5, 50],
    [0.9, 40],
  ] as const) {
    let covered = 0;
    const sims = 2000;
    for (let s = 0; s < sims; s++) {
      let k = 0;
      for (let i = 0; i < n; i++) if (rng() < p) k++;
      const w = wilson(k, n);
      if (w.lo! <= p && p <= w.hi!) covered++;
    }
    const coverage = covered / sims;
    assert.ok(coverage > 0.92 && coverage < 0.985, `p=${p} n=${n}: coverage ${coverage}`);
  }
});
