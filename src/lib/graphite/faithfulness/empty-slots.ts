// A category the chart names while drawing nothing for it, though the data holds its rows. A pandas
// Categorical (or seaborn's order=) keeps a tick for every level on a category axis and an entry
// for every level in a hue legend; when a level's rows are dropped before the plot, the axis still
// shows its empty slot (the legend its entry), which tells the reader "none" where the data has
// rows. A subset taken by the chart's author on another column (the lunch rows only) leaves empty
// slots too, so this is evidence only when the confirmed series show every value of every other
// column they name: the chart draws all rows but one category's. Pure.
import type { FaithCheck } from "../../schema/graphite";
import type { FigureMeasure } from "../../schema/sandbox";
import { sameValue, someColumnMissing } from "./facets";
import type { Prepared, Table } from "./table";

/** Per column the confirmed series name: the values they show and every value the data holds. */
export type ShownValues = Map<string, { shown: Set<string>; all: Set<string> }>;

/** Note that confirmed series show `shown` of column `col`'s values `all`. */
export function noteShown(into: ShownValues, col: string, shown: Iterable<string>, all: Iterable<string>): void {
  const at = into.get(col) ?? { shown: new Set<string>(), all: new Set<string>() };
  for (const v of shown) at.shown.add(v);
  for (const v of all) at.all.add(v);
  into.set(col, at);
}

/** Points at one category per (column, category column, category): how many the strips draw there. */
export type StripPoints = Map<string, { col: string; g: string; key: string; points: number }>;

/** Count a series read as one category's values ("values of c where g == key (points at one
 * category"); seaborn splits a category's strip by hue, so the count is summed. */
export function noteStrip(into: StripPoints, desc: string, points: number): void {
  const m = /^values of (.+) where (.+?) == ("(?:[^"\\]|\\.)*") \(points at one category/.exec(desc);
  if (!m) return;
  const id = JSON.stringify([m[1], m[2], m[3]]);
  const at = into.get(id) ?? { col: m[1]!, g: m[2]!, key: JSON.parse(m[3]!) as string, points: 0 };
  into.set(id, { ...at, points: at.points + points });
}

/**
 * The category columns whose strips draw fewer points at some category than its rows hold values
 * (a strip reading is a set: it confirms the points are the category's values, not that all are
 * drawn), so the series do not show that column's categories from all the rows.
 */
export function partialStrips(strips: StripPoints, p: Prepared): Set<string> {
  const out = new Set<string>();
  for (const { col, g, key, points } of strips.values()) {
    const keys = p.categorical.get(g);
    const v = p.numeric.get(col);
    if (!keys || !v) {
      out.add(g);
      continue;
    }
    const held = keys.reduce((n, k, i) => n + (k === key && Number.isFinite(v[i]!) ? 1 : 0), 0);
    if (points < held) out.add(g);
  }
  return out;
}

interface Slot {
  value: string;
  rows: number;
  /** Where the chart names it: an empty slot on a category axis, or an entry of a legend titled with the column. */
  on: "axis" | "legend";
}

/** The tick labels of every category axis of figure f's axes a, and the series drawn there. */
function axesOf(f: FigureMeasure): Array<{ ticks: string[]; drawn: Set<string> }> {
  const ticks = f.categoryTicks ?? [];
  return ticks.flatMap((t, a) => {
    const on = ticks.length === 1 ? f.data : f.data.filter((s) => s.axes === a);
    // a heatmap's or 2-D histogram's cells are no slots (their rows and columns are cells' labels)
    if (on.length === 0 || on.some((s) => s.kind === "heatmap" || s.kind === "hist2d" || s.kind === "contours")) return [];
    const drawn = new Set(on.flatMap((s) => s.x.filter((x, i) => typeof x === "string" && Number.isFinite(s.y[i])) as string[]));
    return [t.x, t.y].filter((l): l is string[] => l !== null).map((l) => ({ ticks: l, drawn }));
  });
}

/**
 * "categories shown" failed when exactly one column's values are shown incompletely, every other
 * column the series name is shown whole, and a missing value of it has a slot on a category axis
 * with nothing drawn at it, or an entry in a legend titled with the column that no series or point
 * is drawn for (read only when `everyConfirmed`: every data series confirmed), while the data holds rows of it (no column all-missing in them: a level whose
 * values are all NaN draws nothing and is no dropped level); null otherwise.
 */
export function emptySlots(table: Table, figures: FigureMeasure[], shown: ShownValues, everyConfirmed: boolean): FaithCheck | null {
  const partial = [...shown].filter(([, s]) => [...s.all].some((v) => !s.shown.has(v)));
  if (partial.length !== 1) return null;
  const [col, s] = partial[0]!;
  const ci = table.columns.indexOf(col);
  if (ci < 0) return null;
  const missing = [...s.all].filter((v) => !s.shown.has(v));
  const slots: Slot[] = [];
  for (const f of figures)
    for (const { ticks, drawn } of axesOf(f)) {
      // the axis is this column's: the series stand at its values
      if (![...drawn].some((d) => s.shown.has(d))) continue;
      for (const v of missing) {
        if (slots.some((x) => x.value === v)) continue;
        if (!ticks.some((t) => sameValue(t, v, table.decimal)) || [...drawn].some((d) => sameValue(d, v, table.decimal))) continue;
        const rows = heldRows(table, ci, col, v);
        if (rows > 0) slots.push({ value: v, rows, on: "axis" });
      }
    }
  // a legend titled with the column listing a value no series or point is drawn for; seaborn draws
  // a hue's bars and lines unlabelled, so what the legend's levels are drawn as is known only when
  // every series is confirmed (its rows named): an unconfirmed series may be the "missing" level
  for (const f of everyConfirmed ? figures : [])
    for (const leg of f.legendEntries ?? []) {
      if (leg.title !== col) continue;
      const named = (d: FigureMeasure["data"][number]) => [d.label ?? "", ...(d.pointHues ?? []).map((h) => h ?? "")].filter((l) => leg.labels.includes(l));
      const series = f.data.filter((d) => d.y.length > 0);
      const drawn = new Set(series.flatMap(named));
      // a series naming no level may be any one level (a sum of a 0/1 column is its 1-rows' count):
      // levels are missing only where the legend has more levels than series could draw
      const room = leg.labels.length - drawn.size - series.filter((d) => named(d).length === 0).length;
      const found: Slot[] = [];
      for (const v of missing) {
        if (slots.some((x) => x.value === v)) continue;
        if (!leg.labels.some((t) => sameValue(t, v, table.decimal)) || [...drawn].some((d) => sameValue(d, v, table.decimal))) continue;
        const rows = heldRows(table, ci, col, v);
        if (rows > 0) found.push({ value: v, rows, on: "legend" });
      }
      if (found.length <= room) slots.push(...found);
    }
  if (slots.length === 0) return null;
  const said = (on: Slot["on"]) => {
    const here = slots.filter((x) => x.on === on);
    if (here.length === 0) return null;
    const named = here
      .slice(0, 4)
      .map((x) => `"${x.value}" (the data has ${x.rows} row${x.rows === 1 ? "" : "s"} where ${col} == ${JSON.stringify(x.value)})`)
      .join(", ");
    const one = here.length === 1;
    return on === "axis"
      ? `the axis shows ${one ? "the category" : `${here.length} categories`} ${named} with nothing drawn at ${one ? "it" : "them"}`
      : `the legend (${col}) lists ${named} but nothing is drawn for ${one ? "it" : "them"}`;
  };
  const n = slots.length;
  return {
    check: "categories shown",
    status: "fail",
    detail: `${[said("axis"), said("legend")].filter(Boolean).join("; ")}, while the series show every other ${col} value from all the rows: ${n === 1 ? "its" : "their"} rows were dropped before the plot (a categorical keeps the ${n === 1 ? "level" : "levels"})`,
  };
}

/** Rows where col == v, or 0 when some column is missing in every one of them (a level whose values are all NaN draws nothing from the whole data). */
function heldRows(table: Table, ci: number, col: string, v: string): number {
  const rows = table.rows.filter((r) => sameValue(r[ci] ?? "", v, table.decimal)).length;
  return rows > 0 && !someColumnMissing(table, [[col, v]]) ? rows : 0;
}
