// Per-group means (or sums) of a column whose values were moved between rows: a shuffled column,
// or a shuffled key. No reading gives such bars, but one thing survives the move: every value
// still stands in some group, so the group means weighted by the key column's own group sizes add
// up to the column's total exactly (sums add up to it directly). A chart whose bars do that while
// they are not the column's means by that key shows the data's values in the wrong groups, and
// the detail names the column, the key and the first group that differs. Exactness is what makes
// it evidence: means over groups of any other sizes (a derived grouping that shares the labels, a
// filter) miss the total, and a sum needs 3+ groups (any split of the rows in two sums to the
// total). seaborn's hue lines carry no label: they are given to the levels of the column the
// legend is titled with, each way tried. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { close } from "./match";
import type { Weighed } from "./near";
import { memo } from "./memo";
import { orderings } from "./orderings";
import type { Prepared } from "./table";

/** An unread series and its place among the chart's series. */
export interface Unread {
  i: number;
  s: PlottedSeries;
}

/** Fewest groups a sum must cover before adding up to the total is evidence. */
export const MIN_SUM_GROUPS = 3;

const fmt = (v: number) => String(+v.toPrecision(6));

/** A key as text or number: "1949" and 1949, "0" and 0 name the same group. */
function norm(k: string | number): string {
  const t = typeof k === "number" ? k : k.trim() === "" ? Number.NaN : Number(k);
  return Number.isFinite(t) ? `n:${t}` : `s:${String(k).trim()}`;
}

const drawnKinds = new Set(["bar", "line"]);

/**
 * The unread series that are means or sums of one column's values moved between groups, each with
 * a failed check; empty when none is.
 */
export function rowsMoved(unread: Unread[], p: Prepared, scale: number, legendTitles: string[] = []): Map<number, Weighed> {
  const usable = unread.filter(({ s }) => drawnKinds.has(s.kind) && s.y.length > 0 && s.y.every((v) => Number.isFinite(v)));
  // hue series (pandas' unstack, seaborn's hue) labelled by one column's values: one partition
  const labelled = usable.filter(({ s }) => s.label !== null && !s.label.startsWith("_"));
  const attempts: Array<{ group: Unread[]; hue: boolean; only?: string }> = [];
  if (labelled.length >= 2 && new Set(labelled.map(({ s }) => norm(s.label!))).size === labelled.length) attempts.push({ group: labelled, hue: true });
  else attempts.push(...unlabelledLevels(usable, p, legendTitles));
  for (const u of usable) attempts.push({ group: [u], hue: false });
  const out = new Map<number, Weighed>();
  for (const { group, hue, only } of attempts) {
    if (group.some(({ i }) => out.has(i))) continue;
    const w = movedIn(group, hue, p, scale, only);
    if (w) for (const { i } of group) out.set(i, w);
  }
  return out;
}

/** Most unlabelled series given to a legend's levels (every way of giving them is tried). */
const MAX_UNLABELLED = 4;

/**
 * seaborn's hue lines carry no label: on one axes, 2–4 of them, given to the levels of a column
 * the chart's legend is titled with (as many levels as series), each way of giving them one
 * attempt; the weighted total being exact for one of them is the evidence, as for labelled ones.
 */
function unlabelledLevels(usable: Unread[], p: Prepared, legendTitles: string[]): Array<{ group: Unread[]; hue: boolean; only: string }> {
  const out: Array<{ group: Unread[]; hue: boolean; only: string }> = [];
  const titled = new Set(legendTitles.map((t) => t.trim()));
  const byAxes = new Map<number, Unread[]>();
  for (const u of usable) if (u.s.label === null || u.s.label.startsWith("_")) byAxes.set(u.s.axes, [...(byAxes.get(u.s.axes) ?? []), u]);
  for (const group of byAxes.values()) {
    if (group.length < 2 || group.length > MAX_UNLABELLED || new Set(group.map(({ s }) => s.kind)).size !== 1) continue;
    for (const h of titled) {
      const keys = p.categorical.has(h) ? fullKeys(p, h) : null;
      if (!keys) continue;
      const levels = [...new Set(keys)];
      if (levels.length !== group.length) continue;
      const raw = p.categorical.get(h)!;
      const named = levels.map((l) => raw[keys.indexOf(l)]!);
      for (const ord of orderings(group.length))
        out.push({ group: group.map((u, k) => ({ i: u.i, s: { ...u.s, label: named[ord[k]!]! } })), hue: true, only: h });
    }
  }
  return out;
}

/** Every row's key, or null when some row has none (groupby drops it, so the total is not kept). */
function fullKeys(p: Prepared, col: string): string[] | null {
  return memo(p, `moved-rows keys ${col}`, () => {
    const keys = p.categorical.get(col);
    if (!keys || keys.some((k) => k === null)) return null;
    return keys.map((k) => norm(k!));
  });
}

/** The rows of each cell (hue key | group key), built once per table and pair of columns. */
function cells(p: Prepared, h: string, g: string): Map<string, number[]> {
  return memo(p, `moved-rows cells ${h}|${g}`, () => {
    const hueKeys = h ? fullKeys(p, h)! : null;
    const keys = fullKeys(p, g)!;
    const rowsOf = new Map<string, number[]>();
    for (let r = 0; r < p.rowCount; r++) {
      const c = `${hueKeys ? hueKeys[r] : ""}|${keys[r]}`;
      const rows = rowsOf.get(c);
      if (rows) rows.push(r);
      else rowsOf.set(c, [r]);
    }
    return rowsOf;
  });
}

function movedIn(group: Unread[], hue: boolean, p: Prepared, scale: number, only?: string): Weighed | null {
  const points = group.flatMap(({ s }) => s.y.map((y, j) => ({ y, x: norm(s.x[j]!), h: hue ? norm(s.label!) : "" })));
  if (points.length < 2 || new Set(points.map((t) => t.y)).size < 2) return null;
  const at = points.map((t) => `${t.h}|${t.x}`);
  if (new Set(at).size !== at.length) return null;
  const xs = new Set(points.map((t) => t.x));
  const hues = hue ? (only !== undefined ? [only] : [...p.categorical.keys()]).filter((h) => fullKeys(p, h)) : [""];
  for (const h of hues) {
    // the hue column names every series, and each of its values has a series
    if (hue) {
      const hueKeys = new Set(fullKeys(p, h)!);
      if (hueKeys.size !== group.length || !group.every(({ s }) => hueKeys.has(norm(s.label!)))) continue;
    }
    for (const g of p.categorical.keys()) {
      if (g === h) continue;
      const keys = fullKeys(p, g);
      // every plotted x is one of g's keys (checked on the keys before any cell is built)
      if (!keys || ![...xs].every((x) => memo(keys, "set", () => new Set(keys)).has(x))) continue;
      const rowsOf = cells(p, h, g);
      // every group drawn once, nothing else drawn
      if (rowsOf.size !== points.length || !at.every((c) => rowsOf.has(c))) continue;
      const sizes = at.map((c) => rowsOf.get(c)!.length);
      for (const [c, v] of p.numeric) {
        if (c === g || c === h || p.gappy.has(c)) continue;
        let total = 0;
        let mass = 0;
        for (const t of v) {
          total += t;
          mass += Math.abs(t);
        }
        const tol = 1e-9 * mass + 1e-12 * scale;
        for (const agg of ["mean", "sum"] as const) {
          if (agg === "sum" && points.length < MIN_SUM_GROUPS) continue;
          const drawn = points.reduce((a, t, k) => a + (agg === "mean" ? sizes[k]! * t.y : t.y), 0);
          if (Math.abs(drawn - total) > tol) continue;
          // the data's own value of each group: where the first one differs is what the detail names
          const own = at.map((key) => {
            const rows = rowsOf.get(key)!;
            const s = rows.reduce((a, r) => a + v[r]!, 0);
            return agg === "mean" ? s / rows.length : s;
          });
          const k = points.findIndex((t, j) => !close(t.y, own[j]!, scale));
          if (k < 0) continue;
          const where = hue ? ` where ${h} == ${JSON.stringify(group.find(({ s }) => norm(s.label!) === points[k]!.h)!.s.label)}` : "";
          const label = String(group.flatMap(({ s }) => s.x)[k]);
          const by = hue ? `${g} and ${h}` : g;
          const kept =
            agg === "mean"
              ? `weighted by the sizes of ${by}'s ${points.length} groups they give the overall mean of ${c}, ${fmt(total / v.length)}, exactly`
              : `they add up to the total of ${c}, ${fmt(total)}, exactly`;
          return {
            status: "fail",
            detail: `the values are ${agg}s of ${c} over groups of ${by} (${kept}), but not the ${agg}s of ${c} by ${by}: at ${label}${where} plotted ${fmt(points[k]!.y)}, the data's ${agg} is ${fmt(own[k]!)}; the values of ${c} were moved between rows (shuffled), so each group shows other rows' values`,
          };
        }
      }
    }
  }
  return null;
}
