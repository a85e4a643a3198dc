// A vector the data can produce, with the keys (x values) it is indexed by, in plotting order.
// Built lazily: most candidates are rejected on their first point, so `at(j)` is O(1) where it can
// be (rolling windows use prefix sums) and the whole vector is only built when needed. Pure.

export interface Candidate {
  desc: string;
  keys: string[] | null;
  n: number;
  at: (j: number) => number;
  values: () => number[];
  /** The column whose distinct values are the keys (for the completeness check). */
  groupedBy: string | null;
  /**
   * How many values stand behind value j of an aggregate. A value from one row equals every
   * aggregate of it, so a match there is no evidence of which aggregate a chart shows.
   */
  support?: (j: number) => number;
  /**
   * A reading derived along the rows (a rolling window, a cumulative sum): one of hundreds of
   * such vectors per column, so only a line of several points is evidence of one.
   */
  derived?: boolean;
  /**
   * How many of the values are finite, known without building them (an aggregate's count follows
   * from its groups' sizes): a candidate that cannot have as many as a series has points is
   * skipped unbuilt. Absent when only building the values tells.
   */
  finiteCount?: () => number;
}

/** Fewest points of a line before a rolling window or cumulative sum may explain it. */
export const MIN_DERIVED = 5;

/** Whether a derived reading may stand for this series at all. */
export function mayBeDerived(kind: string, points: number): boolean {
  return kind === "line" && points >= MIN_DERIVED;
}

export function withSupport(c: Candidate, support: (j: number) => number): Candidate {
  return { ...c, support };
}

export function eager(desc: string, keys: string[] | null, arr: number[], groupedBy: string | null = null): Candidate {
  return { desc, keys, n: arr.length, at: (j) => arr[j]!, values: () => arr, groupedBy };
}

export function lazy(desc: string, keys: string[] | null, n: number, make: () => number[], groupedBy: string | null = null): Candidate {
  let memo: number[] | null = null;
  const values = () => (memo ??= make());
  return { desc, keys, n, at: (j) => values()[j]!, values, groupedBy };
}

export function fromAt(desc: string, keys: string[] | null, n: number, at: (j: number) => number): Candidate {
  let memo: number[] | null = null;
  return { desc, keys, n, at, values: () => (memo ??= Array.from({ length: n }, (_, j) => at(j))), groupedBy: null };
}
