// Counting statistics for win/loss and success/failure tallies. Pure and exact where it is cheap.

/** ln(n!) by summation: exact enough for the batch sizes a person runs (thousands at most). */
function logFactorial(n: number): number {
  let s = 0;
  for (let i = 2; i <= n; i++) s += Math.log(i);
  return s;
}

/** P(X = k) for X ~ Binomial(n, p). */
export function binomialPmf(k: number, n: number, p: number): number {
  if (k < 0 || k > n) return 0;
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  return Math.exp(logFactorial(n) - logFactorial(k) - logFactorial(n - k) + k * Math.log(p) + (n - k) * Math.log(1 - p));
}

/**
 * Exact two-sided sign test: ties are left out before calling (they carry no sign). The p-value is
 * the probability, if neither side were better, of a split at least as lopsided as the one seen.
 * null when there are no untied pairs: no evidence either way, not "p = 1".
 */
export function signTest(wins: number, losses: number): number | null {
  const n = wins + losses;
  if (n === 0) return null;
  const k = Math.min(wins, losses);
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += binomialPmf(i, n, 0.5);
  return Math.min(1, 2 * tail);
}

export interface Proportion {
  k: number;
  n: number;
  /** k / n; null when n is 0. */
  rate: number | null;
  lo: number | null;
  hi: number | null;
  level: number;
}

/** Wilson score interval: unlike k/n ± 1.96·se it stays inside [0, 1] and is honest at 0 and n. */
export function wilson(k: number, n: number, level = 0.95): Proportion {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || n < 0 || k > n) {
    throw new Error(`internal: wilson(${k}, ${n}) needs whole counts with 0 ≤ k ≤ n`);
  }
  if (n === 0) return { k, n, rate: null, lo: null, hi: null, level };
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At k = 0 or k = n the bound is exactly 0 or 1; rounding must not push it past.
  return { k, n, rate: p, lo: k === 0 ? 0 : Math.max(0, centre - half), hi: k === n ? 1 : Math.min(1, centre + half), level };
}

/** Inverse standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new Error(`internal: normalQuantile(${p}) needs 0 < p < 1`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lowTail = 0.02425;
  if (p < lowTail) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - lowTail) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}
