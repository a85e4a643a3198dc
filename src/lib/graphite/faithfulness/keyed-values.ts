// A line or bars no reading gives, each of whose points stands at a key (a year, a month's label)
// with a value that is exactly one of a column's values, yet most points are no row's pair: no
// row has that key and that value. The values are the data's, the keys they stand at are not
// theirs: the column was moved between rows (shuffled). A reading of rows (one subset's values by
// year) pairs every point with its row; an aggregate (a mean, a sum) is almost never exactly one
// of the column's values at many keys. So it is evidence only when every y is exact (no unit, no
// tolerance), with MIN_POINTS points and as many distinct values, and when no column that holds
// every x as its values pairs the points with rows (a chart keyed by another column than the one
// tried is read by that one), and never when the values could be counts of rows (whole numbers no
// larger than the table). x that are row positions (0..n-1, 1..n) name no key; labels that are a
// category's values cut to three letters (months as %b writes them) name its values. Pure apart
// from the table's memo (faithfulness/memo).
import type { PlottedSeries } from "../../schema/sandbox";
import { memo, memo2 } from "./memo";
import type { Weighed } from "./near";
import type { Prepared } from "./table";

/** Fewest points, and distinct values, before pairs from other rows are evidence. */
export const MIN_POINTS = 8;

/** Letters a label abbreviating a category value keeps. */
const ABBREVIATED = 3;

const fmt = (v: number) => String(+v.toPrecision(6));
const isPositions = (v: number[]) => v.every((t, i) => t === i) || v.every((t, i) => t === i + 1);

/** A key as text: 1949 and "1949" name the same key. */
const norm = (k: string | number) => (typeof k === "number" ? String(k) : k.trim());

interface KeyColumn {
  name: string;
  /** the labels are the values cut to three letters */
  short?: boolean;
  /** each row's key as text, null for a gap */
  keys: Array<string | null>;
}

/** Every column that could key the x: its values (as text) hold every plotted x. */
function keyColumns(p: Prepared, xs: string[]): KeyColumn[] {
  const out: KeyColumn[] = [];
  const cols: KeyColumn[] = [
    ...[...p.categorical].map(([name, keys]) => ({ name, keys })),
    ...[...p.numeric]
      .filter(([name]) => !p.categorical.has(name))
      .map(([name, v]) => ({ name, keys: memo(v, "as keys", () => v.map((t) => (Number.isFinite(t) ? String(t) : null))) })),
  ];
  for (const c of cols) {
    const have = memo(c.keys, "key set", () => new Set(c.keys.filter((k): k is string => k !== null)));
    if (xs.every((x) => have.has(x))) {
      out.push(c);
      continue;
    }
    // labels that abbreviate the values to their first three letters ("Jan" for "January", as
    // strftime's %b and many loaders write months), when that names each value apart
    const short = new Set([...have].map((k) => k.slice(0, ABBREVIATED)));
    if (p.categorical.has(c.name) && short.size === have.size && xs.every((x) => short.has(x)))
      out.push({ name: c.name, short: true, keys: memo(c.keys, "abbreviated", () => c.keys.map((k) => (k === null ? null : k.slice(0, ABBREVIATED)))) });
  }
  return out;
}

/** The (key, value) pairs of the rows, as text "key\u0000value". */
function rowPairs(key: KeyColumn, v: number[]): Set<string> {
  return memo2(key.keys, v, "row pairs", () => {
    const out = new Set<string>();
    key.keys.forEach((k, r) => {
      if (k !== null && Number.isFinite(v[r]!)) out.add(`${k}\u0000${v[r]}`);
    });
    return out;
  });
}

/**
 * Failed checks for the series (by index) whose points are a column's values at keys none of its
 * rows holds them at, as above; empty when none is.
 */
export function keyedValuesMoved(unread: Array<{ i: number; s: PlottedSeries }>, p: Prepared): Map<number, Weighed> {
  const out = new Map<number, Weighed>();
  for (const { i, s } of unread) {
    if ((s.kind !== "line" && s.kind !== "bar") || s.truncated || s.y.length < MIN_POINTS) continue;
    if (!s.y.every((y) => Number.isFinite(y)) || new Set(s.y).size < MIN_POINTS) continue;
    // whole numbers no larger than the table could be counts of rows (an unread histogram's bars),
    // which any whole-number column may hold by chance
    if (s.y.every((y) => Number.isInteger(y) && y >= 0 && y <= p.rowCount)) continue;
    const numericX = s.x.every((x) => typeof x === "number");
    if (numericX && isPositions([...(s.x as number[])].sort((a, b) => a - b))) continue;
    const xs = s.x.map(norm);
    if (new Set(xs).size < MIN_POINTS) continue;
    // the value columns every y is exactly a value of (first: it rules out most series at once)
    const values = [...p.numeric].filter(([, v]) => {
      // a native scan for the first value before any set is built (most series stop here)
      if (!v.includes(s.y[0]!)) return false;
      const have = memo(v, "value set", () => new Set(v));
      return s.y.every((y) => have.has(y));
    });
    if (values.length === 0) continue;
    const keys = keyColumns(p, xs);
    if (keys.length === 0) continue;
    let paired = false;
    let found: { key: string; col: string; own: number; at: number; short: boolean } | null = null;
    for (const key of keys) {
      for (const [col, v] of values) {
        if (col === key.name) continue;
        const pairs = rowPairs(key, v);
        const ownAt = s.y.map((y, k) => pairs.has(`${xs[k]}\u0000${y}`));
        const own = ownAt.filter(Boolean).length;
        // the points are rows under some key: a reading of rows, not evidence
        if (own * 2 >= s.y.length) paired = true;
        else if (!found) found = { key: key.name, col, own, at: ownAt.indexOf(false), short: key.short === true };
      }
      if (paired) break;
    }
    if (paired || !found) continue;
    const n = s.y.length;
    const k = found.at;
    out.set(i, {
      status: "fail",
      detail: `every y is a value of ${found.col} and every x a value of ${found.key}${found.short ? " (its first three letters)" : ""}, but ${n - found.own} of the ${n} points pair them from no row (at ${found.key} = ${xs[k]}: ${fmt(s.y[k]!)}, which no row with that ${found.key} holds): the values of ${found.col} were moved between rows (shuffled)`,
    });
  }
  return out;
}
