// A kernel density curve at a bandwidth other than Scott's (seaborn's bw_adjust, bw_method) that
// no column gives as it is, but one column's values moved by a constant, or stretched by a factor
// no change of unit gives, do at some bandwidth. seaborn's grid stands the same distance past the
// values on both sides (cut × h), so its centre is the values' centre moved (or stretched) the
// same way: that pins the move or the factor, the bandwidth is then fitted as bandwidth.ts fits
// it, and every point of the curve must be that density. A move by a baseline of the column (a
// deviation from its mean, its first value, kelvin to celsius) is the data shown another way, and
// claims nothing. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { curveOnGrid, density, fitBandwidth, fitWork, MAX_FIT_WORK, TOLERANCE } from "./bandwidth";
import { presentValues, valueRange } from "./kde-density";
import type { Weighed } from "./near";
import type { Prepared } from "./table";
import { memo } from "./memo";
import { unitChange } from "./units";

/** Fitting work one curve may spend over all the columns and subsets it tries. */
const MAX_CURVE_WORK = 1e7;
/** Fewest values a curve must be the density of before a change of them is evidence. */
const MIN_VALUES = 10;

const fmt = (v: number) => String(+v.toPrecision(4));

/** One change of one column's values in one subset that the curve may be the density of. */
interface Try {
  col: string;
  v: number[];
  f: Prepared["frames"][number];
  vals: number[];
  mu: number;
  /** How far the curve's centre of mass stands from where the changed values' mean would put it. */
  off: number;
  how: string;
  moved: boolean;
  at: (t: number) => number;
  scale: number;
}

export function kdeBandwidthChanged(s: PlottedSeries, p: Prepared): Weighed | null {
  const g = curveOnGrid(s);
  if (!g) return null;
  const { x, peak, first, last, pick } = g;
  const span = last - first;
  const centre = (first + last) / 2;
  // the curve's centre of mass: a density moved keeps its values' mean moved the same way (a
  // stretch, stretched), which rules out most columns before any fit
  const mass = s.y.reduce((a, b) => a + b, 0);
  const centroid = s.y.reduce((a, b, j) => a + b * x[j]!, 0) / mass;
  // every column and subset whose values the grid can be centred on, most plausible first: a
  // curve that is a changed density has its centre of mass where its values' mean went, so the
  // fitting budget goes to the likely tries before coincidences use it up
  const tries: Try[] = [];
  for (const f of p.frames) {
    for (const [col, v] of p.numeric) {
      const vals = presentValues(v, f);
      const n = vals.length;
      if (n < MIN_VALUES) continue;
      const [lo, hi] = valueRange(vals);
      if (!(hi > lo) || fitWork(vals, x.length) > MAX_FIT_WORK) continue;
      const mid = (lo + hi) / 2;
      const mu = memo(vals, "mean", () => vals.reduce((a, b) => a + b, 0) / n);
      // moved by d: the grid's centre is the values' centre + d, and so is the curve's centre of
      // mass (the values reach no further than the grid on either side)
      const d = centre - mid;
      const offD = Math.abs(centroid - (mu + d));
      if (
        Math.abs(d) > 1e-3 * span &&
        offD <= 0.1 * span &&
        lo + d >= first - 1e-9 * span &&
        hi + d <= last + 1e-9 * span &&
        // (the baselines sort the values: asked only once the cheap tests pass)
        !memo(vals, "baselines", () => baselines(vals)).some((b) => Math.abs(d + b) <= 1e-6 * Math.max(Math.abs(b), Math.abs(d)))
      ) {
        tries.push({ col, v, f, vals, mu, off: offD, how: `${`+ ${fmt(d)}`.replace("+ -", "− ")}`, moved: true, at: (t) => t - d, scale: 1 });
      }
      // stretched by k: the grid's centre is k × the values' centre; the stretched values' range
      // must fit inside the grid, the grid standing out evenly
      const k = mid !== 0 ? centre / mid : NaN;
      if (Number.isFinite(k) && k > 0 && Math.abs(k - 1) > 1e-3 && unitChange(k) === null && k * lo >= first - 1e-9 * span && k * hi <= last + 1e-9 * span) {
        const offK = Math.abs(centroid - mu * k);
        if (offK <= 0.1 * span) tries.push({ col, v, f, vals, mu, off: offK, how: `× ${fmt(k)}`, moved: false, at: (t) => t / k, scale: 1 / k });
      }
    }
  }
  tries.sort((a, b) => a.off - b.off);
  let work = 0;
  for (const t of tries) {
    const { col, v, f, vals, mu } = t;
    const n = vals.length;
    work += fitWork(vals, x.length);
    if (work > MAX_CURVE_WORK) return null;
    const xs = pick.map((j) => t.at(x[j]!));
    const ys = pick.map((j) => s.y[j]! / t.scale);
    const sd = memo(vals, "sd", () => Math.sqrt(vals.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1)));
    const scott = sd * n ** -0.2;
    if (!(scott > 0)) continue;
    const h = fitBandwidth(vals, scott, xs, ys);
    // the density itself, or the subset's share of the column's rows (seaborn's common_norm);
    // each point's density is worked out only when the points before it agree
    const dens: number[] = [];
    const at = (j: number) => (dens[j] ??= t.scale * density(vals, h, t.at(x[j]!)));
    const all = memo(v, "finite count", () => v.filter((u) => Number.isFinite(u)).length);
    for (const c of f.where && n < all ? [1, n / all] : [1]) {
      if (!s.y.every((y, j) => Math.abs(y - c * at(j)) <= TOLERANCE * peak)) continue;
      return {
        status: "fail",
        detail: `the curve is the kernel density of ${col}${f.desc} ${t.how} (bandwidth ${fmt(h * (t.moved ? 1 : 1 / t.scale))}, ${fmt(h / scott)} × Scott's of the data's values): the data's density ${t.moved ? "moved" : "stretched"}, not its own, and no ${t.moved ? "baseline" : "change of unit"} of ${col} gives that`,
      };
    }
  }
  return null;
}
