// A line drawn sideways: seaborn's lineplot / relplot(kind="line") with orient="y" aggregates x
// by y and draws the estimate at each y in y order, so the keys run up the y axis (sorted) and
// the values along x. Read by rule, not by chart: a line whose y strictly increase (or decrease)
// and whose x are numbers is read with its axes exchanged, and passes only as a per-key aggregate
// matched at every key (a column's mean, or other estimate, by another column), never as values
// in order or as a set, which a sorted key would make too easy. Tried only once the upright
// readings found nothing. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { explain, xKeys } from "./match";
import type { Prepared } from "./table";

/** The line with its axes exchanged when its y could be sorted keys, else null. */
export function turnedLine(s: PlottedSeries): PlottedSeries | null {
  if (s.kind !== "line" || s.truncated || s.y.length < 2 || !s.x.every((x) => typeof x === "number" && Number.isFinite(x))) return null;
  const up = s.y.every((v, i) => i === 0 || v > s.y[i - 1]!);
  const down = s.y.every((v, i) => i === 0 || v < s.y[i - 1]!);
  if (!up && !down) return null;
  return { ...s, x: s.y, y: s.x as number[] };
}

/** "mean of passengers by year by y value, drawn sideways (...)" when the turned line is a per-key aggregate at every key, else null. */
export function explainSidewaysLine(s: PlottedSeries, p: Prepared, scale: number): string | null {
  const turned = turnedLine(s);
  if (!turned) return null;
  const found = explain(turned, xKeys(turned, p), p, scale);
  if (!found?.byKey || !found.cand.groupedBy) return null;
  // matched by key: each y names its group (the upright wording "by x value" would name the wrong axis)
  return `${found.cand.desc}${found.scale} by y value, drawn sideways (the keys up the y axis, the values along x)`;
}
