// Aggregates as pandas computes them: NaN values are skipped (mean, sum, median, min, max, std
// of the values present; count is the number present; the sum of nothing is 0, the mean of
// nothing NaN), plus var, sem, nunique and the first and last value present. Pure.

export const AGGS = ["mean", "sum", "count", "median", "min", "max", "std", "var", "sem", "nunique", "first", "last"] as const;
export type Agg = (typeof AGGS)[number];

export function aggregate(kind: Agg, all: number[]): number {
  return aggregatePresent(
    kind,
    all.filter((x) => !Number.isNaN(x)),
  );
}

/** The aggregate of values already without gaps. */
export function aggregatePresent(kind: Agg, xs: number[]): number {
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
    case "std":
    case "var":
    case "sem": {
      // pandas' default: the sample variance (ddof=1), NaN for fewer than two values; sem is
      // std / sqrt(n), which is a constant times std when every group has the same size.
      if (xs.length < 2) return NaN;
      const mu = xs.reduce((s, x) => s + x, 0) / xs.length;
      const v = xs.reduce((s, x) => s + (x - mu) ** 2, 0) / (xs.length - 1);
      return kind === "var" ? v : kind === "std" ? Math.sqrt(v) : Math.sqrt(v / xs.length);
    }
    case "nunique":
      return new Set(xs).size;
    // the first and last value present, in the order of the rows (groupby's first() / last())
    case "first":
      return xs.length ? xs[0]! : NaN;
    case "last":
      return xs.length ? xs[xs.length - 1]! : NaN;
  }
}
