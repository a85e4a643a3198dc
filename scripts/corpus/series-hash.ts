// What a chart drew, as a hash to compare a twin with its snippet: every measured series of every
// figure, and the same without the parts a random bootstrap changes from run to run (seaborn's
// error bands and two-point error bars: seaborn draws its confidence intervals from an unseeded
// generator, so a twin whose only difference is there does not "draw other data"). Numbers are
// compared to 10 significant digits: a KDE of a column in another row order differs in the last
// bits of its sums, and that is not other data. Pure.
import { createHash } from "node:crypto";
import type { FigureMeasure, PlottedSeries } from "../../src/lib/schema/sandbox";

const rounded = (_k: string, v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Number(v.toPrecision(10)) : v);
const hash = (v: unknown) => createHash("sha1").update(JSON.stringify(v, rounded)).digest("hex");

/** A two-point vertical or horizontal line: an error bar (or a cap), which a bootstrap moves. */
function errorBar(s: PlottedSeries): boolean {
  return s.kind === "line" && s.x.length === 2 && (s.x[0] === s.x[1] || s.y[0] === s.y[1]);
}

export function seriesHashes(figures: FigureMeasure[]): { all: string; stable: string; count: number } {
  const data = figures.map((f) => f.data);
  const stable = data.map((ss) => ss.filter((s) => s.kind !== "band" && !errorBar(s)));
  return { all: hash(data), stable: hash(stable), count: data.reduce((n, ss) => n + ss.length, 0) };
}
