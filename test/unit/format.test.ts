// The one formatting module: every kind of number reads one way in the summaries, the exports and
// the views. Each rule is checked at its boundaries, and absent values read "n/a", never 0.
import { test } from "node:test";
import assert from "node:assert/strict";
import { estimate, estimateWithCi, fixed1, interval, ms, msWhole, NA, num, pClause, pct, plural, pValue, tokens, yesNo } from "../../src/lib/format";

const absent = [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

test("fixed1 rounds on the tenths and always shows one decimal", () => {
  assert.equal(fixed1(0), "0.0");
  assert.equal(fixed1(41.17647), "41.2");
  assert.equal(fixed1(41.25), "41.3");
  assert.equal(fixed1(99.96), "100.0");
  assert.equal(fixed1(-0.04), "0.0");
  assert.equal(fixed1(7), "7.0");
});

test("pct: a value already in percent, one decimal; absent is n/a", () => {
  assert.equal(pct(43.4), "43.4%");
  assert.equal(pct(0), "0.0%");
  assert.equal(pct(100), "100.0%");
  assert.equal(pct(66.66667), "66.7%");
  for (const v of absent) assert.equal(pct(v), NA);
});

test("num: thousands separators, absent is n/a", () => {
  assert.equal(num(0), "0");
  assert.equal(num(999), "999");
  assert.equal(num(12345), "12,345");
  assert.equal(num(1234567), "1,234,567");
  // whole numbers are grouped without Intl, exactly as toLocaleString("en-US") groups them
  for (const v of [
    7,
    -7,
    999,
    1000,
    -1000,
    100000,
    123456789,
    -987654321,
    2 ** 40,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    -0,
    2.5,
    1234.5678,
    1e21,
  ])
    assert.equal(num(v), v.toLocaleString("en-US"), String(v));
  for (const v of absent) assert.equal(num(v), NA);
});

test("yesNo and plural", () => {
  assert.equal(yesNo(true), "yes");
  assert.equal(yesNo(false), "no");
  assert.equal(yesNo(null), NA);
  assert.equal(yesNo(undefined), NA);
  assert.equal(plural(0, "claim"), "0 claims");
  assert.equal(plural(1, "claim"), "1 claim");
  assert.equal(plural(2, "claim"), "2 claims");
  assert.equal(plural(2, "reply", "replies"), "2 replies");
});

test("ms: milliseconds, then seconds with one decimal, then minutes and whole seconds", () => {
  assert.equal(ms(0), "0 ms");
  assert.equal(ms(412), "412 ms");
  assert.equal(ms(999.4), "999 ms");
  // Rounded to the unit shown: 999.6 ms is a second, not "1000 ms".
  assert.equal(ms(999.6), "1.0 s");
  assert.equal(ms(1000), "1.0 s");
  assert.equal(ms(1400), "1.4 s");
  assert.equal(ms(1600), "1.6 s");
  assert.equal(ms(12_345), "12.3 s");
  assert.equal(ms(59_940), "59.9 s");
  // Not "60.0 s": a minute is written in minutes.
  assert.equal(ms(59_960), "1 min 0 s");
  assert.equal(ms(60_000), "1 min 0 s");
  assert.equal(ms(125_000), "2 min 5 s");
  // Not "1 min 60 s".
  assert.equal(ms(119_600), "2 min 0 s");
  assert.equal(ms(3_600_000), "60 min 0 s");
  for (const v of absent) assert.equal(ms(v), NA);
});

test("msWhole: a batch's ETA and elapsed time, whole seconds below a minute", () => {
  assert.equal(msWhole(0), "0 ms");
  assert.equal(msWhole(412), "412 ms");
  assert.equal(msWhole(999.6), "1 s");
  assert.equal(msWhole(1400), "1 s");
  assert.equal(msWhole(1500), "2 s");
  assert.equal(msWhole(12_345), "12 s");
  assert.equal(msWhole(59_400), "59 s");
  // Not "60 s".
  assert.equal(msWhole(59_600), "1 min 0 s");
  assert.equal(msWhole(125_000), "2 min 5 s");
  assert.equal(msWhole(119_600), "2 min 0 s");
  for (const v of absent) assert.equal(msWhole(v), NA);
});

test("pValue: three decimals, and < 0.001 below that", () => {
  assert.equal(pValue(1), "1.000");
  assert.equal(pValue(0.115), "0.115");
  assert.equal(pValue(0.05), "0.050");
  assert.equal(pValue(0.001), "0.001");
  assert.equal(pValue(0.000999), "< 0.001");
  assert.equal(pValue(0), "< 0.001");
  for (const v of absent) assert.equal(pValue(v), NA);
});

test("pClause: spaced in views and reports, compact in the one-line summary", () => {
  assert.equal(pClause(1), "p = 1.000");
  assert.equal(pClause(0.0001), "p < 0.001");
  assert.equal(pClause(null), "p = n/a");
  assert.equal(pClause(0.115, true), "p=0.115");
  assert.equal(pClause(0.0001, true), "p<0.001");
  assert.equal(pClause(null, true), "p=n/a");
});

const e = (value: number | null, lo: number | null, hi: number | null, n: number) => ({ value, lo, hi, n });

test("estimate and interval: percent or proportion scale, unit once on the range", () => {
  assert.equal(estimate(e(43.42, 41.2, 45.5, 6), 1), "43.4%");
  assert.equal(estimate(e(2 / 3, 0.208, 0.939, 3), 100), "66.7%");
  assert.equal(estimate(e(null, null, null, 0), 1), NA);
  assert.equal(interval(e(2 / 3, 0.208, 0.939, 3), 100), "20.8–93.9%");
  assert.equal(interval(e(50, null, null, 1), 1), "n/a (n=1)");
  assert.equal(interval(e(null, null, null, 0), 1), NA);
});

test("estimateWithCi: the report's and the summary's spelling of an interval", () => {
  assert.equal(estimateWithCi(e(2 / 3, 0.2, 0.94, 3), 100), "66.7% (95% CI 20.0–94.0%, n=3)");
  assert.equal(estimateWithCi(e(43.4, 41.2, 45.5, 6), 1, { unitEach: true }), "43.4% (95% CI 41.2%–45.5%, n=6)");
  assert.equal(estimateWithCi(e(50, null, null, 1), 1), "50.0% (no interval, n=1)");
  assert.equal(estimateWithCi(e(null, null, null, 0), 1), NA);
  assert.equal(estimateWithCi(e(null, null, null, 0), 1, { none: "n/a (no runs)" }), "n/a (no runs)");
});

const cost = (c: Partial<Parameters<typeof tokens>[0]>) => ({ calls: 3, totalTokens: 1200, callsWithoutUsage: 0, failedTryTokens: 0, ...c });

test("tokens: as reported, never a guessed 0", () => {
  assert.equal(tokens(cost({ calls: 0, totalTokens: null })), "no calls yet");
  assert.equal(tokens(cost({})), "1,200 tokens in 3 calls");
  assert.equal(tokens(cost({ totalTokens: null, callsWithoutUsage: 3 })), "tokens n/a (3 calls reported no usage)");
  assert.equal(tokens(cost({ callsWithoutUsage: 1 })), "1,200 tokens in 3 calls (at least: 1 of 3 calls reported no usage)");
  assert.equal(tokens(cost({ failedTryTokens: 400 })), "1,200 tokens in 3 calls, 400 of them on failed tries");
  // Failed tries whose usage is unknown add no claim about them.
  assert.equal(tokens(cost({ failedTryTokens: null })), "1,200 tokens in 3 calls");
});
