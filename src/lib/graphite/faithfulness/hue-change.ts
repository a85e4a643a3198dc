// A numeric hue column changed before it was drawn (seaborn's hue= on a column moved by a constant
// or stretched): the legend, titled with the column, names the points' colours as numbers that are
// each point's own row's value of that column + d (or × k), not its value. The legend says what
// the colours mean, so a colour named "size 2.74" on a row whose size is 2 misstates the data.
// Three readings of the legend's numbers against the rows: one label per point (a discrete
// legend), a multiset of (value, label) for a strip whose rows are known only as a set, and the
// few points drawn exactly in a colour scale's legend colours (the rest of a scale is not named).
// Evidence only when no column gives the labels as they are, the legend is titled with the
// changed column (spelled as a label may spell it: "Body mass (g)" for body_mass_g), and the
// change is no change of unit and no move by (or division by) a baseline of the column, which a
// deviation chart would show. Pure.
import { baselines } from "./baselines";
import { unitChange } from "./units";
import type { Prepared } from "./table";

const fmt = (v: number, digits = 6) => String(+v.toPrecision(digits));
const letters = (t: string) => t.toLowerCase().replace(/[^a-z0-9]/g, "");
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const sameNum = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** A legend label as a number, or NaN ("2.74", "6.8500000000000005"; not "Male"). */
export const labelNumber = (l: string) => (l.trim() !== "" ? Number(l) : Number.NaN);

/** The numeric columns a legend title names (its letters and digits are the column's). */
export function titledColumns(p: Prepared, titles: readonly string[]): string[] {
  const named = new Set(titles.map(letters).filter((t) => t !== ""));
  return [...p.numeric.keys()].filter((c) => named.has(letters(c)));
}

/**
 * The one change ("+ d" or "× k") that takes every column value v[i] to its label l[i] within
 * tol(l[i]), read from the median difference or ratio; null when none does, when the change is
 * none, a change of unit, or a move by (or a division by) a baseline of `column`.
 */
export function labelChange(
  l: number[],
  v: number[],
  tol: (l: number) => number,
  column: number[],
  digits = 6,
): { text: string; apply: (t: number) => number } | null {
  if (l.length === 0 || l.length !== v.length || !l.every(Number.isFinite) || !v.every(Number.isFinite)) return null;
  const base = baselines(column);
  const d = median(l.map((t, i) => t - v[i]!));
  // a deviation chart subtracts a baseline: v − b
  if (!sameNum(d, 0) && l.every((t, i) => Math.abs(v[i]! + d - t) <= tol(t)) && !base.some((b) => sameNum(d, -b) || sameNum(Math.abs(d), 273.15)))
    return { text: `+ ${fmt(d, digits)}`.replace("+ -", "− "), apply: (t) => t + d };
  const ratios = l.flatMap((t, i) => (v[i] !== 0 ? [t / v[i]!] : []));
  if (ratios.length === 0) return null;
  const k = median(ratios);
  // a normalised chart divides by a baseline (or takes a percent of it)
  if (
    Number.isFinite(k) &&
    Math.abs(k - 1) > 1e-6 &&
    k !== 0 &&
    unitChange(k) === null &&
    !base.some((b) => sameNum(1 / k, Math.abs(b)) || sameNum(100 / k, Math.abs(b))) &&
    l.every((t, i) => Math.abs(v[i]! * k - t) <= tol(t))
  )
    return { text: `× ${fmt(k, digits)}`, apply: (t) => t * k };
  return null;
}

/** Exact, as the legend prints the numbers it was given (a scaled column's 6.8500000000000005). */
const exact = (t: number) => 2e-9 * Math.max(1, Math.abs(t));

/** A few (value, label) pairs, as the detail lists them. */
const listed = (c: string, pairs: Array<[number, number]>) =>
  `${pairs
    .slice(0, 3)
    .map(([v, t]) => `${c} ${fmt(v)} named ${fmt(t)}`)
    .join(", ")}${pairs.length > 3 ? ", ..." : ""}`;

/**
 * Each point's legend label (`labels[k]`, one per point) against its row (`rows[k]`): the column
 * the legend is titled with, changed one way, gives every label. A detail naming the change, or null.
 */
export function changedHueColumn(labels: readonly string[], rows: readonly number[], p: Prepared, titles: readonly string[]): string | null {
  const l = labels.map(labelNumber);
  if (!l.every(Number.isFinite) || new Set(l).size < 2) return null;
  for (const c of titledColumns(p, titles)) {
    const col = p.numeric.get(c)!;
    const v = rows.map((r) => col[r]!);
    const rel = labelChange(l, v, exact, present(col, rows));
    if (rel)
      return `the legend of ${c} names each point's colour as its row's ${c} ${rel.text} (${listed(
        c,
        v.map((t, i) => [t, l[i]!]),
      )}): the colours do not show the data's ${c}`;
  }
  return null;
}

/**
 * A strip's points whose rows are known as a set (`rows`, with `values` the drawn column): the
 * pairs (value, label) are the rows' (value, changed hue column) pairs, every one.
 */
export function changedStripHues(
  y: readonly number[],
  labels: readonly string[],
  rows: readonly number[],
  values: readonly number[],
  p: Prepared,
  titles: readonly string[],
): string | null {
  const l = labels.map(labelNumber);
  if (!l.every(Number.isFinite)) return null;
  const levels = [...new Set(l)].sort((a, b) => a - b);
  if (levels.length < 2) return null;
  const drawn = y.map((t, k) => [t, l[k]!] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const c of titledColumns(p, titles)) {
    const col = p.numeric.get(c)!;
    const held = [...new Set(present(col, rows))].sort((a, b) => a - b);
    if (held.length !== levels.length) continue;
    // the levels sorted are the column's values sorted, changed one way (k < 0 reverses them)
    const rel = labelChange(levels, held, exact, present(col, rows)) ?? labelChange(levels, [...held].reverse(), exact, present(col, rows));
    if (!rel) continue;
    const data = rows.map((r) => [values[r]!, rel.apply(col[r]!)] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (data.every(([v, t], k) => v === drawn[k]![0] && Math.abs(t - drawn[k]![1]) <= 1e-6 * Math.max(1, Math.abs(t))))
      return `the legend of ${c} names the points' colours as their rows' ${c} ${rel.text} (every one of the ${y.length} points, each value with its own row's ${c} changed): the colours do not show the data's ${c}`;
  }
  return null;
}

/**
 * The points drawn exactly in a colour scale's legend colours (`at`: [row, level]; the scale's
 * other colours are named by no legend entry): no column gives the levels as they are, within
 * half the legend's step (seaborn's levels are a tick locator's, and a colour map's 256 colours
 * put a point at a level's colour only within a small part of a step of it), while the titled
 * column changed one way gives each within an eighth of a step.
 */
export function changedHueScale(at: ReadonlyArray<[number, string]>, p: Prepared, titles: readonly string[]): string | null {
  const l = at.map(([, t]) => labelNumber(t));
  if (at.length < 3 || !l.every(Number.isFinite)) return null;
  const levels = [...new Set(l)].sort((a, b) => a - b);
  if (levels.length < 2) return null;
  const step = Math.min(...levels.slice(1).map((t, i) => t - levels[i]!));
  const rows = at.map(([r]) => r);
  const asIs = (c: string) => {
    const col = p.numeric.get(c)!;
    return rows.every((r, i) => Math.abs(col[r]! - l[i]!) <= step / 2);
  };
  if ([...p.numeric.keys()].some(asIs)) return null;
  for (const c of titledColumns(p, titles)) {
    const col = p.numeric.get(c)!;
    const v = rows.map((r) => col[r]!);
    // the levels' colours hold points a little off them: the change is read to three digits
    const rel = labelChange(l, v, () => step / 8, present(col, rows), 3);
    if (rel)
      return `the legend of ${c} shows a colour scale at ${levels.length} levels (${levels
        .slice(0, 4)
        .map((t) => fmt(t))
        .join(
          ", ",
        )}${levels.length > 4 ? ", ..." : ""}), and the ${at.length} points drawn exactly in a level's colour are rows whose ${c} ${rel.text} is that level (${listed(
        c,
        v.map((t, i) => [t, l[i]!]),
      )}), not rows at the level: the colours do not show the data's ${c}`;
  }
  return null;
}

/** A column's values present in these rows (the baselines a deviation chart would take). */
function present(col: number[], rows: readonly number[]): number[] {
  return rows.map((r) => col[r]!).filter((t) => Number.isFinite(t));
}
