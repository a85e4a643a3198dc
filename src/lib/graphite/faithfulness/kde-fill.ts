// A hue's kernel densities filled to the whole height (seaborn's kdeplot / displot(kind="kde")
// with multiple="fill"): at each x of the common grid, each level's band is its share of all the
// levels' densities, n_l f_l(x) / sum_j n_j f_j(x) with seaborn's common_norm (each level weighted
// by its rows), or f_l(x) / sum_j f_j(x) without it; f_l is the level's Gaussian density at Scott's
// bandwidth, as scipy's gaussian_kde fits it on the level's own values. The band (its thickness
// once stacked) is confirmed point by point against one level's share of one category column's
// levels, all of them: a chart that left a level out (or drew another column) is not that share.
// Pure apart from the densities kept per table (kde-density.ts).
import type { PlottedSeries } from "../../schema/sandbox";
import { isEvenGrid, MAX_KDE_WORK, presentValues, subsetDensity, valueRange } from "./kde-density";
import type { Frame, Prepared } from "./table";

/** Largest gap between the band and the share, as a share of the band's peak (explainKde's own). */
const TOLERANCE = 0.002;

const fmt = (v: number) => String(+v.toPrecision(4));

/** The table's row subsets by category column: each column's levels, every non-missing value one (table.ts builds them so). */
function levelsByColumn(p: Prepared): Map<string, Frame[]> {
  const out = new Map<string, Frame[]>();
  for (const f of p.frames) {
    if (!f.where) continue;
    const g = f.where[0];
    out.set(g, [...(out.get(g) ?? []), f]);
  }
  return out;
}

export function explainKdeFill(s: PlottedSeries, p: Prepared): string | null {
  if (s.kind !== "line" || s.truncated || s.y.length < 20 || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  if (!isEvenGrid(x)) return null;
  // a share lies in [0, 1] and is more than nothing somewhere
  const peak = Math.max(...s.y);
  if (!(peak > 0) || peak > 1 + 1e-9 || !s.y.every((y) => y >= 0)) return null;
  const tol = TOLERANCE * peak;
  const probe = [Math.floor(x.length / 2), Math.floor(x.length / 4), Math.floor((3 * x.length) / 4)];
  for (const [g, levels] of levelsByColumn(p)) {
    if (levels.length < 2) continue;
    for (const [col, v] of p.numeric) {
      if (col === g) continue;
      // the grid covers the column's values (cut bandwidths past them, or clipped inside them):
      // a column whose values it does not reach is not the one drawn (before any level's density)
      const [lo, hi] = valueRange(presentValues(v, p.frames[0]!));
      if (!(x[0]! <= hi && x[x.length - 1]! >= lo)) continue;
      const counts = levels.map((f) => presentValues(v, f).length);
      // every level with values is drawn; one with a single value has no density (seaborn skips
      // it, and the check cannot say which share the others then take): no reading
      if (counts.some((n) => n === 1)) continue;
      const drawn = levels.flatMap((_, j) => (counts[j]! >= 2 ? [j] : []));
      if (drawn.length < 2 || counts.reduce((a, b) => a + b, 0) * x.length > MAX_KDE_WORK) continue;
      const dens = drawn.map((j) => subsetDensity(v, levels[j]!));
      if (dens.some((d) => d === null)) continue;
      for (const [weighted, how] of [
        [true, "each level weighted by its rows (seaborn's common_norm)"],
        [false, "each level's density unweighted (common_norm=False)"],
      ] as const) {
        const w = drawn.map((j) => (weighted ? counts[j]! : 1));
        const shares = (t: number) => {
          const parts = dens.map((d, i) => w[i]! * d!(t));
          const total = parts.reduce((a, b) => a + b, 0);
          return parts.map((q) => q / total);
        };
        // the level from three points first (cheap), then every point
        const atProbes = probe.map((j) => shares(x[j]!));
        for (let i = 0; i < drawn.length; i++) {
          if (!probe.every((j, k) => Math.abs(s.y[j]! - atProbes[k]![i]!) <= tol)) continue;
          if (!x.every((t, j) => Math.abs(s.y[j]! - shares(t)[i]!) <= tol)) continue;
          const f = levels[drawn[i]!]!;
          return `kernel density of ${col}${f.desc} as its share of the densities of all ${drawn.length} ${g} levels at each x (seaborn's multiple="fill"; Scott's bandwidth; ${how}; within ${fmt(TOLERANCE * 100)}% of the peak)`;
        }
      }
    }
  }
  return null;
}
