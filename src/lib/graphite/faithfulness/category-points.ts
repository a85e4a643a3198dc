// One series that holds several points at each category label, as seaborn's objects interface
// draws a whole layer in one artist (so.Plot(x="species", color="sex").add(so.Dot(), so.Agg())):
// either every row's value at its category (so.Dot, a strip drawn as one collection), or one
// aggregate per category × second-column group (so.Agg with a color or a dodge). Points at a
// label are compared as a set, since nothing in the drawing says which group a point stands for;
// every group must be drawn once. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { aggregate, type Agg } from "./aggregate";
import { close } from "./match";
import type { Prepared } from "./table";

const AGGS: Agg[] = ["mean", "median", "sum", "count", "min", "max"];
/** A second column with more groups than this is no hue. */
const MAX_HUE_VALUES = 12;
const MIN_POINTS = 4;

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

export function explainCategoryPoints(s: PlottedSeries, p: Prepared, scale: number): string | null {
  const at = byLabel(s);
  if (!at) return null;
  for (const [g, keys] of p.categorical) {
    if (![...at.keys()].every((k) => keys.includes(k))) continue;
    const rowsAt = new Map([...at.keys()].map((k) => [k, keys.flatMap((key, i) => (key === k ? [i] : []))]));
    const hues = [...p.categorical].filter(([h]) => h !== g);
    for (const [c, v] of p.numeric) {
      if (c === g) continue;
      // every row's value at its label: all rows, or the rows whose hue is present (seaborn drops the others)
      for (const [h, hk] of [[null, null] as const, ...hues]) {
        const want = (k: string) =>
          sortNum(
            rowsAt
              .get(k)!
              .filter((i) => Number.isFinite(v[i]!) && (hk === null || hk[i] !== null))
              .map((i) => v[i]!),
          );
        if ([...at].every(([k, drawn]) => sameSet(drawn, want(k), scale)))
          return `values of ${c} at each ${g}, every row once${h === null ? "" : ` (rows where ${h} is present)`}`;
      }
      // one aggregate per label × hue group: at most one point per hue value at a label
      if ([...at.values()].some((d) => d.length > MAX_HUE_VALUES)) continue;
      for (const [h, hk] of hues) {
        const hv = [...new Set(hk.filter((k): k is string => k !== null))];
        if (hv.length < 2 || hv.length > MAX_HUE_VALUES) continue;
        for (const agg of AGGS) {
          const want = (k: string) =>
            sortNum(
              hv
                .map((hval) => rowsAt.get(k)!.filter((i) => hk[i] === hval))
                .filter((rows) => rows.length > 0)
                .map((rows) =>
                  aggregate(
                    agg,
                    rows.map((i) => v[i]!),
                  ),
                )
                .filter((t) => Number.isFinite(t)),
            );
          if ([...at].every(([k, drawn]) => sameSet(drawn, want(k), scale)))
            return `${agg} of ${c} by ${g} and ${h}: each point one ${g} × ${h} group, every group drawn once`;
        }
      }
    }
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
