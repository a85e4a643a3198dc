// Aggregates as pandas computes them: NaN values are skipped (mean, sum, median, min, max, std
// of the values present; count is the number present; the sum of nothing is 0, the mean of
// nothing NaN). Pure.

export const AGGS = ["mean", "sum", "count", "median", "min", "max", "std"] as const;
export type Agg = (typeof AGGS)[number];

export function aggregate(kind: Agg, all: number[]): number {
  const xs = all.filter((x) => !Number.isNaN(x));
  switch (kind) {
    case "count":
      return xs.length;
    case "sum":
      return xs.reduce((s, x) => s + x, 0);
    case "mean":
      return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN;
    case "min":
      return xs.length ? xs.reduce((m, x) => (x < m ? x : m), Infinity) : NaN;
    case "max":
      return xs.length ? xs.reduce((m, x) => (x > m ? x : m), -Infinity) : NaN;
    case "median": {
      if (!xs.length) return NaN;
      const s = [...xs].sort((a, b) => a - b);
      const m = s.length >> 1;
      return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
    }
    case "std": {
      // pandas' default: the sample standard deviation (ddof=1), NaN for fewer than two values.
      if (xs.length < 2) return NaN;
      const mu = xs.reduce((s, x) => s + x, 0) / xs.length;
      return Math.sqrt(xs.reduce((s, x) => s + (x - mu) ** 2, 0) / (xs.length - 1));
    }
  }
}
