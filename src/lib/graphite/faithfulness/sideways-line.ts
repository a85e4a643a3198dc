// A line drawn sideways: seaborn's lineplot / relplot(kind="line") with orient="y" aggregates x
// by y and draws the estimate at each y in y order, so the keys run up the y axis (sorted) and
// the values along x. Read by rule, not by chart: a line whose y strictly increase (or decrease)
// and whose x are numbers is read with its axes exchanged, and passes only as a per-key aggregate
// matched at every key (a column's mean, or other estimate, by another column), never as values
// in order or as a set, which a sorted key would make too easy. Tried only once the upright
// readings found nothing; evidence against it (the turned line weighed as an upright one) only
// once nothing upright confirmed or failed the line. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { weigh } from "./evidence";
import { explain, xKeys } from "./match";
import { memo } from "./memo";
import type { Weighed } from "./near";
import type { Prepared } from "./table";

/** The line with its axes exchanged when its y could be sorted keys, else null. */
export function turnedLine(s: PlottedSeries): PlottedSeries | null {
  if (s.kind !== "line" || s.truncated || s.y.length < 2 || !s.x.every((x) => typeof x === "number" && Number.isFinite(x))) return null;
  const up = s.y.every((v, i) => i === 0 || v > s.y[i - 1]!);
  const down = s.y.every((v, i) => i === 0 || v < s.y[i - 1]!);
  if (!up && !down) return null;
  return { ...s, x: s.y, y: s.x as number[] };
}

/** Each numeric column's values as a set, once per table. */
function keySets(p: Prepared): Array<Set<number>> {
  return memo(p.numeric, "sideways line keys", () => [...p.numeric.values()].map((v) => new Set(v.filter((t) => Number.isFinite(t)))));
}

/** How many of the line's y are values of the one numeric column holding the most of them: keys
 * drawn up the y axis are a column's values, which a fitted line, a cumulative share or a density
 * almost never are (so the turned readings, a full search each, are not tried on those). */
function keysHeld(y: number[], p: Prepared): number {
  let best = 0;
  for (const set of keySets(p)) {
    let n = 0;
    for (const v of y) if (set.has(v)) n++;
    if (n > best) best = n;
  }
  return best;
}

/** "mean of passengers by year by y value, drawn sideways (...)" when the turned line is a per-key aggregate at every key, else null. */
export function explainSidewaysLine(s: PlottedSeries, p: Prepared, scale: number): string | null {
  const turned = turnedLine(s);
  // every key a value of one column: a per-key aggregate at every key needs no less
  if (!turned || keysHeld(s.y, p) < s.y.length) return null;
  const found = explain(turned, xKeys(turned, p), p, scale);
  if (!found?.byKey || !found.cand.groupedBy) return null;
  // matched by key: each y names its group (the upright wording "by x value" would name the wrong axis)
  return `${found.cand.desc}${found.scale} by y value, drawn sideways (the keys up the y axis, the values along x)`;
}

/** The detail's axes named as drawn: the turned line's x are the chart's y and its y the chart's x. */
function swapAxes(detail: string): string {
  return detail.replace(/\b([xy])\b/g, (m) => (m === "x" ? "y" : "x"));
}

/**
 * Evidence against a line that may be drawn sideways, once no reading confirmed it and nothing
 * upright showed it wrong: the turned line weighed as an upright one, kept only when that fails
 * (its values a per-key aggregate scaled by no change of unit, its keys moved, ...). The detail
 * names the axes as drawn and says the line was read sideways.
 */
export function sidewaysLineEvidence(s: PlottedSeries, p: Prepared, scale: number, whole?: Prepared): Weighed | null {
  const turned = turnedLine(s);
  // at least half the keys a column's values (keys shifted by a few steps keep most of them)
  if (!turned || 2 * keysHeld(s.y, p) < s.y.length) return null;
  const w = weigh(turned, xKeys(turned, p), p, scale, false, whole);
  if (w.status !== "fail") return null;
  return { ...w, detail: `${swapAxes(w.detail)} (read sideways: the keys up the y axis, the values along x)` };
}
