// One series that holds several points at each category label, as seaborn's objects interface
// draws a whole layer in one artist (so.Plot(x="species", color="sex").add(so.Dot(), so.Agg())):
// either every row's value at its category (so.Dot, a strip drawn as one collection), or one
// aggregate per category × second-column group (so.Agg with a color or a dodge), or evenly spaced
// percentiles of each category's rows (so.Perc(k)). Points at a
// label are compared as a set, since nothing in the drawing says which group a point stands for;
// every group must be drawn once. Such points that are one reading moved or stretched the same
// way at every label are evidence against the chart (categoryPointsChanged). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { aggregate, type Agg } from "./aggregate";
import { baselines } from "./baselines";
import { percentile } from "./boxes";
import { close } from "./match";
import { memo, memo2 } from "./memo";
import type { Weighed } from "./near";
import { relation } from "./pairs";
import type { Prepared } from "./table";

const AGGS: Agg[] = ["mean", "median", "sum", "count", "min", "max"];
/** A second column with more groups than this is no hue. */
const MAX_HUE_VALUES = 12;
const MIN_POINTS = 4;
/** Fewest percentiles at a label read as evenly spaced ones (the least, the median, the greatest). */
const MIN_PERCENTILES = 3;

const sortNum = (v: number[]) => [...v].sort((a, b) => a - b);
const sameSet = (drawn: number[], want: number[], scale: number) => drawn.length === want.length && want.every((w, i) => close(drawn[i]!, w, scale));

/** The drawn values at each label, sorted, or null when the series is not one with repeated labels. */
function byLabel(s: PlottedSeries): Map<string, number[]> | null {
  if (s.y.length < MIN_POINTS || s.truncated || !s.x.every((x) => typeof x === "string")) return null;
  const at = new Map<string, number[]>();
  s.x.forEach((x, i) => {
    const k = (x as string).trim();
    if (!at.has(k)) at.set(k, []);
    at.get(k)!.push(s.y[i]!);
  });
  if (at.size < 2 || at.size === s.y.length) return null;
  for (const [k, v] of at) at.set(k, sortNum(v));
  return at;
}

/** One reading of the points: what it is, and the reading's values at a label, sorted (built only when asked: most readings fail at their first label). */
interface Reading {
  desc: string;
  col: string;
  want: (label: string) => number[];
  /** How many values `want` gives at a label, when counting is cheaper than building them. */
  size?: (label: string) => number;
}

/** A label's rows of a category column, once per table. */
const rowsOf = (keys: Array<string | null>, k: string): number[] => memo(keys, `rows at ${k}`, () => keys.flatMap((key, i) => (key === k ? [i] : [])));

/** A column's present values in a label's rows, ascending, once per table (percentiles and sets of big categories). */
const sortedAt = (v: number[], keys: Array<string | null>, k: string): number[] =>
  memo2(v, keys, `sorted at ${k}`, () => sortNum(rowsOf(keys, k).flatMap((i) => (Number.isFinite(v[i]!) ? [v[i]!] : []))));

/** Does a reading give as many values at every label as are drawn there? Counted before they are built. */
const sizesFit = (r: Reading, at: Map<string, number[]>) => !r.size || [...at].every(([k, drawn]) => r.size!(k) === drawn.length);

/** Every reading of a series of points at repeated labels: each row's value at its label, or one aggregate per label × hue group. */
function* readings(at: Map<string, number[]>, p: Prepared): Generator<Reading> {
  // each category column's values, once (a hue of 2 to 12 of them groups a label's rows)
  const levelsOf = new Map([...p.categorical].map(([h, hk]) => [h, [...new Set(hk.filter((k): k is string => k !== null))]]));
  for (const [g, keys] of p.categorical) {
    if (![...at.keys()].every((k) => keys.includes(k))) continue;
    const rowsAt = new Map([...at.keys()].map((k) => [k, rowsOf(keys, k)]));
    const hues = [...p.categorical].filter(([h]) => h !== g);
    // a label's rows split by a hue's values (the groups that hold rows), built once per hue and label
    const split = new Map<string, number[][]>();
    const groupsAt = (h: string, hk: Array<string | null>, k: string): number[][] => {
      const key = `${h}\u0000${k}`;
      let groups = split.get(key);
      if (!groups) {
        const by = new Map(levelsOf.get(h)!.map((l) => [l, [] as number[]]));
        for (const i of rowsAt.get(k)!) if (hk[i] !== null) by.get(hk[i]!)!.push(i);
        groups = [...by.values()].filter((rows) => rows.length > 0);
        split.set(key, groups);
      }
      return groups;
    };
    for (const [c, v] of p.numeric) {
      if (c === g) continue;
      // every row's value at its label: all rows, or the rows whose hue is present (seaborn drops the others)
      for (const [h, hk] of [[null, null] as const, ...hues]) {
        const kept = (i: number) => Number.isFinite(v[i]!) && (hk === null || hk[i] !== null);
        const want = (k: string) =>
          hk === null
            ? sortedAt(v, keys, k)
            : sortNum(
                rowsAt
                  .get(k)!
                  .filter(kept)
                  .map((i) => v[i]!),
              );
        const size = (k: string) => {
          let n = 0;
          for (const i of rowsAt.get(k)!) if (kept(i)) n++;
          return n;
        };
        yield {
          desc: `values of ${c} at each ${g}, every row once${h === null ? "" : ` (rows where ${h} is present)`}`,
          col: c,
          want,
          size,
        };
      }
      // evenly spaced percentiles of each label's rows (so.Perc(k): np.percentile at linspace(0, 100, k))
      const m = at.values().next().value!.length;
      if (m >= MIN_PERCENTILES && [...at.values()].every((d) => d.length === m))
        yield {
          desc: `percentiles of ${c} at each ${g}: ${m} evenly spaced from 0 to 100 (numpy's linear) of each ${g}'s rows`,
          col: c,
          want: (k: string) => {
            const vals = sortedAt(v, keys, k);
            return vals.length === 0 ? [] : Array.from({ length: m }, (_, j) => percentile(vals, j / (m - 1)));
          },
        };
      // one aggregate per label × hue group: at most one point per hue value at a label
      if ([...at.values()].some((d) => d.length > MAX_HUE_VALUES)) continue;
      for (const [h, hk] of hues) {
        const hv = levelsOf.get(h)!;
        if (hv.length < 2 || hv.length > MAX_HUE_VALUES) continue;
        for (const agg of AGGS) {
          const want = (k: string) =>
            sortNum(
              groupsAt(h, hk, k)
                .map((rows) =>
                  aggregate(
                    agg,
                    rows.map((i) => v[i]!),
                  ),
                )
                .filter((t) => Number.isFinite(t)),
            );
          yield {
            desc: `${agg} of ${c} by ${g} and ${h}: each point one ${g} × ${h} group, every group drawn once`,
            col: c,
            want,
          };
        }
      }
    }
  }
}

export function explainCategoryPoints(s: PlottedSeries, p: Prepared, scale: number): string | null {
  const at = byLabel(s);
  if (!at) return null;
  for (const r of readings(at, p)) if (sizesFit(r, at) && [...at].every(([k, drawn]) => sameSet(drawn, r.want(k), scale))) return r.desc;
  return null;
}

/**
 * Points at repeated labels that are one reading moved by a constant or stretched by a factor no
 * change of unit gives, the same at every label (so.Dot with so.Agg of a column changed before it
 * was drawn): evidence against the chart, naming the reading and the change. A move by (or a
 * division by) a baseline of the column is a deviation chart, not evidence; a few points are
 * none either (3+ distinct values needed).
 */
export function categoryPointsChanged(s: PlottedSeries, p: Prepared): Weighed | null {
  const at = byLabel(s);
  if (!at || new Set(s.y).size < 3) return null;
  for (const r of readings(at, p)) {
    if (!sizesFit(r, at)) continue;
    // label by label, each label's points already one change of its values
    const drawn: number[] = [];
    const want: number[] = [];
    let fits = true;
    for (const [k, d] of at) {
      const w = r.want(k);
      if (w.length !== d.length || (w.length > 1 && !relation(d, w))) {
        fits = false;
        break;
      }
      drawn.push(...d);
      want.push(...w);
    }
    const rel = fits ? relation(drawn, want) : null;
    if (!rel) continue;
    const column = p.numeric.get(r.col)!.filter((t) => Number.isFinite(t));
    const base = baselines(column);
    const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
    const k = rel.startsWith("×") ? drawn[want.findIndex((t) => t !== 0)]! / want.find((t) => t !== 0)! : Number.NaN;
    const d = drawn[0]! - want[0]!;
    if (rel.startsWith("×") ? base.some((b) => same(1 / k, Math.abs(b)) || same(100 / k, Math.abs(b))) : base.some((b) => same(d, -b))) continue;
    return {
      status: "fail",
      detail: `the points are the ${r.desc.replace(/: .*/, "")} ${rel} at every label (${drawn.length} points): the values are not the data's`,
    };
  }
  return null;
}

/**
 * Wide-form data (sns.stripplot(data=df), sns.boxplot(data=df)): every point at one label that is
 * a numeric column's name, the points that column's values, each row once.
 */
export function explainWideColumn(s: PlottedSeries, p: Prepared, scale: number): string | null {
  if (s.y.length < MIN_POINTS || s.truncated || !s.x.every((x) => typeof x === "string")) return null;
  const name = (s.x[0] as string).trim();
  if (!s.x.every((x) => (x as string).trim() === name)) return null;
  const col = p.numeric.get(name);
  if (!col) return null;
  const want = sortNum(col.filter((t) => Number.isFinite(t)));
  return sameSet(sortNum(s.y), want, scale) ? `every value of column ${name}, drawn at its own name (wide-form data: one category per column)` : null;
}

/**
 * The category column a description explainCategoryPoints gave names as the points' positions, and
 * the values it counts as shown: those drawn, and those whose rows hold no value of the column (no
 * point to draw, so not missing). null for any other description.
 */
export function categoriesShown(desc: string, s: PlottedSeries, p: Prepared): [string, string[]] | null {
  for (const [g, keys] of p.categorical) {
    for (const [c, v] of p.numeric) {
      if (
        !desc.startsWith(`values of ${c} at each ${g}, every row once`) &&
        !desc.startsWith(`percentiles of ${c} at each ${g}:`) &&
        !new RegExp(`^\\w+ of ${escapeRegex(c)} by ${escapeRegex(g)} and .+: each point one `).test(desc)
      )
        continue;
      const shown = new Set(s.x.map((x) => String(x).trim()));
      const withData = new Set(keys.flatMap((k, i) => (k !== null && Number.isFinite(v[i]!) ? [k] : [])));
      return [g, [...new Set(keys.filter((k): k is string => k !== null))].filter((k) => shown.has(k) || !withData.has(k))];
    }
  }
  return null;
}

const escapeRegex = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
