// A series no reading gives whose x are a numeric column's values moved by one constant (timepoint
// + 3) or stretched by one factor (timepoint × 1.37): taken back to that column's own values, the
// series is a reading of the data (a subset's mean by key, one column against another, ...). That
// is evidence the chart misstates the data: the values are the data's, the x they stand at are
// not. moved-keys.ts handles such keys when the x are row positions and the values were already
// read in order; this handles lines and bars whose x are neither (the values were read by no one,
// because every x missed its key). The guards are those of moved-keys.ts: an offset of at most half
// the keys' spacing (dodged points, bar edges), a change of unit (seconds to minutes), keys taken
// relative to a baseline of the column (its mean, minimum, first value, ... subtracted or divided
// by), two-digit years written out (+ 1900), x that are row positions, and fewer than MIN_MOVED
// points are no evidence. Pure apart from the table's memo (faithfulness/memo).
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { keyedValuesMoved } from "./keyed-values";
import { explain, xKeys } from "./match";
import { memo, memo2 } from "./memo";
import { MIN_MOVED } from "./moved-keys";
import type { Weighed } from "./near";
import { explainPairs } from "./shapes";
import { explainInSubsets } from "./subsets";
import type { Prepared } from "./table";
import { unitChange } from "./units";

const fmt = (v: number) => String(+v.toPrecision(6));

/** An unread series and its place among the chart's series. */
export interface UnreadSeries {
  i: number;
  s: PlottedSeries;
}

/** Most numeric columns tried as the key (each try runs the caller's reading once). */
const MAX_KEY_COLUMNS = 12;

const sameNum = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const isPositions = (v: number[]) => v.every((t, i) => t === i) || v.every((t, i) => t === i + 1);

/** The column's distinct finite values over the rows, sorted (the set first: few values to sort). */
function distinct(p: Prepared, v: number[]): number[] {
  const rows = p.frames[0]?.rows ?? [];
  return memo2(p, v, "distinct sorted", () => {
    const set = new Set<number>();
    for (const r of rows) set.add(v[r]!);
    return [...set].filter((t) => Number.isFinite(t)).sort((a, b) => a - b);
  });
}

/**
 * Whether the first x may be the column's smallest value moved, or its smallest value that is not
 * 0 stretched, with the second x a value of the column that way: scans of the column, so a large
 * table's column is made distinct and sorted only when it may be the key.
 */
function plausible(xs: number[], v: number[]): boolean {
  const [lo, next] = memo(v, "two smallest", () => {
    let a = Infinity;
    for (const t of v) if (t < a) a = t;
    let b = Infinity;
    for (const t of v) if (t > a && t < b) b = t;
    return [a, b] as const;
  });
  if (!Number.isFinite(lo)) return false;
  const has = (t: number) => v.includes(t) || v.some((u) => sameNum(u, t));
  const d = xs[0]! - lo;
  if (d !== 0 && has(xs[1]! - d)) return true;
  const [k, x] = lo !== 0 ? [lo, xs[0]!] : [next, xs[1]!];
  if (!Number.isFinite(k) || k === 0) return false;
  const f = x / k;
  return Number.isFinite(f) && f !== 0 && Math.abs(f - 1) > 1e-6 && has(xs[1]! / f);
}

/** Each plotted x taken back to a key (x − d or x ÷ f), or null when some x is no key. */
function back(xs: number[], keys: number[], to: (x: number) => number): number[] | null {
  const out: number[] = [];
  for (const x of xs) {
    const t = to(x);
    // the key the value rounds to (keys sorted: binary search, then the nearer neighbour)
    let lo = 0;
    let hi = keys.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    const near = [keys[lo - 1], keys[lo]].find((k) => k !== undefined && sameNum(k, t));
    if (near === undefined) return null;
    out.push(near);
  }
  return out;
}

/** How the sorted x relate to the sorted keys: moved by d, stretched by f, with the keys back. */
function relation(xs: number[], keys: number[]): { how: string; back: number[]; offset: number | null; factor: number | null } | null {
  // anchored at the first key: a line over every key, or a run from the first (a run that starts
  // elsewhere could pair any x with any key)
  const d = xs[0]! - keys[0]!;
  if (d !== 0) {
    const b = back(xs, keys, (x) => x - d);
    if (b) return { how: `+ ${fmt(d)}`.replace("+ -", "− "), back: b, offset: d, factor: null };
  }
  // the factor from the first key that is not 0 (timepoints 0, 1, 2, ... stretched keep 0 at 0)
  const j = keys.findIndex((k) => k !== 0);
  if (j < 0 || j >= xs.length) return null;
  const f = xs[j]! / keys[j]!;
  if (!Number.isFinite(f) || f === 0 || Math.abs(f - 1) <= 1e-6) return null;
  const b = back(xs, keys, (x) => x / f);
  if (b) return { how: `× ${fmt(f)}`, back: b, offset: null, factor: f };
  return null;
}

/** Whether the change is one a chart makes on purpose (see the header). */
function explained(rel: { offset: number | null; factor: number | null }, keys: number[], column: number[]): boolean {
  const step = keys.reduce((m, t, i) => (i > 0 ? Math.min(m, t - keys[i - 1]!) : m), Infinity);
  const bases = [...baselines(column), ...baselines(keys)];
  if (rel.offset !== null) {
    const d = rel.offset;
    if (Math.abs(d) <= step / 2 + 1e-9) return true;
    if ((d === 1900 || d === 2000) && keys.every((t) => t >= 0 && t <= 99)) return true;
    return bases.some((b) => Math.abs(d + b) <= 1e-6 * Math.max(Math.abs(b), Math.abs(d)));
  }
  const f = rel.factor!;
  if (unitChange(f) !== null) return true;
  // divided by a baseline (normalised to the maximum, a share of the sum), or as a percent of it
  return bases.some((b) => b !== 0 && [1 / b, 100 / b].some((g) => Math.abs(f - g) <= 1e-6 * Math.abs(g)));
}

/** A reading of the series that pairs each x with its y: a grouping by x value, or two columns (over all rows or a subset). */
function readAtKeys(s: PlottedSeries, p: Prepared, scale: number): string | null {
  const keys = xKeys(s, p);
  const found = explain(s, keys, p, scale);
  if (found?.byKey) return `${found.cand.desc}${found.scale}`;
  // ...or over rows where two columns take one value each (a hue and a style's line)
  const sub = explainInSubsets(s, keys, p, scale)?.detail.replace(/ by x value$/, "");
  return explainPairs(s, p, scale) ?? sub ?? rowsAsSet(s, p);
}

/**
 * The points as a set of rows (a line through every row, estimator=None, sorted by x): each point
 * one row's (x column, y column) pair exactly, every row of a subset drawn once. Numeric x only.
 */
function rowsAsSet(s: PlottedSeries, p: Prepared): string | null {
  const x = s.x as number[];
  const want = new Map<string, number>();
  x.forEach((t, k) => {
    const key = `${t}\u0000${s.y[k]}`;
    want.set(key, (want.get(key) ?? 0) + 1);
  });
  for (const [xc, xv] of p.numeric) {
    for (const [yc, yv] of p.numeric) {
      if (yc === xc) continue;
      for (const f of p.frames) {
        const rows = f.rows.filter((r) => Number.isFinite(xv[r]!) && Number.isFinite(yv[r]!));
        if (rows.length !== x.length) continue;
        const have = new Map<string, number>();
        for (const r of rows) {
          const key = `${xv[r]}\u0000${yv[r]}`;
          have.set(key, (have.get(key) ?? 0) + 1);
        }
        if (have.size === want.size && [...want].every(([k, n]) => have.get(k) === n))
          return `column ${yc} against column ${xc}${f.desc}, every row once (in another order)`;
      }
    }
  }
  return null;
}

/**
 * Failed checks for the unread series (by index) whose x, taken back to a numeric column's own
 * values, are a reading of the data that pairs each x with its y; empty when none is.
 */
export function xMoved(unread: UnreadSeries[], p: Prepared, scale: number): Map<number, Weighed> {
  const out = new Map<number, Weighed>();
  for (const { i, s } of unread) {
    if (s.kind !== "line" && s.kind !== "bar") continue;
    if (s.truncated || s.x.length < MIN_MOVED || !s.x.every((x) => typeof x === "number" && Number.isFinite(x))) continue;
    if (new Set(s.y).size < 2 || !s.y.every((y) => Number.isFinite(y))) continue;
    const x = s.x as number[];
    // distinct x (a line through every row, estimator=None, repeats them: its pairs are rows)
    const xs = [...new Set(x)].sort((a, b) => a - b);
    if (xs.length < MIN_MOVED || isPositions(xs)) continue;
    for (const [name, v] of [...p.numeric].slice(0, MAX_KEY_COLUMNS)) {
      if (!plausible(xs, v)) continue;
      const keys = distinct(p, v);
      if (keys.length < xs.length) continue;
      const rel = relation(xs, keys);
      if (
        !rel ||
        explained(
          rel,
          keys,
          v.filter((t) => Number.isFinite(t)),
        )
      )
        continue;
      // the series at its keys, point by point in its own order
      const at = new Map(xs.map((t, k) => [t, rel.back[k]!] as const));
      const reading = readAtKeys({ ...s, x: x.map((t) => at.get(t)!) }, p, scale);
      if (!reading) continue;
      out.set(i, {
        status: "fail",
        detail: `the y are ${reading}, but each x is its ${name} ${rel.how} (plotted at ${fmt(xs[0]!)}, ${fmt(xs[1]!)}, ...; the data's ${name} is ${fmt(rel.back[0]!)}, ${fmt(rel.back[1]!)}, ...): the values are not at their own x`,
      });
      break;
    }
  }
  return out;
}

/**
 * The unread series whose x are a key column moved (xMoved), then, of the rest, those whose values
 * stand at keys no row holds them at (keyed-values.ts): one failed check per series, by index.
 */
export function unreadMoved(unread: UnreadSeries[], p: Prepared, scale: number): Map<number, Weighed> {
  const out = xMoved(unread, p, scale);
  for (const [i, w] of keyedValuesMoved(
    unread.filter((u) => !out.has(u.i)),
    p,
  ))
    out.set(i, w);
  return out;
}
