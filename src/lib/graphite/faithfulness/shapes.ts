// Two readings of a series that no single vector explains, both from numeric x: one column
// plotted against another (a scatter of rows; matplotlib draws no point where either is missing,
// so a row counts only where both are present), and a histogram (bar heights are the counts of a
// column's values in bins read from the bar centres, as numpy counts them: each bin half-open, the
// last one closed; or those counts as density, share or percent). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import type { Frame, Prepared } from "./table";
import { close } from "./match";

const MAX_PAIR_COLUMNS = 40;

/** Rows of `f` in file order where both columns are present, as [x, y] vectors. */
function pairs(p: Prepared, f: Frame, xc: string, yc: string): [number[], number[]] {
  const xv = p.numeric.get(xc)!;
  const yv = p.numeric.get(yc)!;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const i of f.rows) {
    if (Number.isFinite(xv[i]!) && Number.isFinite(yv[i]!)) {
      xs.push(xv[i]!);
      ys.push(yv[i]!);
    }
  }
  return [xs, ys];
}

export function explainPairs(s: PlottedSeries, p: Prepared, scale: number): string | null {
  if (!s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const y = s.y;
  const cols = [...p.numeric.keys()].slice(0, MAX_PAIR_COLUMNS);
  for (const f of p.frames) {
    if (f.rows.length < y.length) continue;
    for (const yc of cols) {
      const yv = p.numeric.get(yc)!;
      // cheap filter: the first plotted y must be one of this column's values in this subset
      if (!f.rows.some((i) => close(y[0]!, yv[i]!, scale))) continue;
      for (const xc of cols) {
        if (xc === yc) continue;
        const [xs, ys] = pairs(p, f, xc, yc);
        const n = s.truncated ? Math.min(xs.length, y.length) : xs.length;
        if (n !== y.length) continue;
        if (y.every((v, i) => close(v, ys[i]!, scale) && close(x[i]!, xs[i]!, scale))) {
          return `column ${yc} against column ${xc}${f.desc} (rows where both are present)`;
        }
      }
    }
  }
  return null;
}

/** Bin edges from equally spaced bar centres, or null when the bars are not a regular histogram. */
function edgesFrom(centres: number[]): number[] | null {
  if (centres.length < 2) return null;
  const c = [...centres].sort((a, b) => a - b);
  const w = (c[c.length - 1]! - c[0]!) / (c.length - 1);
  if (!(w > 0)) return null;
  if (c.some((v, i) => Math.abs(v - (c[0]! + i * w)) > 1e-6 * w)) return null;
  return Array.from({ length: c.length + 1 }, (_, i) => c[0]! - w / 2 + i * w);
}

function counts(values: number[], edges: number[]): number[] {
  const n = edges.length - 1;
  const w = edges[1]! - edges[0]!;
  const eps = 1e-7 * w;
  const out = new Array<number>(n).fill(0);
  for (const v of values) {
    if (!Number.isFinite(v) || v < edges[0]! - eps || v > edges[n]! + eps) continue;
    let b = Math.floor((v - edges[0]! + eps) / w);
    if (b >= n) b = n - 1;
    if (b < 0) b = 0;
    out[b]!++;
  }
  return out;
}

export function explainHistogram(s: PlottedSeries, p: Prepared): string | null {
  if (s.kind !== "bar" || s.truncated || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  const edges = edgesFrom(x);
  if (!edges) return null;
  const w = edges[1]! - edges[0]!;
  const order = x.map((v) => Math.round((v - edges[0]! - w / 2) / w));
  for (const f of p.frames) {
    for (const [col, v] of p.numeric) {
      const vals = f.rows.map((i) => v[i]!).filter((t) => Number.isFinite(t));
      if (vals.length === 0) continue;
      const cnt = counts(vals, edges);
      const total = vals.length;
      const inBins = cnt.reduce((a, b) => a + b, 0);
      const readings: Array<[string, (c: number) => number]> = [
        ["counts", (c) => c],
        ["density", (c) => c / (inBins * w)],
        ["share", (c) => c / total],
        ["percent", (c) => (100 * c) / total],
      ];
      for (const [how, fn] of readings) {
        if (s.y.every((yv, i) => close(yv, fn(cnt[order[i]!]!), 1))) {
          return `histogram of ${col}${f.desc} (${how}, ${x.length} bins of width ${+w.toPrecision(6)})`;
        }
      }
    }
  }
  return null;
}
