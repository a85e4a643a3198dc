// Order statistics for the summary's timings: nearest-rank percentiles over the measured values
// only (a check stopped at its limit has no time and is counted apart, never as a number). Pure.

/** The p-th percentile (0–100) by nearest rank, or null for no values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[Math.min(rank, s.length) - 1]!;
}

/** "12 ms" / "2.19 s", or "n/a" when nothing was measured. */
export function fmtMs(ms: number | null): string {
  if (ms === null) return "n/a";
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

/** "78.5%" of a part of a whole, or "n/a" when the whole is 0. */
export function pct(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`;
}
