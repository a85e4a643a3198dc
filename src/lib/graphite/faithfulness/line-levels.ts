// Lines of per-x means of one column, one line per level (or pair of levels) of the columns the
// legend is titled with (seaborn's lineplot / relplot(kind="line") with hue= and style=, their
// error bands aside), that no reading gives. Where every level has as many rows at each x (a
// balanced design: subjects measured at every timepoint), which line is which level does not
// matter for two readings that need no assignment:
// - the lines' values, weighted by those sizes, add up to the column's total exactly while at
//   some x they are not the levels' means there: every value still stands in some group, in
//   another group than its row's (the column shuffled across rows);
// - at every x the lines' values, sorted, are the levels' means there, sorted, all moved by one
//   constant that is no baseline of the column (its mean, median, first value, ...) or all
//   stretched by one factor no change of unit gives: the column's values changed.
// The legend's titles say which columns the lines are levels of (seaborn's hue and style lines
// carry no label); as many lines as levels, and the x must be a numeric column's values. A
// different grouping, a filter, another estimator or a derived column misses the sizes, the total
// or the constant, and claims nothing. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import type { Weighed } from "./near";
import type { Prepared } from "./table";
import { unitChange } from "./units";

/** Most level columns combined (seaborn's hue and style). */
const MAX_KEYS = 2;
/** Fewest x and lines before a reading over them is evidence. */
const MIN_X = 5;
/** The total must match to this share of the column's sum of magnitudes (floating point only). */
const EXACT = 1e-9;
/** A difference from the levels' means smaller than this share of the column's sd is none. */
const DIFFERS = 1e-6;

const fmt = (v: number) => String(+v.toPrecision(4));

interface Line {
  i: number;
  at: Map<number, number>;
}

/**
 * Failed checks for the open lines (by series index) of each axes whose levels show other rows' or
 * changed values, as above; empty when nothing is evidence. `open(i)`: series i has no reading yet.
 */
export function lineLevelsMoved(series: PlottedSeries[], p: Prepared, legendTitles: string[], open: (i: number) => boolean): Map<number, Weighed> {
  const out = new Map<number, Weighed>();
  const titled = [...new Set(legendTitles.map((t) => t.trim()))].filter((t) => (p.categorical.get(t) ?? [null]).every((k) => k !== null));
  if (titled.length === 0) return out;
  const byAxes = new Map<number, Line[]>();
  series.forEach((s, i) => {
    if (s.kind !== "line") return;
    const list = byAxes.get(s.axes) ?? [];
    const ok = !s.truncated && s.x.every((x) => typeof x === "number") && s.y.every((y) => Number.isFinite(y));
    list.push({ i, at: ok ? new Map((s.x as number[]).map((x, k) => [x, s.y[k]!])) : new Map() });
    byAxes.set(s.axes, list);
  });
  for (const lines of byAxes.values()) {
    if (lines.length < 2 || !lines.some((l) => open(l.i)) || lines.some((l) => l.at.size === 0)) continue;
    const found = onAxes(lines, p, titled);
    if (found) for (const l of lines) if (open(l.i)) out.set(l.i, found);
  }
  return out;
}

/** Every non-empty choice of at most MAX_KEYS of the titled columns. */
function keySets(titled: string[]): string[][] {
  const out: string[][] = titled.map((t) => [t]);
  if (MAX_KEYS >= 2) for (let a = 0; a < titled.length; a++) for (let b = a + 1; b < titled.length; b++) out.push([titled[a]!, titled[b]!]);
  return out;
}

function onAxes(lines: Line[], p: Prepared, titled: string[]): Weighed | null {
  const rows = p.frames[0]!.rows;
  const xs = [...new Set(lines.flatMap((l) => [...l.at.keys()]))].sort((a, b) => a - b);
  if (xs.length < MIN_X) return null;
  for (const keys of keySets(titled)) {
    const cats = keys.map((k) => p.categorical.get(k)!);
    const level = (r: number) => cats.map((c) => c[r]).join("\u0000");
    const levels = new Set(rows.map(level));
    if (levels.size !== lines.length) continue;
    for (const [kcol, kv] of p.numeric) {
      // the x are exactly this column's values in the rows
      const kx = [...new Set(rows.map((r) => kv[r]!).filter((t) => Number.isFinite(t)))].sort((a, b) => a - b);
      if (kx.length !== xs.length || !kx.every((t, j) => t === xs[j])) continue;
      for (const [col, v] of p.numeric) {
        if (col === kcol) continue;
        const w = weigh(lines, rows, xs, kv, v, level, col, keys, kcol);
        if (w) return w;
      }
    }
  }
  return null;
}

function weigh(
  lines: Line[],
  rows: number[],
  xs: number[],
  kv: number[],
  v: number[],
  level: (r: number) => string,
  col: string,
  keys: string[],
  kcol: string,
): Weighed | null {
  // per x: each level's sum and count of the column's values present
  const groups = new Map<number, Map<string, [number, number]>>();
  let total = 0;
  let magnitude = 0;
  const vals: number[] = [];
  for (const r of rows) {
    const x = kv[r]!;
    const y = v[r]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    total += y;
    magnitude += Math.abs(y);
    vals.push(y);
    const g = groups.get(x) ?? new Map<string, [number, number]>();
    const c = g.get(level(r)) ?? [0, 0];
    g.set(level(r), [c[0] + y, c[1] + 1]);
    groups.set(x, g);
  }
  if (vals.length < 2) return null;
  const mu = total / vals.length;
  const sd = Math.sqrt(vals.reduce((a, b) => a + (b - mu) ** 2, 0) / (vals.length - 1));
  if (!(sd > 0)) return null;
  let weighted = 0;
  const pairs: Array<{ x: number; drawn: number[]; means: number[] }> = [];
  for (const x of xs) {
    const g = groups.get(x);
    const drawn = lines.filter((l) => l.at.has(x)).map((l) => l.at.get(x)!);
    if (!g || g.size !== drawn.length) return null;
    const sizes = [...g.values()].map((c) => c[1]);
    // balanced at this x: every level as many rows, so no assignment of lines to levels is needed
    if (!sizes.every((n) => n === sizes[0])) return null;
    weighted += sizes[0]! * drawn.reduce((a, b) => a + b, 0);
    pairs.push({ x, drawn: drawn.sort((a, b) => a - b), means: [...g.values()].map((c) => c[0] / c[1]).sort((a, b) => a - b) });
  }
  const groupsOf = `the ${keys.join(" × ")} levels' mean of ${col} by ${kcol}`;
  const off = pairs.find((q) => q.drawn.some((y, j) => Math.abs(y - q.means[j]!) > DIFFERS * sd));
  if (!off) return null; // the levels' own means: another reading's business
  if (Math.abs(weighted - total) <= EXACT * magnitude) {
    return {
      status: "fail",
      detail: `the ${lines.length} lines' values, weighted by the ${keys.join(" × ")} levels' sizes at each ${kcol}, add up to the total of ${col} exactly, so together they hold its values, but at ${kcol} = ${fmt(off.x)} they are ${off.drawn.map(fmt).join(", ")} while ${groupsOf} there are ${off.means.map(fmt).join(", ")}: the values of ${col} were moved between rows (shuffled), so the lines show other rows' values`,
    };
  }
  // one constant or one factor at every x
  const d = off.drawn[0]! - off.means[0]!;
  const tol = 1e-9 * (Math.abs(mu) + sd);
  const moved = pairs.every((q) => q.drawn.every((y, j) => Math.abs(y - q.means[j]! - d) <= tol + 1e-9 * Math.abs(y)));
  if (moved && !baselines(vals).some((b) => Math.abs(d + b) <= 1e-6 * Math.max(Math.abs(b), Math.abs(d)))) {
    return {
      status: "fail",
      detail: `at every ${kcol} the lines' values are ${groupsOf} ${`+ ${fmt(d)}`.replace("+ -", "− ")} (at ${kcol} = ${fmt(off.x)}: ${off.drawn.map(fmt).join(", ")} where the data's are ${off.means.map(fmt).join(", ")}): the data's means moved by one constant, and no baseline of ${col} gives it`,
    };
  }
  const nonzero = pairs.flatMap((q) => q.drawn.map((y, j) => [y, q.means[j]!] as const)).filter(([, m]) => Math.abs(m) > 1e-12);
  if (nonzero.length < MIN_X) return null;
  const k = nonzero[0]![0] / nonzero[0]![1];
  const stretched = Math.abs(k - 1) > 1e-6 && nonzero.every(([y, m]) => Math.abs(y - k * m) <= 1e-9 * Math.max(Math.abs(y), 1e-300) + tol);
  if (stretched && k > 0 && unitChange(k) === null) {
    return {
      status: "fail",
      detail: `at every ${kcol} the lines' values are ${groupsOf} × ${fmt(k)} (at ${kcol} = ${fmt(off.x)}: ${off.drawn.map(fmt).join(", ")} where the data's are ${off.means.map(fmt).join(", ")}): the data's means stretched by one factor, and no change of unit gives it`,
    };
  }
  return null;
}
