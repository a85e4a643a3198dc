// Every aggregate of one column over groups of rows (a groupby, a calendar bucket), as lazy
// candidates that share the data: the values present in a group are gathered the first time any
// aggregate of that group is asked for, and an aggregate is computed group by group, only for the
// groups a match looks at (matching by key usually stops at the first group that differs). Each
// candidate also says, without computing it, how many of its values are finite (a match in order
// needs exactly as many as the series has points), whenever that count follows from the group
// sizes alone. Pure.
import { AGGS, aggregatePresent, type Agg } from "./aggregate";
import { withSupport, type Candidate } from "./candidate";

/**
 * Largest magnitude for which the aggregates of finite values stay finite (a sum of 10^6 such
 * values, a square of their spread): beyond it the finite count is computed, not inferred.
 */
export const SAFE_MAGNITUDE = 1e100;

/** Fewest values present for which each aggregate is finite (sum, count and nunique of nothing are 0). */
const MIN_PRESENT: Record<Agg, number> = {
  mean: 1,
  sum: 0,
  count: 0,
  median: 1,
  min: 1,
  max: 1,
  std: 2,
  var: 2,
  sem: 2,
  nunique: 0,
  first: 1,
  last: 1,
};

/** Whether every value of the column is NaN or a finite number of safe magnitude. */
const safeColumns = new WeakMap<number[], boolean>();
function safeColumn(column: number[]): boolean {
  let safe = safeColumns.get(column);
  if (safe === undefined) {
    safe = column.every((x) => Number.isNaN(x) || Math.abs(x) < SAFE_MAGNITUDE);
    safeColumns.set(column, safe);
  }
  return safe;
}

/**
 * aggregatePresent's median found by selection, not by sorting: the same middle value (or mean of
 * the two middle ones), in linear time; a comparator sort of a 54,000-row group costs ~100 ms.
 * The values must have no NaN (they are the values present).
 */
export function medianOf(xs: readonly number[]): number {
  if (!xs.length) return NaN;
  const a = Float64Array.from(xs);
  const m = a.length >> 1;
  const upper = select(a, m);
  if (a.length % 2) return upper;
  // select leaves every value left of m at most a[m]: the lower middle is the largest of them
  let lower = -Infinity;
  for (let i = 0; i < m; i++) if (a[i]! > lower) lower = a[i]!;
  return (lower + upper) / 2;
}

/** Rounds of partitioning before selection gives up and sorts (a pathological order). */
const MAX_ROUNDS = 64;

/** The k-th smallest of a (0-based), a reordered so that a[i] <= a[k] <= a[j] for i < k < j. */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  for (let round = 0; hi > lo; round++) {
    if (round === MAX_ROUNDS) {
      a.subarray(lo, hi + 1).sort();
      return a[k]!;
    }
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

export function* groupAggregates(
  name: (agg: string) => string,
  keys: string[],
  rowsOf: () => number[][],
  column: number[],
  gappy: boolean,
  groupedBy: string | null,
): Generator<Candidate> {
  const n = keys.length;
  let groups: number[][] | null = null;
  const rows = () => (groups ??= rowsOf());
  const present: Array<number[] | undefined> = new Array(n);
  const presentAt = (j: number) =>
    (present[j] ??= rows()
      [j]!.map((i) => column[i]!)
      .filter((x) => !Number.isNaN(x)));
  // how many values each group has present, without gathering them when the column has no gaps
  let counts: number[] | null = null;
  const countOf = (j: number) =>
    (counts ??= gappy ? rows().map((r) => r.reduce((c, i) => c + (Number.isNaN(column[i]!) ? 0 : 1), 0)) : rows().map((r) => r.length))[j]!;
  // a group's variance once for var, std and sem (aggregatePresent's own, so the same numbers)
  const variance: Array<number | undefined> = new Array(n);
  const varianceAt = (j: number) => (variance[j] ??= aggregatePresent("var", presentAt(j)));
  const aggregateOf = (agg: Agg, j: number): number => {
    if (agg === "median") return medianOf(presentAt(j));
    if (agg === "var") return varianceAt(j);
    if (agg === "std") return Math.sqrt(varianceAt(j));
    if (agg === "sem") return Math.sqrt(varianceAt(j) / presentAt(j).length);
    return aggregatePresent(agg, presentAt(j));
  };
  for (const agg of AGGS) {
    // count() of a column without gaps is the row count, a candidate of its own
    if (agg === "count" && !gappy) continue;
    const value: Array<number | undefined> = new Array(n);
    const at = (j: number) => (value[j] ??= aggregateOf(agg, j));
    let all: number[] | null = null;
    const cand: Candidate = {
      desc: name(agg),
      keys,
      n,
      at,
      values: () => (all ??= Array.from({ length: n }, (_, j) => at(j))),
      groupedBy,
    };
    if (safeColumn(column)) {
      let finite: number | null = null;
      cand.finiteCount = () => {
        if (finite === null) {
          finite = 0;
          for (let j = 0; j < n; j++) if (countOf(j) >= MIN_PRESENT[agg]) finite++;
        }
        return finite;
      };
    }
    yield withSupport(cand, countOf);
  }
}
