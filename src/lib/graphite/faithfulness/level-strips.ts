// Points of a strip or swarm drawn on a numeric axis at one value of a column with few values
// (seaborn's stripplot, swarmplot or catplot with native_scale=True: one collection per value, y
// = size spread around 2): one coordinate stands within under half the gap between that column's
// values of one of them, v, and the other is a column's values. Confirmed when those are, as a
// set, every value of the column in the rows where the level column is v. Evidence against the
// chart when they are as many as those rows hold but each moved by one constant or stretched by
// one factor (no change of unit, no baseline of the column), or values of the column from other
// rows (the column shuffled across rows). A subset of the rows (another count) is never evidence.
// Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { changedSorted } from "./changed-pairs";
import { levelGap } from "./jitter";
import { close } from "./match";
import type { Weighed } from "./near";
import { within } from "./shape-evidence";
import { MAX_PAIR_COLUMNS } from "./shapes";
import type { Prepared } from "./table";

/** Fewest points (three of them distinct) read at one level. */
const MIN_POINTS = 5;
/** A point's distance from the level, as a share of the gap between the column's values (as jitter.ts). */
const MAX_SHARE = 0.45;

const fmt = (v: number) => String(+v.toPrecision(6));
const ascending = (v: readonly number[]) => [...v].sort((a, b) => a - b);

/** One scatter read at one level of a numeric column: pass, fail naming what differs, or null. */
export function weighLevelStrip(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  if (s.kind !== "scatter" || s.truncated || s.y.length < MIN_POINTS || !s.x.every((x) => typeof x === "number")) return null;
  const n = s.y.length;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  for (const [axis, spread, values] of [
    ["y", s.y, s.x as number[]],
    ["x", s.x as number[], s.y],
  ] as const) {
    if (new Set(values).size < 3) continue;
    const lo = Math.min(...spread);
    const hi = Math.max(...spread);
    const mid = (lo + hi) / 2;
    for (const b of cols) {
      const gap = levelGap(p, b);
      if (!gap || hi - lo >= 2 * MAX_SHARE * gap) continue;
      const bv = p.numeric.get(b)!;
      // the level the points straddle: the column's value nearest their middle, every point near it
      let v = Number.NaN;
      for (const t of bv) if (Number.isFinite(t) && (Number.isNaN(v) || Math.abs(t - mid) < Math.abs(v - mid))) v = t;
      if (!spread.every((t) => Math.abs(t - v) < MAX_SHARE * gap)) continue;
      const rows: number[] = [];
      bv.forEach((t, i) => {
        if (t === v) rows.push(i);
      });
      if (rows.length < n) continue;
      const drawn = ascending(values);
      for (const a of cols) {
        if (a === b) continue;
        const av = p.numeric.get(a)!;
        const have = ascending(rows.map((i) => av[i]!).filter((t) => Number.isFinite(t)));
        if (have.length !== n) continue;
        const where = `${a} where ${b} == ${fmt(v)}`;
        if (have.every((t, i) => close(drawn[i]!, t, scale)))
          return {
            status: "pass",
            detail: `match values of ${where} (points spread around ${b} = ${fmt(v)} on the ${axis} axis, as a strip or swarm on its own scale draws them)`,
          };
        const moved = changedSorted(drawn, have);
        if (moved)
          return { status: "fail", detail: `the ${n} points at ${b} = ${fmt(v)} are the ${n} values of ${where} each ${moved}: not the data's values` };
        const column = ascending(av.filter((t) => Number.isFinite(t)));
        if (within(column, drawn, scale)) {
          const own = values.filter((t) => have.some((h) => close(t, h, scale))).length;
          if (own === n) continue;
          return {
            status: "fail",
            detail: `the ${n} points at ${b} = ${fmt(v)} are values of ${a}, as many as ${where} has, but ${n - own} of them are no value of ${where}: values from other rows (a column shuffled across rows?)`,
          };
        }
      }
    }
  }
  return null;
}
