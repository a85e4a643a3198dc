// A strip or swarm of one column with no category axis (seaborn's stripplot(x=col) or
// swarmplot(x=col)): one axis holds every value of the column, the other only spreads the points
// around one position (jitter, or a swarm's offsets). The values are compared as a set of rows
// (a swarm draws them in its own order); the spread is checked to be no column of the data, so a
// scatter of two real columns is never taken for a strip. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { changedSorted } from "./changed-pairs";
import { sameX } from "./shapes";
import type { Prepared } from "./table";

/** seaborn spreads a strip at most 0.4 either side of its position (jitter, swarm width 0.8). */
const MAX_SPREAD = 0.5;
/** Points a strip needs before its values, moved, are evidence against it. */
const MIN_EVIDENCE = 20;

type Axes = { values: number[]; spread: number[]; axis: "x" | "y" };

function orientations(s: PlottedSeries): Axes[] {
  if (s.kind !== "scatter" || s.y.length === 0 || !s.x.every((x) => typeof x === "number")) return [];
  const x = s.x as number[];
  const atOnePosition = (v: number[]) => {
    const c = Math.round(v.reduce((a, b) => a + b, 0) / v.length);
    return v.every((t) => Number.isFinite(t) && Math.abs(t - c) < MAX_SPREAD);
  };
  const out: Axes[] = [];
  if (atOnePosition(s.y)) out.push({ values: x, spread: s.y, axis: "x" });
  if (atOnePosition(x)) out.push({ values: s.y, spread: x, axis: "y" });
  return out;
}

const sorted = (v: number[]) => [...v].sort((a, b) => a - b);

/**
 * True when `v` (sorted) is, as a set of rows, some column's values in some subset, or those
 * values moved or stretched: then the "spread" is data (a scatter of two columns), not jitter.
 */
function isAColumn(v: number[], p: Prepared): boolean {
  for (const { have } of columnSets(p, v.length)) if (have.every((t, i) => sameX(t, v[i]!)) || changedSorted(v, have)) return true;
  return false;
}

/** The columns' present values in each subset, sorted, with the description of where they come from. */
function* columnSets(p: Prepared, n: number): Generator<{ what: string; have: number[] }> {
  for (const f of p.frames)
    for (const [c, col] of p.numeric) {
      const have = f.rows.map((i) => col[i]!).filter((t) => Number.isFinite(t));
      if (have.length === n) yield { what: `${c}${f.desc}`, have: sorted(have) };
    }
}

export function explainStrip(s: PlottedSeries, p: Prepared): string | null {
  if (s.truncated) return null;
  for (const { values, spread, axis } of orientations(s)) {
    const v = sorted(values);
    if (isAColumn(sorted(spread), p)) continue;
    for (const { what, have } of columnSets(p, v.length))
      if (have.every((t, i) => sameX(t, v[i]!)))
        return `every value of ${what} along ${axis}, the other axis only spreading them around one position (a strip or swarm of its rows)`;
  }
  return null;
}

/** A strip whose values are exactly a column's moved or stretched (no change of unit): unfaithful, with the change named. */
export function stripEvidence(s: PlottedSeries, p: Prepared): { status: "fail"; detail: string } | null {
  if (s.truncated || s.y.length < MIN_EVIDENCE) return null;
  for (const { values, spread, axis } of orientations(s)) {
    const v = sorted(values);
    if (new Set(v).size < 5 || isAColumn(sorted(spread), p)) continue;
    for (const { what, have } of columnSets(p, v.length)) {
      const moved = changedSorted(v, have);
      if (moved) return { status: "fail", detail: `the points along ${axis} are the values of ${what} ${moved} (a strip or swarm): not the data's values` };
    }
  }
  return null;
}
