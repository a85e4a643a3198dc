// A series no reading of the data gives exactly, weighed against every reading for what it does
// show. Some near readings are still the data: a change of unit the exact search does not try
// (÷ 1e6, ÷ 1024), a normalisation (a share of the total, indexed to the first value), rounding.
// Some are evidence the chart misstates the data: every value one constant factor off that no
// change of unit explains, every labelled value one constant offset off that no baseline of the
// data gives (a mean, a median, the first value: a deviation chart subtracts one), each value
// moved to the neighbouring x, or most points exactly one reading and a few not (a tampered bar). A series that matches a reading wherever the data has a
// value, and differs only where it has none, was filled or interpolated: not checked. Nothing
// near at all is no evidence either way. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { mayBeDerived, type Candidate } from "./candidate";
import { candidates } from "./candidates";
import { medianOf } from "./grouped";
import { presentValues } from "./kde-density";
import { close, keyIndex, REL_TOLERANCE } from "./match";
import type { Prepared } from "./table";
import { unitChange } from "./units";

export type Weighed = {
  status: "pass" | "fail" | "unchecked";
  detail: string;
  /** A pass on some of a reading's rows: which rows (a description) and how many of them. */
  rows?: { of: string; shown: number; total: number; keyed?: number[] };
  /** The values of category columns a pass shows (a heatmap's rows and columns). */
  shows?: Array<[string, string[]]>;
  /** The table row each point was read as (a scatter confirmed row by row in another order), for its colour; negative where several rows hold its pair. */
  pointRows?: number[];
};

/** Fewest matching points (each behind more than one row) that make a near miss evidence. */
export const MIN_NEAR = 4;
/** Fewest points (three of them distinct) before one constant factor is evidence against a series matched in order. */
export const MIN_FACTOR_POINTS = 5;
/** Fewest points (by key, that many distinct) before one constant offset is evidence against a series. */
// (three bars of an index column's means by subject were 17 off by coincidence in a correct chart)
export const MIN_OFFSET_POINTS = 4;
/** Fewest points of one column by key (not an aggregate) before one constant offset is evidence. */
export const MIN_OFFSET_COLUMN = 20;
/** At most this share of the compared points may differ for a near miss. */
const NEAR_MISS_SHARE = 0.2;
const ROUNDINGS = [0, 1, 2, 3];
const MAX_LISTED = 3;

type Alignment = { how: string; byKey: boolean; index: number[] };

const fmt = (v: number) => String(+v.toPrecision(6));

/**
 * Relative closeness alone: the absolute floor `close` allows for values near zero would let any
 * factor or reading "match" a curve of tiny values (a density), which is no evidence of anything.
 */
const relClose = (a: number, b: number) => Math.abs(a - b) <= REL_TOLERANCE * Math.max(Math.abs(a), Math.abs(b)) && a !== 0 && b !== 0;

const SAMPLES = 8;

/**
 * A cheap look before the candidate is walked in order: its first finite values against the first
 * plotted points must be near (most of them close) or proportional (one ratio). Skipping a
 * candidate this rejects can leave a series unchecked (a near miss or a rounding not seen) but
 * can never fail it.
 */
function inOrderMayHold(s: PlottedSeries, cand: Candidate): boolean {
  const n = s.y.length;
  if (n < SAMPLES) return true;
  // the candidate's first finite values against the first plotted points
  const w: number[] = [];
  for (let j = 0; j < cand.n && w.length < SAMPLES; j++) {
    const v = cand.at(j);
    if (Number.isFinite(v)) w.push(v);
  }
  if (w.length < SAMPLES) return cand.n === n;
  return mayHold(s.y.slice(0, SAMPLES), w);
}

/** Sampled plotted values against the candidate's: most of them close, or one ratio for all. */
function mayHold(v: number[], w: number[]): boolean {
  let near = 0;
  const ratios: number[] = [];
  for (let t = 0; t < v.length; t++) {
    if (Math.abs(v[t]! - w[t]!) <= REL_TOLERANCE * Math.max(Math.abs(w[t]!), 1e-9)) near++;
    if (w[t] === 0) {
      if (v[t] !== 0) ratios.push(NaN);
    } else ratios.push(v[t]! / w[t]!);
  }
  const proportional = ratios.length >= 2 && ratios.every((r) => relClose(r, ratios[0]!));
  return near * 2 >= v.length || proportional;
}

/** The same look for a series matched by x value: near, proportional or shifted at the samples. */
function byKeyMayHold(s: PlottedSeries, cand: Candidate, a: Alignment, offsetOk: boolean): boolean {
  const n = s.y.length;
  if (n < SAMPLES) return true;
  const at = Array.from({ length: SAMPLES }, (_, t) => Math.round((t * (n - 1)) / (SAMPLES - 1)));
  const v = at.map((i) => s.y[i]!);
  const w = at.map((i) => cand.at(a.index[i]!));
  if (w.some((x) => !Number.isFinite(x))) return true;
  if (mayHold(v, w)) return true;
  // one offset for every sampled point (only where an offset may be evidence: looking costs time)
  if (offsetOk && v.every((t, i) => Math.abs(t - w[i]! - (v[0]! - w[0]!)) <= REL_TOLERANCE * Math.max(Math.abs(t), 1e-9))) return true;
  // shifted by one: each sampled point against its neighbour's value
  return [-1, 1].some((d) =>
    at.every((i, t) => {
      const j = a.index[i]! + d;
      const ws = j >= 0 && j < cand.n ? cand.at(j) : NaN;
      return Math.abs(v[t]! - ws) <= REL_TOLERANCE * Math.max(Math.abs(ws), 1e-9);
    }),
  );
}

/** Which value of the candidate each plotted point stands for (-1: none), by x value or in order. */
function align(s: PlottedSeries, keys: string[] | null, cand: Candidate, labelled: boolean, minRows: number): Alignment | null {
  if (keys && cand.keys) {
    const idx = keyIndex(cand.keys);
    if (keys.every((k) => idx.has(k))) return { how: "by x value", byKey: true, index: keys.map((k) => idx.get(k)!) };
  }
  if (labelled && cand.keys) return null;
  if (cand.n < minRows) return null;
  if (!inOrderMayHold(s, cand)) return null;
  const finite: number[] = [];
  for (let j = 0; j < cand.n && finite.length <= s.y.length; j++) if (Number.isFinite(cand.at(j))) finite.push(j);
  if (finite.length === s.y.length || (s.truncated && finite.length > s.y.length)) return { how: "in order", byKey: false, index: finite.slice(0, s.y.length) };
  // one point per row, gaps included: a value drawn where the data has none was filled in
  if (cand.n === s.y.length) return { how: "in order", byKey: false, index: Array.from({ length: cand.n }, (_, j) => j) };
  return null;
}

function normalisation(k: number, bases: Array<[number, string]>): string | null {
  for (const [base, what] of bases) {
    if (!(Math.abs(base) > 0)) continue;
    if (Math.abs(k * base - 1) <= 2e-3) return what;
    if (Math.abs(k * base - 100) <= 0.2) return `${what} (in percent)`;
  }
  return null;
}

type Found = { rank: number; w: Weighed };

/** The one number of rows behind every shown value of an aggregate (more than one), or null. */
function sameSupport(cand: Candidate, a: Alignment, n: number): number | null {
  if (!cand.support) return null;
  const m = cand.support(a.index[0]!);
  for (let i = 1; i < n; i++) if (cand.support(a.index[i]!) !== m) return null;
  return m > 1 ? m : null;
}

/** Weigh one candidate; the strongest finding, or null. */
function weighOne(s: PlottedSeries, cand: Candidate, a: Alignment, scale: number, allRows: number, bases: number[] | null): Found | null {
  const y = s.y;
  const n = y.length;
  const want = (i: number) => (a.index[i]! >= 0 && a.index[i]! < cand.n ? cand.at(a.index[i]!) : NaN);
  // a match at a value this small is within the absolute floor of the tolerance, so it says nothing
  const floor = 1e-6 * scale;
  const maxMiss = Math.floor(n * NEAR_MISS_SHARE);
  let misses = 0;
  let near = true;
  let gaps = 0;
  let k: number | null = null;
  let proportional = n >= 2;
  // one offset for every point: only by key, where the labels say which value each point is, and
  // only for a per-category aggregate or a long column (`bases` null otherwise): a rolling mean of
  // a steady trend is its column minus a constant too
  let off: number | null = null;
  let offset = bases !== null && a.byKey && n >= MIN_OFFSET_POINTS;
  const rounded = ROUNDINGS.map(() => true);
  const shifted = [a.byKey, a.byKey];
  for (let i = 0; i < n; i++) {
    const v = y[i]!;
    const w = want(i);
    if (!Number.isFinite(w)) {
      gaps++;
      proportional = false;
      offset = false;
      rounded.fill(false);
    } else {
      if (near && !close(v, w, scale) && ++misses > maxMiss) near = false;
      if (proportional) {
        // zero stays zero under any factor; the factor comes from the first non-zero value
        if (w === 0) {
          if (v !== 0) proportional = false;
        } else if (k === null) {
          if (v !== 0) k = v / w;
          else proportional = false;
        } else if (!relClose(v, k * w)) proportional = false;
      }
      if (offset) {
        if (off === null) off = v - w;
        else if (!close(v, w + off, scale)) offset = false;
      }
      ROUNDINGS.forEach((d, ri) => {
        if (rounded[ri] && Math.abs(v - Math.round(w * 10 ** d) / 10 ** d) > 1e-9 * Math.max(1, Math.abs(v))) rounded[ri] = false;
      });
    }
    [-1, 1].forEach((d, di) => {
      if (!shifted[di]) return;
      const j = a.index[i]! + d;
      const ws = j >= 0 && j < cand.n ? cand.at(j) : NaN;
      if (!Number.isFinite(ws) || Math.abs(ws) <= floor || !close(v, ws, scale)) shifted[di] = false;
    });
    if (gaps * 2 > n) near = false;
    if (!near && !proportional && !offset && !rounded.some(Boolean) && !shifted.some(Boolean)) return null;
  }
  const compared = n - gaps;
  const ri = rounded.findIndex(Boolean);
  if (ri >= 0 && compared >= 2)
    return { rank: 9, w: { status: "pass", detail: `match ${cand.desc} rounded to ${ROUNDINGS[ri]} decimal${ROUNDINGS[ri] === 1 ? "" : "s"} ${a.how}` } };
  if (proportional && k !== null && Number.isFinite(k) && compared >= 2) {
    const unit = unitChange(k);
    // a mean over groups of m rows each, times m × j, is the sum times j: when j is no change of
    // unit, the factor is no evidence for the mean (flights' sum by year × 2 is the mean × 24)
    const m = sameSupport(cand, a, n);
    const sumAlso = unit !== null && m !== null && cand.desc.startsWith("mean of ") && unitChange(k / m) === null;
    if (unit !== null && !sumAlso) return { rank: 9, w: { status: "pass", detail: `match ${cand.desc}${unit} ${a.how}` } };
    if (sumAlso)
      return {
        rank: 8,
        w: {
          status: "unchecked",
          detail: `every value is ${cand.desc}${unit} ${a.how}, which is also the sum over its ${m} rows per group × ${fmt(k / m!)}: a change of unit or a sum scaled, which the data cannot tell apart, so not checked`,
        },
      };
    const shown = Array.from({ length: n }, (_, i) => want(i));
    const all = cand.values().filter((v) => Number.isFinite(v));
    const sum = (v: number[]) => v.reduce((t, x) => t + x, 0);
    const norm = normalisation(k, [
      [shown[0]!, "indexed to its first value"],
      [sum(all), "as a share of its total"],
      [sum(shown), "as a share of the total shown"],
      [Math.max(...all.map(Math.abs)), "relative to its largest value"],
      // countplot(stat="percent", hue=...): each hue's bars are shares of every row, not of its own
      [allRows, "as a share of all rows"],
      [all[0]!, "indexed to its first value"],
    ]);
    if (norm) return { rank: 9, w: { status: "pass", detail: `match ${cand.desc} ${norm} ${a.how}` } };
    // by key the labels say which value each point is; in order, many readings could fit a few points
    if (a.byKey ? n >= 3 : n >= MIN_FACTOR_POINTS && new Set(y).size >= 3)
      return {
        rank: 3,
        w: {
          status: "fail",
          detail: `every value is ${fmt(k)} × ${cand.desc} (${a.how}): no change of unit or normalisation of the data gives that factor`,
        },
      };
  }
  if (offset && off !== null && new Set(y).size >= MIN_OFFSET_POINTS) {
    const shown = Array.from({ length: n }, (_, i) => want(i));
    const size = Math.max(...shown.map(Math.abs));
    // an offset within the tolerance is a near match; one that is minus a baseline of the data
    // (its mean, median, first value) is a deviation chart, which is the data
    const mean = shown.reduce((t, x) => t + x, 0) / n;
    // kelvin to celsius is an offset too
    const baseline = [shown[0]!, mean, Math.min(...shown), Math.max(...shown), 273.15, -273.15, ...(bases ?? [])].some(
      (b) => Math.abs(off! + b) <= REL_TOLERANCE * Math.max(Math.abs(b), Math.abs(off!)),
    );
    if (Math.abs(off) > REL_TOLERANCE * size && !baseline)
      return {
        rank: 3,
        w: {
          status: "fail",
          detail: `every value is ${cand.desc} ${`+ ${fmt(off)}`.replace("+ -", "− ")} (${a.how}): no baseline of the data (a mean, a median, the first value) gives that offset`,
        },
      };
  }
  const si = shifted.findIndex(Boolean);
  if (si >= 0 && n >= 2) {
    const which = si === 0 ? "previous" : "next";
    return { rank: 4, w: { status: "fail", detail: `each point shows the value of ${cand.desc} at the ${which} x, not its own (shifted by one)` } };
  }
  if (!near) return null;
  const diffs: string[] = [];
  let informative = 0;
  for (let i = 0; i < n; i++) {
    const w = want(i);
    if (!Number.isFinite(w)) continue;
    if (close(y[i]!, w, scale)) {
      if (Math.abs(w) > floor && (cand.support?.(a.index[i]!) ?? 2) > 1) informative++;
    } else if (diffs.length < MAX_LISTED) diffs.push(`${s.x[i]}: plotted ${fmt(y[i]!)}, the data give ${fmt(w)}`);
  }
  if (misses === 0 && gaps > 0 && informative >= 2)
    return {
      rank: 1,
      w: {
        status: "unchecked",
        detail: `match ${cand.desc} ${a.how} wherever the data has a value; ${gaps} point${gaps === 1 ? "" : "s"} where it has none (filled or interpolated) cannot be checked`,
      },
    };
  if (misses >= 1 && informative >= MIN_NEAR)
    return {
      rank: 2 + (compared - misses) / compared,
      w: {
        status: "fail",
        detail: `${compared - misses} of ${compared} points match ${cand.desc} ${a.how}, ${misses} do${misses === 1 ? "es" : ""} not (${diffs.join("; ")}${misses > diffs.length ? "; ..." : ""})`,
      },
    };
  return null;
}

const baseCache = new WeakMap<Prepared, number[]>();
/** Every numeric column's mean and median over every row subset: what a deviation chart subtracts. */
function baselines(p: Prepared): number[] {
  let b = baseCache.get(p);
  if (!b) {
    b = [];
    for (const f of p.frames)
      for (const v of p.numeric.values()) {
        const vals = presentValues(v, f);
        if (vals.length === 0) continue;
        b.push(vals.reduce((t, x) => t + x, 0) / vals.length);
        // the median by selection (grouped.ts): sorting every subset of 54,000 rows cost half a second a table
        b.push(medianOf(vals));
      }
    baseCache.set(p, b);
  }
  return b;
}

/** The strongest thing any reading of the data says about a series no reading gives exactly. */
export function nearest(s: PlottedSeries, keys: string[] | null, p: Prepared, scale: number): Weighed | null {
  if (s.y.length === 0) return null;
  const labelled = s.x.length > 0 && s.x.every((x) => typeof x === "string");
  const minRows = labelled || s.truncated ? 0 : s.y.length;
  let best: Found | null = null;
  for (const cand of candidates(p, keys, labelled, minRows, s.label, s.truncated ? null : s.y.length)) {
    if (cand.derived && !mayBeDerived(s.kind, s.y.length)) continue;
    const a = align(s, keys, cand, labelled, minRows);
    if (!a) continue;
    // a long series of one column by date (a price + 100) is evidence as well: no rolling window
    // of a few points is behind it
    const perCategory = a.byKey && cand.groupedBy !== null && cand.groupedBy !== p.dateCol && !cand.derived;
    const longColumn = a.byKey && !cand.derived && s.y.length >= MIN_OFFSET_COLUMN;
    if (a.byKey && !byKeyMayHold(s, cand, a, perCategory || longColumn)) continue;
    const found = weighOne(s, cand, a, scale, p.rowCount, perCategory || longColumn ? baselines(p) : null);
    if (!found) continue;
    if (found.w.status === "pass") return found.w;
    if (!best || found.rank > best.rank) best = found;
  }
  return best?.w ?? null;
}
