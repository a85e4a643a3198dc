// Contour sets (seaborn's bivariate kdeplot / displot(kind="kde") / jointplot(kind="kde"), lines or
// filled, one set per hue level): seaborn evaluates scipy's Gaussian KDE of the (x, y) rows (its
// covariance the rows' covariance × (Scott's factor n^(-1/6) × bw_adjust)²) on a 200 × 200 grid
// and has matplotlib draw the lines where it crosses each level (the level values are densities;
// a hue level's density × its share of the rows under common_norm). So a vertex of a level's line
// is a point where the data's KDE equals that level, up to the linear interpolation matplotlib
// does between grid points. That error is bounded per vertex by the KDE's curvature along the grid
// step (Δ² |f''| / 8); measured on eleven seaborn charts (penguins, mpg, iris, tips, diamonds;
// bw_adjust 0.1 to 1) it stays below 2.4 × that estimate (the second derivative varies along the
// step), so a vertex is confirmed within 4 × it (and within 4 × a quarter of its level's median
// estimate where the curvature at the vertex itself vanishes). Where the grid is coarse against the
// bandwidth (diamonds by cut: a narrow kernel, 4.1 × measured) the estimate is no bound, so a vertex outside it is still confirmed when it is exactly matplotlib's interpolation
// between the two points of seaborn's default grid around it (cut 3, 200 points, no clip). The bandwidth
// factor is fitted when Scott's does not fit (bw_adjust, bw_method) and every sampled vertex is
// then confirmed. A set is shown wrong only by naming what it is instead: the KDE of one axis'
// column stretched by a factor no change of unit gives, or moved by a constant, while the data's
// own KDE is clearly off it. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import type { Prepared } from "./table";
import { unitChange } from "./units";

export interface ContourFinding {
  status: "pass" | "fail" | "unchecked";
  detail: string;
  /** The category value a confirmed set shows: [column, value] (its hue level). */
  shows?: Array<[string, string]>;
}

/** Measured worst (interpolation error / curvature estimate) on seaborn's charts was 2.35. */
const CURVATURE_MARGIN = 4;
/** seaborn's grid: 200 points from the data's min − 3 bandwidths to its max + 3 bandwidths. */
const GRID_STEPS = 199;
const CUT = 3;
/** Vertices the bandwidth (and a change's size) is fitted on; every vertex is checked after. */
const FIT_VERTICES = 24;
/** Kernel evaluations (rows × vertices) one chart, and one set's confirmation, may spend (about
 * 50 ns each: a 54,000-row set is confirmed at about 15 vertices spread over its levels, each
 * counted at CHECK_COST). */
const MAX_CHART_WORK = 1.5e7;
const MAX_SET_WORK = 2.5e6;
/** Evaluations a checked vertex may cost (one, and the grid points around it when the bound misses it). */
const CHECK_COST = 3;
/** Evaluations of the picked vertices a bandwidth fit spends (a 33-step scan, then two golden sections of 30 steps of two). */
const FIT_STEPS = 153;
/** Vertices a set needs before anything is read from it. */
const MIN_VERTICES = 12;
/** Rows a subset needs (a KDE of a handful of points says little). */
const MIN_ROWS = 5;
/** A named change is evidence only when the data's own KDE misses this share of the vertices. */
const CLEARLY_OFF = 0.5;

const fmt = (v: number) => String(+v.toPrecision(4));

/** The chart's kernel-evaluation budget: every evaluation spends from it. */
class Budget {
  /** Whether a try was refused since the flag was last cleared (so "nothing fits" is not claimed). */
  refused = false;
  constructor(public left: number) {}
  take(n: number): boolean {
    if (n > this.left) {
      this.refused = true;
      return false;
    }
    this.left -= n;
    return true;
  }
}

/** A Gaussian KDE of (x, y) points at a bandwidth factor, as scipy's gaussian_kde. */
interface Kde {
  xs: Float64Array;
  ys: Float64Array;
  /** The inverse kernel covariance (symmetric: xx, xy, yy) and the kernel's normalising constant / n. */
  ixx: number;
  ixy: number;
  iyy: number;
  norm: number;
  /** seaborn's grid on each axis at this bandwidth: its first value and step. */
  x0: number;
  y0: number;
  dx: number;
  dy: number;
}

interface Points {
  xs: Float64Array;
  ys: Float64Array;
  /** The data's covariance (ddof 1) and extent. */
  sxx: number;
  sxy: number;
  syy: number;
  xlo: number;
  ylo: number;
  rx: number;
  ry: number;
}

function pointsOf(xs: number[], ys: number[]): Points | null {
  const n = xs.length;
  if (n < MIN_ROWS) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  let xlo = Infinity;
  let xhi = -Infinity;
  let ylo = Infinity;
  let yhi = -Infinity;
  for (let i = 0; i < n; i++) {
    const a = xs[i]! - mx;
    const b = ys[i]! - my;
    sxx += a * a;
    sxy += a * b;
    syy += b * b;
    xlo = Math.min(xlo, xs[i]!);
    xhi = Math.max(xhi, xs[i]!);
    ylo = Math.min(ylo, ys[i]!);
    yhi = Math.max(yhi, ys[i]!);
  }
  sxx /= n - 1;
  sxy /= n - 1;
  syy /= n - 1;
  // seaborn skips a set of zero variance or perfect covariance (scipy cannot invert it)
  if (!(sxx > 0 && syy > 0) || sxx * syy - sxy * sxy <= 1e-12 * sxx * syy) return null;
  return { xs: Float64Array.from(xs), ys: Float64Array.from(ys), sxx, sxy, syy, xlo, ylo, rx: xhi - xlo, ry: yhi - ylo };
}

/** The KDE at `factor` × Scott's bandwidth. */
function kdeAt(pts: Points, factor: number): Kde {
  const n = pts.xs.length;
  const f2 = (n ** (-1 / 6) * factor) ** 2;
  const cxx = pts.sxx * f2;
  const cxy = pts.sxy * f2;
  const cyy = pts.syy * f2;
  const det = cxx * cyy - cxy * cxy;
  return {
    xs: pts.xs,
    ys: pts.ys,
    ixx: cyy / det,
    ixy: -cxy / det,
    iyy: cxx / det,
    norm: 1 / (2 * Math.PI * Math.sqrt(det) * n),
    x0: pts.xlo - CUT * Math.sqrt(cxx),
    y0: pts.ylo - CUT * Math.sqrt(cyy),
    dx: (pts.rx + 2 * CUT * Math.sqrt(cxx)) / GRID_STEPS,
    dy: (pts.ry + 2 * CUT * Math.sqrt(cyy)) / GRID_STEPS,
  };
}

/** Mahalanobis distance² past which a row's kernel is not evaluated, and the most it can add. */
const FAR = 60;
const FAR_PART = Math.exp(-FAR / 2);

/** The density at (u, v) and the interpolation error bound there (Δ² |f''| / 8 along either grid direction). */
function evaluate(k: Kde, u: number, v: number): [number, number] {
  let f = 0;
  let fxx = 0;
  let fyy = 0;
  let far = 0;
  const { xs, ys, ixx, ixy, iyy } = k;
  for (let i = 0; i < xs.length; i++) {
    const a = u - xs[i]!;
    const b = v - ys[i]!;
    const gx = ixx * a + ixy * b;
    const gy = ixy * a + iyy * b;
    const q = a * gx + b * gy;
    // a row this far out adds less than e^-30 of a kernel's peak: counted, not evaluated
    if (q > FAR) {
      far++;
      continue;
    }
    const e = Math.exp(-0.5 * q);
    f += e;
    fxx += e * (gx * gx - ixx);
    fyy += e * (gy * gy - iyy);
  }
  // the rows left out are part of the error bound (each adds at most e^-30 of a kernel's peak to the density)
  const bound = Math.max(k.dx * k.dx * Math.abs(fxx), k.dy * k.dy * Math.abs(fyy)) / 8;
  return [f * k.norm, (bound + far * FAR_PART) * k.norm];
}

/** How far (in grid steps) a grid coordinate is from line i of the grid starting at g0. */
const GRID_EXACT = 1e-6;
const POSITION_EXACT = 1e-4;

/**
 * A vertex on one of seaborn's default grid lines (x = a grid x, or y = a grid y) as matplotlib
 * puts it: where the line between the two grid points around it crosses `level`, linearly
 * interpolated. True when the vertex is that point (within 1e-4 of a grid step); false when it is
 * on no grid line (another gridsize, cut or clip) or elsewhere.
 */
function interpolated(k: Kde, u: number, v: number, level: number, share: number): boolean {
  const along = (t: number, t0: number, step: number) => {
    const i = Math.round((t - t0) / step);
    return i >= 0 && i <= GRID_STEPS && Math.abs((t - t0) / step - i) <= GRID_EXACT ? i : -1;
  };
  const cross = (fixed: "x" | "y"): boolean => {
    const [t, t0, step] = fixed === "x" ? [v, k.y0, k.dy] : [u, k.x0, k.dx];
    const j = Math.min(GRID_STEPS - 1, Math.max(0, Math.floor((t - t0) / step)));
    const a = t0 + j * step;
    const at = (w: number) => share * (fixed === "x" ? evaluate(k, u, w) : evaluate(k, w, v))[0];
    const za = at(a);
    const zb = at(a + step);
    if ((za - level) * (zb - level) > 0 || za === zb) return false;
    return Math.abs(a + ((level - za) / (zb - za)) * step - t) <= POSITION_EXACT * step;
  };
  return (along(u, k.x0, k.dx) >= 0 && cross("x")) || (along(v, k.y0, k.dy) >= 0 && cross("y"));
}

/** A change of one axis' column: the vertex is read back to where the data's KDE is evaluated. */
interface Change {
  /** (u, v) drawn -> the point of the data's KDE that gives it, and the density's factor. */
  back: (u: number, v: number) => [number, number];
  factor: number;
  how: string;
}
const NONE: Change = { back: (u, v) => [u, v], factor: 1, how: "" };

/** How far each vertex is off its level (0 within tolerance), relative to the level. */
function misses(s: PlottedSeries, idx: number[], k: Kde, share: number, ch: Change, box: number[], mode: "check" | "raw" | "bound" = "check"): number[] {
  const lower = s.lower;
  const at = idx.map((j) => {
    const [u, v] = ch.back(s.x[j] as number, s.y[j]!);
    const [f, e] = evaluate(k, u, v);
    return [f * share * ch.factor, e * share * ch.factor] as const;
  });
  // the curvature at a vertex can vanish (an inflection, a saddle) while the interpolation error,
  // set by the curvature somewhere along the grid step, does not: a vertex's bound is at least a
  // quarter of the median bound on its level (the curvature varies smoothly along a level's line)
  const byLevel = new Map<number, number[]>();
  idx.forEach((j, t) => {
    const l = s.levels![j]!;
    if (!byLevel.has(l)) byLevel.set(l, []);
    byLevel.get(l)!.push(at[t]![1]);
  });
  const floor = new Map([...byLevel].map(([l, es]) => [l, [...es].sort((a, b) => a - b)[Math.floor(es.length / 2)]! / 4]));
  return idx.map((j, t) => {
    const [f, e] = at[t]!;
    const hi = s.levels![j]!;
    const tol = CURVATURE_MARGIN * Math.max(e, floor.get(hi)!) + 1e-9 * hi;
    // checking, the gap past the error bound (relative to the level); fitting, the gap relative to
    // the level ("raw": smooth, for a coarse fit) or in units of the bound ("bound": for the fine one)
    const off =
      mode === "raw"
        ? (l: number) => Math.abs(f - l) / hi
        : mode === "bound"
          ? (l: number) => Math.abs(f - l) / tol
          : (l: number) => Math.max(0, Math.abs(f - l) - tol) / hi;
    // a vertex the bound does not cover is still confirmed when it is exactly matplotlib's
    // interpolation on seaborn's grid (where the grid is coarse against the bandwidth, the bound's
    // Taylor estimate is no bound); only when checking the data's own KDE, unchanged
    const exact = (l: number) => mode === "check" && ch === NONE && interpolated(k, s.x[j] as number, s.y[j]!, l, share);
    if (!lower) return off(hi) > 0 && exact(hi) ? 0 : off(hi);
    const lo = lower[j]!;
    // a filled band's outline runs along the grid's edge where the band reaches it (thresh=0, clip=)
    const onEdge = s.x[j] === box[0] || s.x[j] === box[1] || s.y[j] === box[2] || s.y[j] === box[3];
    if (onEdge && f >= lo - tol && f <= hi + tol) return 0;
    const gap = Math.min(off(hi), off(lo));
    return gap > 0 && (exact(hi) || exact(lo)) ? 0 : gap;
  });
}

/** Evenly spread indices of n items, at most m. */
function spread(n: number, m: number): number[] {
  if (n <= m) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: m }, (_, i) => Math.round((i * (n - 1)) / (m - 1)));
}

/** The bandwidth factor whose KDE's iso-lines best fit the picked vertices: a log scan, then golden section. */
function fitFactor(fit: (a: number) => number): number {
  const lo = Math.log(1 / 40);
  const hi = Math.log(40);
  const steps = 32;
  let best = 0;
  let bestErr = Infinity;
  for (let i = 0; i <= steps; i++) {
    const e = fit(Math.exp(lo + ((hi - lo) * i) / steps));
    if (e < bestErr) [best, bestErr] = [i, e];
  }
  return Math.exp(golden(fit, lo + ((hi - lo) * Math.max(0, best - 1)) / steps, lo + ((hi - lo) * Math.min(steps, best + 1)) / steps, Math.exp));
}

function golden(fit: (a: number) => number, a: number, b: number, map: (t: number) => number = (t) => t): number {
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 30; i++) {
    const c = b - g * (b - a);
    const d = a + g * (b - a);
    if (fit(map(c)) < fit(map(d))) b = d;
    else a = c;
  }
  return (a + b) / 2;
}

const sq = (xs: number[]) => xs.reduce((t, v) => t + v * v, 0);

interface Subset {
  desc: string;
  rows: number[];
  shows: Array<[string, string]>;
  /** The density's factors seaborn may have applied: [factor, how]. */
  shares: Array<[number, string]>;
}

/** The rows a set with this label can show, with the common_norm factors each may carry. */
function subsetsOf(s: PlottedSeries, p: Prepared, labelsOnAxes: string[], xv: number[], yv: number[]): Subset[] {
  const ok = (i: number) => Number.isFinite(xv[i]!) && Number.isFinite(yv[i]!);
  const all = Array.from({ length: p.rowCount }, (_, i) => i).filter(ok);
  if (s.label === null) return [{ desc: "", rows: all, shows: [], shares: [[1, ""]] }];
  const label = s.label.trim();
  const out: Subset[] = [];
  for (const [g, keys] of p.categorical) {
    const rows = all.filter((i) => keys[i] === label);
    if (rows.length === 0) continue;
    const keyed = all.filter((i) => keys[i] !== null).length;
    const shown = all.filter((i) => keys[i] !== null && labelsOnAxes.includes(keys[i]!)).length;
    // seaborn's default (common_norm=True) first: each try costs a pass over the rows
    const shares: Array<[number, string]> = [];
    if (keyed > rows.length) shares.push([rows.length / keyed, `, × ${rows.length}/${keyed} rows (seaborn's common_norm)`]);
    if (shown > rows.length && shown < keyed)
      shares.push([rows.length / shown, `, × ${rows.length}/${shown} rows of the levels shown (seaborn's common_norm)`]);
    shares.push([1, ""]);
    out.push({ desc: ` where ${g} == ${JSON.stringify(label)}`, rows, shows: [[g, label]], shares });
  }
  return out;
}

/** Column pairs to try: the axes' labels first when they name numeric columns, then every pair in range. */
function pairsOf(s: PlottedSeries, p: Prepared, labels: string[]): Array<[string, string]> {
  const [xl, yl] = labels;
  if (xl && yl && p.numeric.has(xl) && p.numeric.has(yl) && xl !== yl) return [[xl, yl]];
  const xs = s.x as number[];
  const box = [Math.min(...xs), Math.max(...xs), Math.min(...s.y), Math.max(...s.y)];
  // a contour lies within a few bandwidths of the data (a bandwidth is at most about the column's spread)
  const near = (v: number[], lo: number, hi: number) => {
    const f = v.filter(Number.isFinite);
    if (f.length < MIN_ROWS) return false;
    const a = Math.min(...f);
    const b = Math.max(...f);
    const w = b - a;
    return w > 0 && lo >= a - 4 * w && hi <= b + 4 * w && hi >= a && lo <= b;
  };
  const cols = [...p.numeric.keys()];
  const out: Array<[string, string]> = [];
  for (const a of cols)
    for (const b of cols) if (a !== b && near(p.numeric.get(a)!, box[0]!, box[1]!) && near(p.numeric.get(b)!, box[2]!, box[3]!)) out.push([a, b]);
  return out;
}

interface Reading {
  factor: number;
  share: [number, string];
  checked: number;
}

/** The set as the iso-lines of the KDE of pts (at Scott's bandwidth or a fitted multiple), under a change. */
function confirm(s: PlottedSeries, pts: Points, shares: Array<[number, string]>, ch: Change, budget: Budget, box: number[]): Reading | null {
  const n = pts.xs.length;
  const pick = spread(s.y.length, FIT_VERTICES);
  // a checked vertex costs one evaluation, and up to a few more where it is checked as interpolated
  const all = spread(s.y.length, Math.max(MIN_VERTICES, Math.floor(Math.min(budget.left / 2, MAX_SET_WORK) / (CHECK_COST * n))));
  const whole = (factor: number, share: [number, string]): Reading | null =>
    budget.take(CHECK_COST * n * all.length) && misses(s, all, kdeAt(pts, factor), share[0], ch, box).every((m) => m === 0)
      ? { factor, share, checked: all.length }
      : null;
  // Scott's bandwidth under every factor first (cheap), then a fitted one
  for (const share of shares) {
    if (!budget.take(CHECK_COST * n * pick.length)) return null;
    if (misses(s, pick, kdeAt(pts, 1), share[0], ch, box).every((m) => m === 0)) {
      const r = whole(1, share);
      if (r) return r;
    }
  }
  for (const share of shares) {
    if (!budget.take(n * pick.length * (FIT_STEPS + CHECK_COST))) continue;
    const rough = fitFactor((a) => sq(misses(s, pick, kdeAt(pts, a), share[0], ch, box, "raw")));
    // the least-squares bandwidth leans with the interpolation error; the one that keeps the
    // worst vertex nearest its level (in units of its bound) is what the check needs
    const worst = (a: number) => Math.max(...misses(s, pick, kdeAt(pts, a), share[0], ch, box, "bound"));
    const factor = golden(worst, rough / 1.05, rough * 1.05);
    if (misses(s, pick, kdeAt(pts, factor), share[0], ch, box).some((m) => m > 0)) continue;
    const r = whole(factor, share);
    if (r) return r;
  }
  return null;
}

function columnPoints(p: Prepared, rows: number[], xc: string, yc: string): Points | null {
  const xv = p.numeric.get(xc)!;
  const yv = p.numeric.get(yc)!;
  return pointsOf(
    rows.map((i) => xv[i]!),
    rows.map((i) => yv[i]!),
  );
}

/** The set as the KDE of one axis' column stretched or moved: positive evidence only. */
function changed(s: PlottedSeries, p: Prepared, xc: string, yc: string, sub: Subset, budget: Budget, box: number[]): string | null {
  const pts = columnPoints(p, sub.rows, xc, yc);
  if (!pts) return null;
  const n = pts.xs.length;
  const pick = spread(s.y.length, FIT_VERTICES);
  // the data's own KDE (Scott's, fitted) misses most vertices: not a near miss a tolerance decides
  const own = kdeAt(pts, 1);
  const idx = spread(s.y.length, Math.max(MIN_VERTICES, Math.floor(MAX_SET_WORK / (CHECK_COST * n))));
  if (!budget.take(CHECK_COST * n * idx.length)) return null;
  for (const [share] of sub.shares) {
    const off = misses(s, idx, own, share, NONE, box).filter((m) => m > 0).length;
    if (off < CLEARLY_OFF * idx.length) return null;
  }
  const vx = s.x as number[];
  const mean = (v: ArrayLike<number>) => {
    let t = 0;
    for (let i = 0; i < v.length; i++) t += v[i]!;
    return t / v.length;
  };
  for (const axis of ["x", "y"] as const) {
    const drawn = mean(axis === "x" ? vx : s.y);
    const data = mean(axis === "x" ? pts.xs : pts.ys);
    const col = axis === "x" ? xc : yc;
    const sd = Math.sqrt(axis === "x" ? pts.sxx : pts.syy);
    // a stretch k: x drawn at k·x (the density × 1/k); a move d: at x + d
    const stretch = (k: number): Change => ({
      back: axis === "x" ? (u, v) => [u / k, v] : (u, v) => [u, v / k],
      factor: 1 / k,
      how: `${col} × ${fmt(k)}`,
    });
    const move = (d: number): Change => ({
      back: axis === "x" ? (u, v) => [u - d, v] : (u, v) => [u, v - d],
      factor: 1,
      how: `${col} ${d > 0 ? "+" : "−"} ${fmt(Math.abs(d))}`,
    });
    const tries: Array<[(t: number) => Change, number, number, string]> = [];
    if (data !== 0 && drawn / data > 0) {
      const k0 = drawn / data;
      tries.push([stretch, k0 * 0.8, k0 * 1.25, "its values stretched"]);
    }
    tries.push([move, drawn - data - sd, drawn - data + sd, "its values moved"]);
    for (const [make, a, b, what] of tries) {
      for (const [share, norm] of sub.shares) {
        if (!budget.take(n * pick.length * 31)) return null;
        const k = kdeAt(pts, 1);
        const t = golden((t) => sq(misses(s, pick, k, share, make(t), box, "raw")), a, b);
        // a stretch a change of unit gives, or no change at all, is no evidence
        if (make === stretch ? Math.abs(t - 1) <= 1e-3 || unitChange(t) !== null : Math.abs(t) <= 1e-3 * sd) continue;
        if (!budget.take(n * idx.length)) return null;
        if (!misses(s, idx, k, share, make(t), box).every((m) => m === 0)) continue;
        // named as the round number it is when that fits too (a fit lands near 800, not on it)
        const round = [1, 2, 3].map((d) => Number(t.toPrecision(d))).find((r) => r !== t && Math.abs(r - t) <= 0.01 * Math.abs(t));
        const ch =
          round !== undefined && budget.take(n * idx.length) && misses(s, idx, k, share, make(round), box).every((m) => m === 0) ? make(round) : make(t);
        return `the contours are not the density of ${xc} and ${yc}${sub.desc}: every vertex lies on the density of ${ch.how} (${what}; Gaussian KDE, Scott's bandwidth${norm}), and most lie off the data's own`;
      }
    }
  }
  return null;
}

/**
 * Every contour set of the chart weighed against the data (pass, fail, or unchecked with the
 * reason), by the series' index. `labels`: the x and y axis labels of each series' axes.
 */
export function weighContours(series: PlottedSeries[], p: Prepared, labels: string[][] = []): Map<number, ContourFinding> {
  const out = new Map<number, ContourFinding>();
  const budget = new Budget(MAX_CHART_WORK);
  series.forEach((s, i) => {
    if (s.kind !== "contours") return;
    const levels = s.levels;
    if (!levels || levels.length !== s.y.length || s.y.length < MIN_VERTICES || !s.x.every((x) => typeof x === "number") || !levels.every((l) => l > 0)) {
      out.set(i, { status: "unchecked", detail: "a contour set with too few vertices (or levels not above 0) to read: not checked" });
      return;
    }
    const xs = s.x as number[];
    const box = [Math.min(...xs), Math.max(...xs), Math.min(...s.y), Math.max(...s.y)];
    const onAxes = series.flatMap((o) => (o.kind === "contours" && o.axes === s.axes && o.label !== null ? [o.label.trim()] : []));
    budget.refused = false;
    const pairs = pairsOf(s, p, labels[i] ?? []);
    const named = pairs.length === 1 && (labels[i] ?? [])[0] === pairs[0]![0];
    const what = `${new Set(levels).size} level${new Set(levels).size === 1 ? "" : "s"}${s.lower ? " (filled)" : ""}`;
    for (const [xc, yc] of pairs) {
      for (const sub of subsetsOf(s, p, onAxes, p.numeric.get(xc)!, p.numeric.get(yc)!)) {
        const pts = columnPoints(p, sub.rows, xc, yc);
        if (!pts) continue;
        const r = confirm(s, pts, sub.shares, NONE, budget, box);
        if (!r) continue;
        const bw = Math.abs(r.factor - 1) <= 1e-9 ? "Scott's bandwidth" : `bandwidth ${fmt(r.factor)} × Scott's (seaborn's bw_adjust)`;
        out.set(i, {
          status: "pass",
          detail: `iso-density lines (${what}) of ${xc} and ${yc}${sub.desc} (${pts.xs.length} rows; Gaussian KDE, ${bw}${r.share[1]}): ${r.checked} vertices sampled along every level lie on their level within the interpolation error of seaborn's 200-point grid${s.truncated ? " (a sample of the vertices drawn)" : ""}`,
          shows: sub.shows,
        });
        return;
      }
    }
    // evidence against, only for the columns the axes name (a claim is about what the chart says it shows)
    if (named) {
      const [xc, yc] = pairs[0]!;
      for (const sub of subsetsOf(s, p, onAxes, p.numeric.get(xc)!, p.numeric.get(yc)!)) {
        const why = changed(s, p, xc, yc, sub, budget, box);
        if (why) {
          out.set(i, { status: "fail", detail: why, shows: sub.shows });
          return;
        }
      }
    }
    if (budget.refused) {
      out.set(i, {
        status: "unchecked",
        detail: `these contours (${what}) were not checked against every reading: the rows are too many for the time the check may spend on a chart`,
      });
      return;
    }
    out.set(i, {
      status: "unchecked",
      detail: `no pair of columns' kernel density (in the rows ${s.label === null ? "of the data" : `of hue level ${JSON.stringify(s.label)}`}, at any bandwidth) gives these contours (${what}) and nothing shows them wrong: not checked`,
    });
  });
  return out;
}
