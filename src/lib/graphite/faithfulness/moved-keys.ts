// Per-group readings drawn at the wrong x: a series whose values are an aggregate of the data per
// value of a numeric key column (mean of passengers by year, count of rows by size), each drawn at
// its key moved by a constant (year + 1) or stretched by a factor no change of unit gives. That is
// evidence the chart misstates the data: the values are the data's, the x they stand at are not.
// Offsets of at most half the keys' spacing are not evidence (a discrete histogram's bins and bar
// edges sit half a step from the keys; bars dodged by hand sit a fraction of a step off), and
// neither are keys 0..n-1 or 1..n drawn at other row positions (plt.plot(values) draws at 0..n-1)
// or two-digit years written out (+ 1900), or keys taken relative to a baseline of theirs (their
// mean or first value subtracted).
// Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { candidates } from "./candidates";
import { close, SCALES } from "./match";
import type { Weighed } from "./near";
import type { Prepared } from "./table";
import { unitChange } from "./units";

const fmt = (v: number) => String(+v.toPrecision(6));

/** Fewest points before keys moved by one constant are evidence. */
export const MIN_MOVED = 3;

const isPositions = (v: number[]) => v.every((t, i) => t === i) || v.every((t, i) => t === i + 1);
const sameNum = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** The plotted x as numbers: numeric x, or labels that all read as numbers ("1950"). */
function numericX(s: PlottedSeries): number[] | null {
  if (s.x.length === 0) return null;
  const x = s.x.map((t) => (typeof t === "number" ? t : t.trim() === "" ? NaN : Number(t)));
  return x.every((t) => Number.isFinite(t)) ? x : null;
}

/** How x relate to keys point by point: "+ d", "× k", or null (also null for d = 0, k = 1). */
function moved(x: number[], k: number[]): { how: string; offset: number | null } | null {
  const d = x[0]! - k[0]!;
  if (d !== 0 && x.every((v, i) => sameNum(v - k[i]!, d))) return { how: `+ ${fmt(d)}`.replace("+ -", "− "), offset: d };
  // the factor from the first key that is not 0 (timepoints 0, 1, 2, ... stretched keep 0 at 0)
  const j = k.findIndex((t) => t !== 0);
  if (j < 0) return null;
  const f = x[j]! / k[j]!;
  if (Number.isFinite(f) && Math.abs(f - 1) > 1e-6 && unitChange(f) === null && x.every((v, i) => Math.abs(v - f * k[i]!) <= 1e-9 * Math.max(1, Math.abs(v))))
    return { how: `× ${fmt(f)}`, offset: null };
  return null;
}

/**
 * A series that is a per-key aggregate drawn at keys + d or keys × k. Returns a failed check naming
 * the key column and the change, an unchecked one when the x could as well be row positions, or
 * null when no aggregate fits this way.
 */
export function movedKeys(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  // a scatter's points are rows: its x are data, not keys (and the search over every grouping is
  // too slow to run for each of a pair grid's scatters)
  if (s.kind === "scatter") return null;
  const x = numericX(s);
  if (!x) return null;
  // a bar chart's empty bars (a discrete histogram's empty bins) stand at no key
  const shown = x.map((_, i) => i).filter((i) => !(s.kind === "bar" && s.y[i] === 0));
  if (shown.length < MIN_MOVED || new Set(s.y.filter((_, i) => shown.includes(i))).size < 2) return null;
  const order = [...shown].sort((a, b) => x[a]! - x[b]!);
  const xs = order.map((i) => x[i]!);
  if (xs.some((v, i) => i > 0 && v === xs[i - 1])) return null;
  const ys = order.map((i) => s.y[i]!);
  for (const cand of candidates(p, null, false, 0, s.label, null)) {
    if (cand.derived) break;
    // every group drawn: the keys sorted, then their relation to x, before any value is computed
    if (!cand.groupedBy || !cand.keys || cand.keys.length !== xs.length) continue;
    const nums = cand.keys.map(Number);
    if (!nums.every((t) => Number.isFinite(t))) continue;
    const at = nums.map((_, j) => j).sort((a, b) => nums[a]! - nums[b]!);
    const keys = at.map((j) => nums[j]!);
    const rel = moved(xs, keys);
    if (!rel) continue;
    const step = keys.reduce((m, t, i) => (i > 0 ? Math.min(m, t - keys[i - 1]!) : m), Infinity);
    if (rel.offset !== null && Math.abs(rel.offset) <= step / 2 + 1e-9) continue;
    if (isPositions(xs) && !isPositions(keys)) continue;
    // two-digit years written out (70 -> 1970) name the same years
    if ((rel.offset === 1900 || rel.offset === 2000) && keys.every((t) => t >= 0 && t <= 99)) continue;
    // keys taken relative to a baseline of theirs (centred on their mean, counted from the first)
    const d = rel.offset;
    if (d !== null && baselines(keys).some((b) => Math.abs(d + b) <= 1e-6 * Math.max(Math.abs(b), Math.abs(d)))) continue;
    const unit = SCALES.find(([f]) => ys.every((v, i) => close(v, cand.at(at[i]!) * f, scale)));
    if (!unit) continue;
    const reading = `${cand.desc}${unit[1]}`;
    if (isPositions(xs))
      return {
        status: "unchecked",
        detail: `the y are ${reading}, drawn at x ${xs[0]} to ${xs[xs.length - 1]}: row positions, or each ${cand.groupedBy} ${rel.how}, which the chart alone cannot tell apart, so not confirmed`,
      };
    return {
      status: "fail",
      detail: `the y are ${reading}, but each x is its ${cand.groupedBy} ${rel.how} (plotted at ${fmt(xs[0]!)}, ${fmt(xs[1]!)}, ...; the data's ${cand.groupedBy} is ${fmt(keys[0]!)}, ${fmt(keys[1]!)}, ...): the values are not at their own x`,
    };
  }
  return null;
}
