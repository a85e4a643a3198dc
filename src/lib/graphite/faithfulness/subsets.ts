// Row subsets the check's own frames leave out, which seaborn draws all the time: rows picked by
// two columns at once (lineplot(hue="region", style="event"): one line per region × event) and
// rows picked by a number used as a hue (relplot(hue="year"), kdeplot(hue="size")). A series no
// reading over the usual subsets explains is tried over these, with the same readings (by key, a
// density, an ECDF). The subsets are built once per table and only for tables small enough to
// search them within the check's time; only lines are tried. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { explainEcdf } from "./ecdf";
import { explain } from "./match";
import { memo } from "./memo";
import { explainKde, explainPairs } from "./shapes";
import type { Frame, Prepared } from "./table";

/** A hue has at least 2 and at most this many values. */
const MAX_HUE_VALUES = 16;
/** Subsets tried at most, and rows at most: each subset is a full search. */
const MAX_SUBSETS = 60;
const MAX_ROWS = 30_000;

export interface Subset extends Frame {
  /** The conditions, each [column, value as the data spells it]. */
  conditions: Array<[string, string]>;
}

/** Category columns a chart may use as a hue: 2..16 values, numbers included. */
function hueColumns(p: Prepared): Array<[string, Array<string | null>, string[]]> {
  const out: Array<[string, Array<string | null>, string[]]> = [];
  for (const [c, keys] of p.categorical) {
    const values = [...new Set(keys.filter((k): k is string => k !== null))];
    if (values.length >= 2 && values.length <= MAX_HUE_VALUES) out.push([c, keys, values]);
  }
  return out;
}

/** The subsets not among the table's own frames: one numeric hue value, or two columns' values together. */
export function extraSubsets(p: Prepared): Subset[] {
  return memo(p, "two-column subsets", () => {
    if (p.rowCount > MAX_ROWS) return [];
    const own = new Set(p.frames.map((f) => f.desc));
    const hues = hueColumns(p);
    const out: Subset[] = [];
    const add = (conditions: Array<[string, string]>, rows: number[]) => {
      const desc = ` where ${conditions.map(([c, v]) => `${c} == ${JSON.stringify(v)}`).join(" and ")}`;
      if (rows.length > 0 && !own.has(desc) && out.length < MAX_SUBSETS) out.push({ desc, rows, conditions });
    };
    const rowsOf = (keys: Array<string | null>, v: string, within?: number[]) => (within ?? keys.map((_, i) => i)).filter((i) => keys[i] === v);
    for (const [c, keys, values] of hues) for (const v of values) add([[c, v]], rowsOf(keys, v));
    // pairs of columns with the fewest combinations first (a hue and a style of 2-4 values each)
    const pairsOf: Array<[number, number]> = [];
    for (let a = 0; a < hues.length; a++) for (let b = a + 1; b < hues.length; b++) pairsOf.push([a, b]);
    const size = ([a, b]: [number, number]) => hues[a]![2].length * hues[b]![2].length;
    pairsOf.sort((u, v) => size(u) - size(v));
    for (const [a, b] of pairsOf) {
      const [ca, ka, va] = hues[a]!;
      const [cb, kb, vb] = hues[b]!;
      if (out.length + va.length * vb.length > MAX_SUBSETS) break;
      for (const x of va) {
        const rx = rowsOf(ka, x);
        for (const y of vb)
          add(
            [
              [ca, x],
              [cb, y],
            ],
            rowsOf(kb, y, rx),
          );
      }
    }
    return out;
  });
}

/** The table whose row subsets are these (one per table, so what is built on it is kept), or null when there are none. */
export function subsetTable(p: Prepared): Prepared | null {
  const subsets = extraSubsets(p);
  return subsets.length === 0 ? null : memo(p, "two-column prepared", () => ({ ...p, frames: subsets }));
}

/** The reading of `s` over one of these subsets, confirmed pair by pair, and the subset. */
export function explainInSubsets(s: PlottedSeries, keys: string[] | null, p: Prepared, scale: number): { detail: string; subset: Subset } | null {
  // lines only (a hue and a style of lineplot, a numeric hue of relplot, kdeplot or ecdfplot):
  // bars and scatters split two ways come as facets, and each subset is a full search
  if (s.kind !== "line" || s.y.length < 3) return null;
  const sub = subsetTable(p);
  if (!sub) return null;
  const subsets = extraSubsets(p);
  const found = explain(s, keys, sub, scale);
  // y in order over a subset confirm the pairs only when x are that subset's own values row by row
  const detail = found?.byKey
    ? `${found.cand.desc}${found.scale} ${found.how}`
    : found && s.x.every((x) => typeof x === "number")
      ? explainPairs(s, sub, scale)
      : (explainEcdf(s, sub) ?? explainKde(s, sub));
  if (!detail) return null;
  let best: Subset | null = null;
  for (const f of subsets) if (detail.includes(f.desc) && (!best || f.desc.length > best.desc.length)) best = f;
  return best ? { detail, subset: best } : null;
}

/** Every combination of the columns' values the data holds (rows where all of them are present). */
export function combinationsIn(p: Prepared, cols: string[]): Set<string> {
  const keys = cols.map((c) => p.categorical.get(c)!);
  const out = new Set<string>();
  for (let i = 0; i < p.rowCount; i++) {
    const vals = keys.map((k) => k[i]);
    if (vals.every((v) => v !== null && v !== undefined)) out.add(JSON.stringify(vals));
  }
  return out;
}
