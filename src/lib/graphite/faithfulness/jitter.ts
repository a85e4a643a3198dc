// A scatter jittered along one axis (regplot's x_jitter, so.Jitter, a strip or swarm on a numeric
// axis with native_scale, so.Dodge): one coordinate is a column's values row by row, the other
// its row's value of a column with few values, moved by less than half the gap between those
// values, so each point still stands nearest its own row's value and nothing else, and centred on
// it (both sides of every value; a column moved or stretched a little is not). Read in the
// file's order (one collection per category keeps it), with the points' legend colours, when they
// have any, a category column's row by row (else the points are not confirmed). The same scatter
// whose exact coordinate is its column moved by a constant or stretched by a factor no change of
// unit gives (no baseline: a deviation chart) is evidence against the chart, and so is the same
// scatter whose jitter is centred on its column moved by a constant further than half the gap
// between its values (cylinders + 0.9 with x_jitter). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { close } from "./match";
import { memo } from "./memo";
import type { Weighed } from "./near";
import { relation } from "./pairs";
import { MAX_PAIR_COLUMNS } from "./shapes";
import type { Frame, Prepared } from "./table";

/** Fewest points read as jittered (a few points near some values say little). */
const MIN_JITTERED = 8;
/** Most distinct values a column may have and still be jittered around (sizes, years, a rounded value). */
const MAX_LEVELS = 40;
/** A point's distance from its row's value, as a share of the gap between the column's values: under half, with a margin. */
const MAX_SHARE = 0.45;

const fmt = (v: number) => String(+v.toPrecision(3));
const sameNum = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

interface Found {
  f: Frame;
  exact: "x" | "y";
  a: string;
  b: string;
  rows: number[];
  dev: number;
  gap: number;
  hue: string | null;
}

/** The smallest gap between a column's distinct values in the whole table, or null when it has 2..MAX_LEVELS of them. */
export function levelGap(p: Prepared, b: string): number | null {
  const col = p.numeric.get(b)!;
  return memo(col, "level gap", () => {
    const v = [...new Set(col.filter((t) => Number.isFinite(t)))].sort((s, t) => s - t);
    if (v.length < 2 || v.length > MAX_LEVELS) return null;
    return Math.min(...v.slice(1).map((t, i) => t - v[i]!));
  });
}

/** Most the points' mean distance from their rows' values may be, as a share of the gap (a dodge of unequal groups is off centre a little). */
const MAX_MEAN_SHARE = 0.15;

/**
 * How unlikely the values whose points all fall on one side may be, together, under a jitter that
 * is centred (each point on either side as a fair coin: n points on one side, 2^(1-n)). A column
 * moved or stretched puts every value's points on one side; a jitter does that only at values with
 * few points (regplot's x_jitter puts 3 points on one side one draw in 4), which says nothing.
 */
const MIN_ONE_SIDED_CHANCE = 1e-3;

/**
 * Whether the moves from each row's value are centred on it: on both sides at the values, unless
 * chance explains the values that are not, and on average near it. A column moved by a constant or
 * stretched is not.
 */
function centred(j: readonly number[], b: number[], gap: number): boolean {
  const sides = new Map<number, [number, number, number]>();
  let sum = 0;
  b.forEach((v, k) => {
    const d = j[k]! - v;
    sum += d;
    const t = sides.get(v) ?? [0, 0, 0];
    t[0]++;
    if (d < 0) t[1]++;
    if (d > 0) t[2]++;
    sides.set(v, t);
  });
  let logChance = 0;
  for (const [n, lo, hi] of sides.values()) if (n >= 2 && (lo === 0 || hi === 0)) logChance += (1 - n) * Math.LN2;
  return Math.abs(sum / b.length) <= MAX_MEAN_SHARE * gap && logChance > Math.log(MIN_ONE_SIDED_CHANCE);
}

/** The category column whose value at each row is the point's legend colour, or null (none, or colours not all named). */
function hueColumn(s: PlottedSeries, rows: number[], p: Prepared): string | null | false {
  const hues = s.pointHues;
  if (!hues || hues.every((h) => h === null)) return null;
  // a colour scale the legend names only at a few levels is not read
  if (hues.some((h) => h === null)) return false;
  for (const [h, keys] of p.categorical) if (rows.every((r, k) => keys[r] === hues[k])) return h;
  return false;
}

/**
 * A scatter of enough numeric points to be read as jittered rows: the columns tried, the level gap
 * of each (null for a column of too many or too few values), and the two ways round (which axis is
 * exact, its values, the jittered values).
 */
function readable(s: PlottedSeries, p: Prepared) {
  if (s.kind !== "scatter" || s.truncated || s.y.length < MIN_JITTERED || !s.x.every((x) => typeof x === "number")) return null;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  const gaps = new Map(cols.map((b) => [b, levelGap(p, b)] as const));
  const ways = [
    ["y", s.y, s.x as number[]],
    ["x", s.x as number[], s.y],
  ] as const;
  return { cols, gaps, n: s.y.length, ways };
}

/**
 * Each way the points may be jittered rows: a frame, the exact axis and its column, the jittered
 * column; `exactFits` says whether the exact values fit that column's (as they are, or changed).
 */
function* jittered(s: PlottedSeries, p: Prepared, exactFits: (e: number[], col: number[]) => boolean): Generator<Found> {
  const r = readable(s, p);
  if (!r) return;
  const { cols, gaps, n } = r;
  for (const [exact, e, j] of r.ways) {
    for (const b of cols) {
      const gap = gaps.get(b);
      if (!gap) continue;
      const bv = p.numeric.get(b)!;
      for (const f of p.frames) {
        if (f.rows.length < n) continue;
        for (const a of cols) {
          if (a === b) continue;
          const av = p.numeric.get(a)!;
          const rows = f.rows.filter((r) => Number.isFinite(av[r]!) && Number.isFinite(bv[r]!));
          if (rows.length !== n) continue;
          // cheap first: the first point near its row's value
          if (Math.abs(j[0]! - bv[rows[0]!]!) >= MAX_SHARE * gap) continue;
          let dev = 0;
          let ok = true;
          for (let k = 0; k < n && ok; k++) {
            const d = Math.abs(j[k]! - bv[rows[k]!]!);
            dev = Math.max(dev, d);
            ok = d < MAX_SHARE * gap;
          }
          // no jitter at all is a plain scatter, read elsewhere; a jitter (or a dodge) is centred on
          // each value, while a column moved or stretched a little moves every point one way
          if (
            !ok ||
            dev === 0 ||
            !centred(
              j,
              rows.map((r) => bv[r]!),
              gap,
            )
          )
            continue;
          if (
            !exactFits(
              e as number[],
              rows.map((r) => av[r]!),
            )
          )
            continue;
          const hue = hueColumn(s, rows, p);
          if (hue === false) continue;
          yield { f, exact, a, b, rows, dev, gap, hue };
        }
      }
    }
  }
}

export function explainJittered(s: PlottedSeries, p: Prepared, scale: number): string | null {
  for (const m of jittered(s, p, (e, col) => e.every((t, k) => close(t, col[k]!, scale)))) {
    const other = m.exact === "y" ? "x" : "y";
    return `column ${m.exact === "y" ? m.a : m.b} against column ${m.exact === "y" ? m.b : m.a}${m.f.desc}, the ${other} jittered: each point its row's pair, every ${other} within ${fmt(m.dev)} of its row's ${m.b} (under half the ${fmt(m.gap)} between ${m.b}'s values)${m.hue ? `, coloured by ${m.hue} row by row` : ""}`;
  }
  return null;
}

/** Jittered rows whose exact coordinate is its column moved or stretched: evidence, naming the change. */
export function jitteredChanged(s: PlottedSeries, p: Prepared): Weighed | null {
  let rel: string | null = null;
  const fits = (e: number[], col: number[]) => {
    rel = relation(e, col);
    if (!rel) return false;
    const base = baselines(col);
    if (rel.startsWith("×")) {
      const i = col.findIndex((t) => t !== 0);
      const k = e[i]! / col[i]!;
      return !base.some((b) => sameNum(1 / k, Math.abs(b)) || sameNum(100 / k, Math.abs(b)));
    }
    return !base.some((b) => sameNum(e[0]! - col[0]!, -b));
  };
  for (const m of jittered(s, p, fits)) {
    const other = m.exact === "y" ? "x" : "y";
    return {
      status: "fail",
      detail: `the ${other} are each row's ${m.b}${m.f.desc} jittered (within ${fmt(m.dev)}), but each ${m.exact} is its row's ${m.a} ${rel}: the points are not the data's (${m.exact === "y" ? m.b : m.a}, ${m.exact === "y" ? m.a : m.b}) pairs`,
    };
  }
  return jitteredMoved(s, p);
}

/**
 * Jittered rows whose jittered coordinate is its column moved by a constant: the exact coordinate
 * is a column row by row, and each other coordinate its row's value of a column with few values
 * + d, spread around that moved value as a jitter is (both sides, under half the gap). Only a move
 * that takes every point more than half the gap from its own row's value is evidence: a dodge, or
 * a move of half a step (size + 0.5), stays in the value's slot, and a baseline of the column
 * (its minimum, mean) is a deviation chart.
 */
export function jitteredMoved(s: PlottedSeries, p: Prepared): Weighed | null {
  const r = readable(s, p);
  if (!r) return null;
  const { cols, gaps, n } = r;
  for (const [exact, e, j] of r.ways) {
    for (const f of p.frames) {
      if (f.rows.length < n) continue;
      for (const a of cols) {
        const av = p.numeric.get(a)!;
        for (const b of cols) {
          if (a === b) continue;
          const gap = gaps.get(b);
          if (!gap) continue;
          const bv = p.numeric.get(b)!;
          // the exact coordinate as it is, to the relative tolerance (no scale: a jitter's points
          // are few): its first point before the rows are gathered (big tables)
          const first = f.rows.find((r) => Number.isFinite(av[r]!) && Number.isFinite(bv[r]!));
          if (first === undefined || !close(e[0]!, av[first]!, 0)) continue;
          const rows = f.rows.filter((r) => Number.isFinite(av[r]!) && Number.isFinite(bv[r]!));
          if (rows.length !== n) continue;
          if (!e.every((t, k) => close(t, av[rows[k]!]!, 0))) continue;
          const d = j.map((t, k) => t - bv[rows[k]!]!);
          // the move is the middle of the spread (a jitter reaches as far each way), told to 2 digits
          const m = (Math.min(...d) + Math.max(...d)) / 2;
          const dev = Math.max(...d.map((t) => Math.abs(t - m)));
          if (dev === 0 || dev >= MAX_SHARE * gap || Math.abs(m) - dev <= gap / 2) continue;
          const moved = rows.map((r) => bv[r]! + m);
          if (!centred(j, moved, gap)) continue;
          const present = f.rows.map((r) => bv[r]!).filter((t) => Number.isFinite(t));
          // the move is known only to within the jitter: any baseline it may be is a deviation chart
          if (baselines(present).some((t) => Math.abs(m + t) <= dev)) continue;
          const other = exact === "y" ? "x" : "y";
          const rel = m > 0 ? `+ about ${+m.toPrecision(2)}` : `− about ${+(-m).toPrecision(2)}`;
          return {
            status: "fail",
            detail: `the ${exact} are column ${a}${f.desc} row by row, but each ${other} is its row's ${b} ${rel}, jittered (within ${fmt(dev)}): every point stands more than half the ${fmt(gap)} between ${b}'s values from its own row's ${b}, so the points are not the data's (${exact === "y" ? b : a}, ${exact === "y" ? a : b}) pairs`,
          };
        }
      }
    }
  }
  return null;
}
