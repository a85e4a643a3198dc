// Violin plots (seaborn's violinplot and catplot(kind="violin"), split halves and hue levels
// included): each body's widths are, up to one factor, the Gaussian kernel density of its
// category's values (and its hue level's) on a support that stands the same distance past the
// values on both sides (seaborn's cut × the bandwidth; the values' own range at cut=0). The
// bandwidth is fitted as bandwidth.ts fits a KDE line, then every support point is confirmed. The
// factors between the bodies of one hue level follow one of seaborn's density_norm rules (area: one
// factor; count: peak widths in proportion to the values; width: one peak width), or the sizes are
// not confirmed. A body is shown wrong only by naming what it is instead: the density of the same
// values with the rows' missing values filled with one number, stretched by a factor no change of
// unit gives, or moved by a constant; and only when the body carries information and the real
// values' density is clearly off it (a deliberate subset of rows is no evidence). The short lines
// seaborn draws inside a confirmed body (inner="box", "quart") are confirmed as its values'
// median, quartiles and whiskers; bodies no reading gives whose whiskers end at values of the
// column their category's rows do not hold show other rows' values (the column shuffled). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { density, densityWork, fitBandwidth } from "./bandwidth";
import { boxStats, percentile } from "./boxes";
import { holds, sortedFinite } from "./sorted-values";
import { valueRange } from "./kde-density";
import type { Prepared } from "./table";
import { unitChange } from "./units";

export interface ViolinFinding {
  status: "pass" | "fail" | "unchecked";
  detail: string;
  /** The category values a confirmed body shows: [column, value] (its category, its hue level). */
  shows?: Array<[string, string]>;
}

/** Points of the body the bandwidth is fitted on (every point is confirmed after). */
const FIT_POINTS = 16;
/** Largest gap between a body's width and the density's, as a share of its widest (bandwidth.ts's own). */
const TOLERANCE = 0.002;
/** How far off the real values' density must be before a named change of them is evidence. */
const CLEARLY_OFF = 10 * TOLERANCE;
/** Support points a body needs before anything is read from it (seaborn draws 100). */
const MIN_SUPPORT = 20;
/** Values a subset needs before a body that is a change of them is evidence. */
const MIN_VALUES = 5;
/** Fitting work (values × evaluations) one fit and one chart may spend. */
const MAX_FIT_WORK = 2e7;
const MAX_CHART_WORK = 3e7;
/** Relative agreement of the factors between bodies under one density_norm rule. */
const NORM_TOLERANCE = 1e-3;

const fmt = (v: number) => String(+v.toPrecision(4));

interface Subset {
  /** " where class == "First" and alive == "yes"", or "" for all rows. */
  desc: string;
  rows: number[];
  /** Columns that pick the subset (not read as the values). */
  by: string[];
  shows: Array<[string, string]>;
  /** A column named by the category itself (wide-form data: one violin per column). */
  only?: string;
}

interface Fit {
  h: number;
  scott: number;
  k: number;
  worst: number;
  cut: number;
}

/** The chart's fitting budget: every fit spends from it, and none starts once it is gone. */
class Budget {
  constructor(public left: number) {}
  take(n: number): boolean {
    // n: the kernels one density sums (the distinct values when ties are many); fitBandwidth evaluates the density at FIT_POINTS points 93 times (a 33-step scan, then 30
    // golden-section steps of two), then the body is confirmed at each of its ~100 points
    const cost = n * (FIT_POINTS * 93 + 100);
    if (cost > MAX_FIT_WORK || cost > this.left) return false;
    this.left -= cost;
    return true;
  }
}

const rowsWhere = (keys: Array<string | null>, v: string) => keys.flatMap((k, i) => (k === v ? [i] : []));

/** The row subsets a body at x with this label can show, most specific first. */
function subsetsOf(s: PlottedSeries, p: Prepared, alone: boolean): Subset[] {
  const at = s.x[0];
  if (typeof at !== "string") return alone ? [{ desc: "", rows: p.frames[0]!.rows, by: [], shows: [] }] : [];
  const key = at.trim();
  const label = s.label?.trim() ?? null;
  const plain: Subset[] = [];
  for (const [g, keys] of p.categorical) {
    const rows = rowsWhere(keys, key);
    if (rows.length) plain.push({ desc: ` where ${g} == ${JSON.stringify(key)}`, rows, by: [g], shows: [[g, key]] });
  }
  const out: Subset[] = [];
  // a hue level: its rows within the category's (hue = the category column itself names no more)
  if (label !== null)
    for (const base of plain)
      for (const [h, keys] of p.categorical) {
        if (h === base.by[0]) continue;
        const rows = base.rows.filter((i) => keys[i] === label);
        if (rows.length) out.push({ desc: `${base.desc} and ${h} == ${JSON.stringify(label)}`, rows, by: [...base.by, h], shows: [...base.shows, [h, label]] });
      }
  out.push(...plain);
  // wide-form data (sns.violinplot(data=df)): each category is a numeric column's name
  if (label === null && p.numeric.has(key)) out.push({ desc: "", rows: p.frames[0]!.rows, by: [], shows: [], only: key });
  return out;
}

/** The support stands as far past the values on both sides (cut × h), never inside them. */
function standsAround(t: number[], lo: number, hi: number): number | null {
  const first = t[0]!;
  const last = t[t.length - 1]!;
  const left = lo - first;
  const right = last - hi;
  const eps = 1e-9 * Math.max(1, Math.abs(first), Math.abs(last));
  return left >= -eps && Math.abs(left - right) <= eps ? Math.max(0, left) : null;
}

/** The body's widths as k × the density of vals at the fitted bandwidth, with the largest gap. */
function fitBody(s: PlottedSeries, vals: number[], budget: Budget): Fit | null {
  const n = vals.length;
  if (n < 2) return null;
  const [lo, hi] = valueRange(vals);
  const reach = standsAround(s.y, lo, hi);
  if (reach === null) return null;
  const mu = vals.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(vals.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1));
  const scott = sd * n ** -0.2;
  if (!(scott > 0) || !budget.take(densityWork(vals))) return null;
  const w = s.widths!;
  const pick = Array.from({ length: FIT_POINTS }, (_, i) => Math.round((i * (s.y.length - 1)) / (FIT_POINTS - 1)));
  const h = fitBandwidth(
    vals,
    scott,
    pick.map((j) => s.y[j]!),
    pick.map((j) => w[j]!),
  );
  const dens = s.y.map((t) => density(vals, h, t));
  const dd = dens.reduce((a, d) => a + d * d, 0);
  if (!(dd > 0)) return null;
  const k = dens.reduce((a, d, j) => a + d * w[j]!, 0) / dd;
  const peak = Math.max(...w);
  const worst = Math.max(...w.map((v, j) => Math.abs(v - k * dens[j]!))) / peak;
  return { h, scott, k, worst, cut: reach / h };
}

const confirmed = (f: Fit | null): f is Fit => f !== null && f.worst <= TOLERANCE && f.k > 0;

interface Reading {
  status: "pass" | "fail";
  detail: string;
  /** The column and rows: "age where class == "First"". */
  what: string;
  shows: Array<[string, string]>;
  /** The values the body is the density of (the data's, or their change that a failed body shows):
   * the lines inside it are read from them. */
  vals?: number[];
  /** A failed body's: the data's own values, and what was changed in them. */
  own?: number[];
  how?: string;
  k?: number;
}

function where(s: PlottedSeries): string {
  return `${typeof s.x[0] === "string" ? JSON.stringify(s.x[0]) : `position ${fmt(s.x[0] as number)}`}${s.label ? `, hue ${JSON.stringify(s.label)}` : ""}`;
}

/** "class = First, alive = yes", as the chart shows the subset, or "" for all rows. */
const shown = (sub: Subset) => sub.shows.map(([c, v]) => `${c} = ${v}`).join(", ");

/** The body as the density of one column's values in one subset. */
function confirm(s: PlottedSeries, subsets: Subset[], p: Prepared, budget: Budget): Reading | null {
  for (const sub of subsets)
    for (const [col, v] of p.numeric) {
      if (sub.by.includes(col) || (sub.only !== undefined && col !== sub.only)) continue;
      const vals = sub.rows.map((i) => v[i]!).filter((t) => Number.isFinite(t));
      const f = fitBody(s, vals, budget);
      if (!confirmed(f)) continue;
      return {
        status: "pass",
        what: `${col}${sub.desc}`,
        detail: `the density of ${col}${sub.desc} (${vals.length} values; Gaussian kernel, bandwidth ${fmt(f.h)} = ${fmt(f.h / f.scott)} × Scott's; the body reaches ${fmt(f.cut)} bandwidths past the values, seaborn's cut)`,
        shows: sub.shows,
        vals,
        k: f.k,
      };
    }
  return null;
}

/** Is the real values' density clearly off the body (not a near miss that a tolerance decides)? */
function clearlyOff(s: PlottedSeries, vals: number[], budget: Budget): boolean {
  const [lo, hi] = valueRange(vals);
  if (standsAround(s.y, lo, hi) === null) return true;
  const f = fitBody(s, vals, budget);
  return f !== null && f.worst > CLEARLY_OFF;
}

/** The body as a named change of one column's values in one subset: positive evidence only. Only
 * the columns the axes' labels name are tried when they name one (seaborn labels the value axis
 * with it): a claim is about the column the chart says it shows, and each try is a fit. */
function changed(s: PlottedSeries, subsets: Subset[], p: Prepared, budget: Budget, labels: string[]): Reading | null {
  const first = s.y[0]!;
  const last = s.y[s.y.length - 1]!;
  const mid = (first + last) / 2;
  const named = labels.filter((l) => p.numeric.has(l));
  // a body in a hue level's colour is that level's rows: the category's rows alone are no claim of it
  const hued = subsets.filter((sub) => sub.by.length === 2);
  for (const sub of hued.length ? hued : subsets)
    for (const [col, v] of p.numeric) {
      if (sub.by.includes(col) || (sub.only !== undefined && col !== sub.only) || (named.length && !named.includes(col))) continue;
      const vals = sub.rows.map((i) => v[i]!).filter((t) => Number.isFinite(t));
      if (vals.length < MIN_VALUES) continue;
      const [lo, hi] = valueRange(vals);
      const range = hi - lo;
      if (!(range > 0)) continue;
      const what = `${col}${sub.desc}`;
      const claim = `the violin${sub.shows.length ? ` at ${shown(sub)}` : ""} is not the density of ${what}`;
      const tries: Array<[number[], string]> = [];
      // the rows' missing values filled with one number: 0, or the one the support's ends give
      const missing = sub.rows.length - vals.length;
      const fills = [0, 2 * mid - hi, 2 * mid - lo].filter(
        (c, j, all) => (c === 0 || c < lo || c > hi) && all.findIndex((o) => Math.abs(o - c) <= 1e-9 * range) === j,
      );
      if (missing > 0)
        for (const c of fills) {
          tries.push([
            [...vals, ...Array<number>(missing).fill(c)],
            `it is the density of those ${vals.length} values and ${missing} more at ${fmt(c)}: the rows' ${missing} missing ${col} filled with ${fmt(c)} (fillna), mass at ${fmt(c)} the data does not have`,
          ]);
        }
      // the values stretched by a factor no change of unit gives, or moved by a constant
      const centre = (lo + hi) / 2;
      const k = centre !== 0 ? mid / centre : NaN;
      if (Number.isFinite(k) && k > 0 && Math.abs(k - 1) > 1e-3 && unitChange(k) === null)
        tries.push([
          vals.map((t) => t * k),
          `it is the density of ${col} × ${fmt(k)} there: its values stretched (the body spans ${fmt(first)} to ${fmt(last)})`,
        ]);
      const d = mid - centre;
      if (Math.abs(d) > 1e-6 * range)
        tries.push([
          vals.map((t) => t + d),
          `it is the density of ${col} ${d > 0 ? "+" : "−"} ${fmt(Math.abs(d))} there: its values moved (the body spans ${fmt(first)} to ${fmt(last)})`,
        ]);
      for (const [changedVals, how] of tries) {
        if (!confirmed(fitBody(s, changedVals, budget))) continue;
        if (!clearlyOff(s, vals, budget)) continue;
        return { status: "fail", what, detail: `${claim}: ${how}`, shows: sub.shows, vals: changedVals, own: vals, how };
      }
    }
  return null;
}

/** The factors between the confirmed bodies of one hue level follow one density_norm rule. */
function oneNorm(group: Array<{ s: PlottedSeries; r: Reading }>): string | null {
  if (group.length < 2) return "one body";
  const same = (xs: number[]) => xs.every((x) => Math.abs(x - xs[0]!) <= NORM_TOLERANCE * Math.abs(xs[0]!));
  const peaks = group.map(({ s }) => Math.max(...s.widths!));
  if (same(group.map(({ r }) => r.k!))) return "area";
  if (same(peaks.map((w, i) => w / group[i]!.r.vals!.length))) return "count";
  if (same(peaks)) return "width";
  return null;
}

const TIGHT = 1e-9;
const sameValue = (a: number, b: number) => Math.abs(a - b) <= TIGHT * Math.max(1, Math.abs(a), Math.abs(b));

/** Fewest whisker ends, and of them from other rows, before unread bodies' values coming from other rows is evidence. */
const MIN_ENDS = 4;
const MIN_FOREIGN = 3;

/**
 * Bodies no reading gives, with the whiskers seaborn draws inside them (inner="box": the
 * whisker ends of matplotlib's boxplot_stats, values of the body's rows): when every end is a value
 * of a column the axes name and 3+ of them are no value of their category's rows, the bodies show
 * other rows' values (the column shuffled across rows). A subset of the rows never draws a value its
 * category lacks; a changed column draws values the column does not hold. Each body on the axes and
 * its whisker line fail together; empty when not.
 */
function fromOtherRows(series: PlottedSeries[], p: Prepared, labels: string[][], found: Map<number, ViolinFinding>): Map<number, ViolinFinding> {
  const out = new Map<number, ViolinFinding>();
  const byAxes = new Map<number, number[]>();
  series.forEach((s, i) => {
    if (s.kind === "violin") byAxes.set(s.axes, [...(byAxes.get(s.axes) ?? []), i]);
  });
  for (const idx of byAxes.values()) {
    if (!idx.every((i) => found.get(i)?.status === "unchecked" && typeof series[i]!.x[0] === "string")) continue;
    // each body's whisker line: the widest two-point line at its category
    const whiskers = idx.map((i) => {
      const at = series[i]!.x[0];
      let best = -1;
      series.forEach((l, j) => {
        if (l.kind !== "line" || l.axes !== series[i]!.axes || l.y.length !== 2 || !l.x.every((x) => x === at)) return;
        if (best < 0 || Math.abs(l.y[1]! - l.y[0]!) > Math.abs(series[best]!.y[1]! - series[best]!.y[0]!)) best = j;
      });
      return best;
    });
    if (whiskers.some((j) => j < 0)) continue;
    const named = [...new Set(idx.flatMap((i) => labels[i] ?? []))].filter((c) => p.numeric.has(c));
    const keysOf = idx.map((i) => (series[i]!.x[0] as string).trim());
    for (const col of named) {
      const holders = [...p.categorical].filter(([g, keys]) => g !== col && keysOf.every((k) => keys.includes(k)));
      if (holders.length === 0) continue;
      const v = p.numeric.get(col)!;
      const every = sortedFinite(v);
      let ends = 0;
      let foreign = 0;
      let example = "";
      let column = true;
      // hue levels' bodies at one category share its widest line: each line counted once
      const once = [...new Map(idx.map((i, k) => [whiskers[k]!, i])).entries()];
      for (const [j, i] of once) {
        const key = (series[i]!.x[0] as string).trim();
        // the category's rows under any column that holds every body's category (a value none of
        // them holds is foreign); categories no column holds (pd.cut bins, derived labels) claim nothing
        const rows = holders.flatMap(([, keys]) => rowsWhere(keys, key));
        const mine = sortedFinite(rows.map((r) => v[r]!));
        for (const t of series[j]!.y) {
          if (!holds(every, t)) column = false;
          ends++;
          if (holds(mine, t)) continue;
          foreign++;
          if (!example) example = ` (at ${JSON.stringify(key)}: ${fmt(t)})`;
        }
      }
      if (!column || ends < MIN_ENDS || foreign < MIN_FOREIGN) continue;
      const detail = `the violins' whiskers (seaborn's inner box) end at values of ${col}, but ${foreign} of those ${ends} ends are no value of ${col} in the rows of their category${example}: values from other rows (${col} shuffled across rows?), so the bodies do not show their categories' ${col}`;
      for (const i of [...idx, ...whiskers]) out.set(i, { status: "fail", detail });
      break;
    }
  }
  return out;
}

/** What a short line inside a confirmed body shows, read from its values, or null. */
function innerLine(ys: number[], vals: number[]): string | null {
  const sorted = [...vals].sort((a, b) => a - b);
  const [q1, med, q3, lo, hi] = boxStats(sorted);
  if (med === undefined) return null;
  if (ys.length === 1 && sameValue(ys[0]!, med)) return "median";
  if (ys.length !== 2) return null;
  const pair = (a: number, b: number) => (sameValue(ys[0]!, a) && sameValue(ys[1]!, b)) || (sameValue(ys[0]!, b) && sameValue(ys[1]!, a));
  if (pair(lo!, hi!)) return "whiskers (1.5 × IQR)";
  if (pair(q1!, q3!)) return "quartiles (the inner box)";
  const q = [25, 50, 75].find((pc) => sameValue(ys[0]!, percentile(sorted, pc / 100)));
  return q !== undefined && sameValue(ys[0]!, ys[1]!) ? `${q}th percentile` : null;
}

/**
 * Every violin body of the chart weighed against the data (pass, fail, or unchecked with the
 * reason), and the short lines inside confirmed bodies that are their values' statistics; by the
 * series' index. `labels`: the x and y axis labels of each series' axes, by the series' index.
 */
export function weighViolins(series: PlottedSeries[], p: Prepared, labels: string[][] = []): Map<number, ViolinFinding> {
  const out = new Map<number, ViolinFinding>();
  const budget = new Budget(MAX_CHART_WORK);
  const bodies = series.flatMap((s, i) => (s.kind === "violin" ? [i] : []));
  const passed: Array<{ i: number; s: PlottedSeries; r: Reading }> = [];
  const failed: typeof passed = [];
  for (const i of bodies) {
    const s = series[i]!;
    const w = s.widths;
    if (!w || w.length !== s.y.length || s.truncated || s.y.length < MIN_SUPPORT || !(Math.max(...w) > 0) || !s.x.every((x) => x === s.x[0])) {
      out.set(i, { status: "unchecked", detail: "a violin body with too few support points (or cut short) to read: not checked" });
      continue;
    }
    // on an axes without categories only a lone body can be all the rows'
    const alone = bodies.filter((j) => series[j]!.axes === s.axes).length === 1;
    const subsets = subsetsOf(s, p, alone);
    const r = confirm(s, subsets, p, budget) ?? changed(s, subsets, p, budget, labels[i] ?? []);
    if (r?.status === "pass") passed.push({ i, s, r });
    else if (r) {
      failed.push({ i, s, r });
      out.set(i, { status: "fail", detail: r.detail, shows: r.shows });
    } else
      out.set(i, {
        status: "unchecked",
        detail: `no column's density in the rows at ${where(s)} gives this violin (at any bandwidth and cut) and nothing shows it wrong: not checked`,
      });
  }
  // the sizes between bodies: per axes and hue level (seaborn norms each hue level on its own)
  const groups = new Map<string, typeof passed>();
  for (const b of passed) {
    const key = `${b.s.axes}\u0000${b.s.label ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  for (const group of groups.values()) {
    const norm = oneNorm(group);
    for (const { i, r } of group)
      out.set(
        i,
        norm
          ? { status: "pass", detail: `${r.detail}${norm === "one body" ? "" : `; sized as seaborn's density_norm="${norm}"`}`, shows: r.shows }
          : {
              status: "unchecked",
              detail: `${r.detail}, but the bodies' sizes follow none of seaborn's density_norm rules (area, count, width): not confirmed`,
            },
      );
  }
  for (const [i, w] of fromOtherRows(series, p, labels, out)) out.set(i, w);
  // the lines seaborn draws inside a body, at its category (or position): of a confirmed body,
  // its values' statistics; of a body shown wrong, the same change of the values
  const read = [...passed.filter(({ i }) => out.get(i)?.status === "pass"), ...failed];
  series.forEach((s, i) => {
    if (s.kind !== "line" || s.y.length === 0 || s.y.length > 2) return;
    for (const { s: body, r } of read) {
      if (body.axes !== s.axes) continue;
      const at = body.x[0]!;
      // at a category, the line's x is its label; on an axes without one, the line lies along x or y
      const on = (v: number | string) => typeof v === "number" && typeof at === "number" && Math.abs(v - at) <= 1e-9 * Math.max(1, Math.abs(at));
      const ys = typeof at === "string" ? (s.x.every((x) => x === at) ? s.y : null) : s.y.every(on) ? s.x : s.x.every(on) ? s.y : null;
      if (!ys?.every((y) => typeof y === "number")) continue;
      const stat = innerLine(ys as number[], r.vals!);
      if (!stat) continue;
      // inside a body shown wrong, a line the data's own values give too tells neither apart
      const own = r.own ? innerLine(ys as number[], r.own) : null;
      out.set(
        i,
        r.status === "pass"
          ? { status: "pass", detail: `the ${stat} of ${r.what}, drawn inside its violin as seaborn draws it` }
          : own
            ? {
                status: "unchecked",
                detail: `the ${stat} of ${r.what} and of the changed values the violin around it shows alike (${r.how}): it tells neither apart, not checked`,
              }
            : { status: "fail", detail: `the ${stat} of the values the violin around it shows, not of ${r.what}: ${r.how}` },
      );
      return;
    }
  });
  return out;
}
