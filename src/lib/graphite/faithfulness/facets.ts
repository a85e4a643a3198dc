// Facet grids: seaborn's relplot, catplot, displot and lmplot (and FacetGrid) with col= / row=
// draw one axes per subset of the rows and title it "col = value" ("row = value | col = value"
// when both are given: seaborn's default templates). Each such axes is checked against the rows
// its title names and nothing else, so a hue inside a facet is a one-column subset again, and a
// facet drawn from another facet's rows does not pass. The facet columns' values a grid shows
// are recorded so that a grid missing a value (a filter before the plot) is not "faithful". Pure.
import { isNA, parseNumber } from "../csv-typing";
import type { FigureMeasure } from "../../schema/sandbox";
import type { Table } from "./table";

export interface Facet {
  /** Index of the axes in its figure. */
  axes: number;
  /** The axes' title as drawn, e.g. "smoker = Yes | sex = Male". */
  title: string;
  /** The column = value conditions the title names, in the title's order. */
  where: Array<[string, string]>;
  /** The rows of the table that meet every condition. */
  rows: number[];
}

/** The table's value text matching a title's value: the same text, or the same number ("4" for "4.0"). */
export function sameValue(cell: string, value: string, decimal: Table["decimal"]): boolean {
  const c = cell.trim();
  if (c === value) return true;
  if (isNA(c)) return false;
  const a = parseNumber(c, decimal ?? ".");
  const b = parseNumber(value, ".");
  return a !== null && b !== null && Number.isFinite(a) && a === b;
}

/** "col = value" conditions of one title, or null when any part is not one of the table's columns. */
function conditions(title: string, table: Table): Array<[string, string]> | null {
  const parts = title.split(" | ");
  const out: Array<[string, string]> = [];
  for (const part of parts) {
    const at = part.indexOf(" = ");
    if (at <= 0) return null;
    const col = part.slice(0, at);
    if (!table.columns.includes(col) || out.some(([c]) => c === col)) return null;
    out.push([col, part.slice(at + 3)]);
  }
  return out.length ? out : null;
}

/**
 * The facets of a figure: every axes that draws data has a seaborn facet title naming the same
 * columns, there are at least two of them, and each names rows of the table. null otherwise (the
 * figure is checked as a whole, as before).
 */
export function facetsOf(table: Table, figure: FigureMeasure): Facet[] | null {
  const drawn = [...new Set(figure.data.filter((s) => s.y.length > 0).map((s) => s.axes))].sort((a, b) => a - b);
  if (drawn.length < 2) return null;
  const facets: Facet[] = [];
  let cols: string | null = null;
  for (const axes of drawn) {
    const title = figure.axisLabels[axes]?.title ?? "";
    const where = conditions(title, table);
    if (!where) return null;
    const names = where.map(([c]) => c).join("\u0000");
    if (cols !== null && names !== cols) return null;
    cols = names;
    const idx = where.map(([c]) => table.columns.indexOf(c));
    const rows = table.rows.flatMap((r, i) => (where.every(([, v], k) => sameValue(r[idx[k]!] ?? "", v, table.decimal)) ? [i] : []));
    if (rows.length === 0) return null;
    facets.push({ axes, title, where, rows });
  }
  // two axes with the same title are not a grid of subsets
  if (new Set(facets.map((f) => f.title)).size !== facets.length) return null;
  return facets;
}

/** The table restricted to a facet's rows (pandas types the subset as it typed the whole). */
export function facetTable(table: Table, facet: Facet): Table {
  return { ...table, rows: facet.rows.map((i) => table.rows[i]!) };
}

/** The figure with only the facet's axes' series. */
export function facetFigure(figure: FigureMeasure, facet: Facet): FigureMeasure {
  const ticks = figure.categoryTicks?.[facet.axes];
  return {
    ...figure,
    axes: 1,
    axisLabels: [figure.axisLabels[facet.axes]!],
    categoryTicks: ticks ? [ticks] : undefined,
    data: figure.data.filter((s) => s.axes === facet.axes),
  };
}

/**
 * Each facet column's values that no facet shows: a grid draws one facet per value present in
 * the data it was given, so a value missing is a subset taken before the plot (or a value dropped).
 */
export function facetValuesMissing(
  table: Table,
  facets: Facet[],
  figure: FigureMeasure,
): Array<{ col: string; shown: number; all: number; missing: string[] }> {
  const out: Array<{ col: string; shown: number; all: number; missing: string[] }> = [];
  const cols = facets[0]!.where.map(([c]) => c);
  // a drawn facet's title counts; an empty one only when some column is missing in every row it
  // names (a value whose y are all NaN still gets its empty facet): an empty facet over rows that
  // hold values is a category whose rows were dropped (a categorical dtype keeps the facet)
  const drawnAxes = new Set(figure.data.filter((s) => s.y.length > 0).map((s) => s.axes));
  const titled = figure.axisLabels
    .map((l, ax) => ({ w: conditions(l.title, table), ax }))
    .filter((t): t is { w: Array<[string, string]>; ax: number } => t.w !== null && (drawnAxes.has(t.ax) || someColumnMissing(table, t.w)))
    .map((t) => t.w);
  for (const col of cols) {
    const ci = table.columns.indexOf(col);
    const shownVals = titled.flatMap((w) => w.filter(([c]) => c === col).map(([, v]) => v));
    const values = [...new Set(table.rows.map((r) => (r[ci] ?? "").trim()).filter((v) => v !== "" && !isNA(v)))];
    const missing = values.filter((v) => !shownVals.some((s) => sameValue(v, s, table.decimal)));
    if (missing.length) out.push({ col, shown: values.length - missing.length, all: values.length, missing });
  }
  return out;
}

/** Is some column missing (empty or a missing marker) in every row these conditions name (or are there none)? */
export function someColumnMissing(table: Table, where: Array<[string, string]>): boolean {
  const at = where.map(([c, v]) => [table.columns.indexOf(c), v] as const);
  const rows = table.rows.filter((r) => at.every(([ci, v]) => sameValue(r[ci] ?? "", v, table.decimal)));
  return rows.length === 0 || table.columns.some((_, ci) => rows.every((r) => isNA((r[ci] ?? "").trim()) || (r[ci] ?? "").trim() === ""));
}

/**
 * The empty facets titled with `col` == one of `values` whose rows hold values: a grid keeps a
 * facet for every level of a Categorical, so a level whose rows were dropped before the plot is an
 * empty facet over rows the data has (a level whose values are all missing is not: some column is
 * then missing in every row it names).
 */
export function emptyFacets(table: Table, figure: FigureMeasure, col: string, values: string[]): Array<{ title: string; rows: number }> {
  const drawnAxes = new Set(figure.data.filter((s) => s.y.length > 0).map((s) => s.axes));
  const out: Array<{ title: string; rows: number }> = [];
  figure.axisLabels.forEach((l, ax) => {
    if (drawnAxes.has(ax)) return;
    const w = conditions(l.title, table);
    if (!w || !w.some(([c, v]) => c === col && values.some((m) => sameValue(m, v, table.decimal)))) return;
    if (someColumnMissing(table, w)) return;
    const idx = w.map(([c]) => table.columns.indexOf(c));
    const rows = table.rows.filter((r) => w.every(([, v], k) => sameValue(r[idx[k]!] ?? "", v, table.decimal))).length;
    out.push({ title: l.title, rows });
  });
  return out;
}
