// A clustered heatmap (seaborn's clustermap, read by the sandbox as one "clustermap" series)
// weighed against the data, by rule: seaborn clusters the matrix it is given (optionally
// z-scored or standard-scaled along rows or columns) and draws it reordered by the dendrograms'
// leaves. So the drawn cells, row by row, must be the rows of the table's numeric columns (named
// by the column labels) under one of those forms, in some order; a long row axis has its labels
// thinned out, so rows are identified by their values, never by position. A labelled heatmap of a
// pivot or a correlation is read as any heatmap is (faithfulness/heatmap). Each dendrogram must
// then be a linkage of the drawn rows (columns): every drawn merge at the distance its method gives
// between the rows drawn under its two branches, and its heights those the method computes from
// the data (faithfulness/linkage). A column that is the data's times a factor no unit explains,
// moved by a constant, or the data's values at other rows is evidence against the chart. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { baselines } from "./baselines";
import { weighHeatmap } from "./heatmap";
import { dataScale } from "./match";
import { clusterDistance, distances, linkageHeights, MAX_LINKAGE_ROWS, type Method, type Metric } from "./linkage";
import type { Weighed } from "./near";
import type { Prepared } from "./table";
import { unitChange } from "./units";

type Tree = { merges: Array<[number, number]>; heights: number[] };
export type ClustermapCheck = { what: string; w: Weighed };

const fmt = (v: number) => String(+v.toPrecision(6));
/** Cells computed the way seaborn computes them agree to rounding; anything else is another value. */
const REL = 1e-6;
const near = (a: number, b: number, scale: number) => Math.abs(a - b) <= REL * Math.max(Math.abs(a), Math.abs(b)) + 1e-9 * scale;
/** A dropped category is tried on columns with at most this many levels. */
const MAX_LEVELS = 20;
const METHODS: Method[] = ["average", "single", "complete"];
const METRICS: Metric[] = ["euclidean", "correlation", "cosine", "cityblock"];

type Form = { desc: string; perRow: boolean; apply: (m: number[][]) => number[][] };

const mean = (v: number[]) => v.reduce((t, x) => t + x, 0) / v.length;
const std = (v: number[]) => {
  const m = mean(v);
  return Math.sqrt(v.reduce((t, x) => t + (x - m) ** 2, 0) / (v.length - 1));
};
const transpose = (m: number[][]) => (m.length === 0 ? [] : m[0]!.map((_, j) => m.map((r) => r[j]!)));
const zRows = (m: number[][]) =>
  m.map((r) => {
    const mu = mean(r);
    const sd = std(r);
    return r.map((x) => (x - mu) / sd);
  });
const scaleRows = (m: number[][]) =>
  m.map((r) => {
    const lo = Math.min(...r);
    const hi = Math.max(...r);
    return r.map((x) => (x - lo) / (hi - lo));
  });

// seaborn's format_data: z_score=1 / standard_scale=1 work down each column, =0 along each row
const FORMS: Form[] = [
  { desc: "", perRow: true, apply: (m) => m },
  { desc: "z-scored down each column (z_score=1) ", perRow: false, apply: (m) => transpose(zRows(transpose(m))) },
  { desc: "z-scored along each row (z_score=0) ", perRow: true, apply: zRows },
  { desc: "scaled to 0–1 down each column (standard_scale=1) ", perRow: false, apply: (m) => transpose(scaleRows(transpose(m))) },
  { desc: "scaled to 0–1 along each row (standard_scale=0) ", perRow: true, apply: scaleRows },
];

/**
 * Each drawn row matched to a distinct row of `m` whose values are the same (within rounding) in
 * the columns `use` (and, when given, column `also` is `as` of the row's): the matched row's index
 * per drawn row, or null when one has none.
 */
function matchRows(drawn: number[][], m: number[][], use: number[], also?: number, as?: (v: number) => number): number[] | null {
  if (m.length < drawn.length || use.length === 0) return null;
  const k0 = use[0]!;
  let scale = 1;
  for (const r of m) for (const j of use) scale = Math.max(scale, Math.abs(r[j]!));
  const order = m.map((_, i) => i).sort((a, b) => m[a]![k0]! - m[b]![k0]!);
  const keys = order.map((i) => m[i]![k0]!);
  const taken = new Uint8Array(m.length);
  const out: number[] = [];
  for (const row of drawn) {
    const v = row[k0]!;
    const tol = REL * Math.abs(v) + 1e-9 * scale;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]! < v - tol) lo = mid + 1;
      else hi = mid;
    }
    let found = -1;
    for (let t = lo; t < keys.length && keys[t]! <= v + tol; t++) {
      const i = order[t]!;
      if (!taken[i] && use.every((j) => near(row[j]!, m[i]![j]!, scale)) && (also === undefined || near(row[also]!, as!(m[i]![also]!), scale))) {
        found = i;
        break;
      }
    }
    if (found < 0) return null;
    taken[found] = 1;
    out.push(found);
  }
  return out;
}

type RowSet = { desc: string; rows: number[]; shows?: Array<[string, string[]]> };

/** The rows a clustermap of R rows may show: all of them, or all but one level of a category column. */
function rowSets(p: Prepared, base: number[], r: number): RowSet[] {
  const sets: RowSet[] = [{ desc: "", rows: base }];
  if (r >= base.length) return sets;
  for (const [g, keys] of p.categorical) {
    const levels = [...new Set(base.map((i) => keys[i]).filter((k): k is string => k !== null && k !== undefined))];
    if (levels.length < 2 || levels.length > MAX_LEVELS) continue;
    for (const v of levels) {
      const rows = base.filter((i) => keys[i] !== v && keys[i] !== null && keys[i] !== undefined);
      if (rows.length === r)
        sets.push({
          desc: ` (the rows where ${g} is not ${JSON.stringify(v)})`,
          rows,
          shows: [[g, levels.filter((l) => l !== v)]],
        });
    }
  }
  return sets;
}

/** The levels of one category column that exactly the matched rows have, when there is one. */
function shownLevels(p: Prepared, base: number[], matched: Set<number>): Array<[string, string[]]> | undefined {
  for (const [g, keys] of p.categorical) {
    const shown = new Set<string>();
    for (const i of matched) if (keys[i] !== null && keys[i] !== undefined) shown.add(keys[i]!);
    if (base.every((i) => matched.has(i) === (keys[i] !== null && keys[i] !== undefined && shown.has(keys[i]!)))) return [[g, [...shown]]];
  }
  return undefined;
}

/**
 * A row colour strip (row_colors) against the data's rows drawn beside it: confirmed when its
 * colours and one category column's levels name each other one to one at every row (which colour
 * stands for which level is the chart's choice).
 */
function weighStrip(values: Array<number | null>, tableRows: number[], p: Prepared): Weighed {
  if (values.length !== tableRows.length || values.some((v) => v === null))
    return { status: "unchecked", detail: "the strip does not colour every row drawn: not compared" };
  for (const [g, keys] of p.categorical) {
    const toLevel = new Map<number, string>();
    const toColour = new Map<string, number>();
    const fits = tableRows.every((row, k) => {
      const level = keys[row];
      const colour = values[k]!;
      if (level === null || level === undefined) return false;
      if ((toLevel.get(colour) ?? level) !== level || (toColour.get(level) ?? colour) !== colour) return false;
      toLevel.set(colour, level);
      toColour.set(level, colour);
      return true;
    });
    if (fits && toLevel.size >= 2) return { status: "pass", detail: `each of its ${toLevel.size} colours is one level of ${g} at every row drawn beside it` };
  }
  return {
    status: "unchecked",
    detail:
      "its colours do not name the levels of any category column one to one (a colouring computed from the values, or of another table, looks the same): not checked",
  };
}

/** Weigh a clustermap series: its cells, then each dendrogram drawn beside them. */
export function weighClustermap(s: PlottedSeries, p: Prepared): ClustermapCheck[] {
  const [R0, C0] = s.shape ?? [0, 0];
  const cells = s.cells ?? [];
  const out: ClustermapCheck[] = [];
  /** The row colour strips, against the data's row drawn at each position (null: rows not confirmed as the data's). */
  const stripChecks = (tableRows: number[] | null) => {
    for (const strip of s.rowColors ?? []) {
      const what = `row colours${strip.label ? ` ${JSON.stringify(strip.label)}` : ""}`;
      out.push({
        what,
        w: tableRows
          ? weighStrip(strip.values, tableRows, p)
          : { status: "unchecked", detail: "the heatmap's rows are not confirmed as the data's rows, so the colours beside them were not compared" },
      });
    }
  };
  const treeChecks = (confirmed: boolean, rowsAre: number[][] | null) => {
    for (const [tree, what, along] of [
      [s.rowTree, "row dendrogram", "rows"],
      [s.colTree, "column dendrogram", "columns"],
    ] as const) {
      if (!tree) continue;
      const title = `${what} (${tree.heights.length} merges)`;
      if (!confirmed || !rowsAre) {
        out.push({
          what: title,
          w: { status: "unchecked", detail: "the heatmap's cells are not confirmed against the data, so the tree drawn from them is not weighed" },
        });
        continue;
      }
      // after a transpose the drawn row tree is over the data's columns: `along` follows the drawing
      const vs = along === "rows" ? rowsAre : transpose(rowsAre);
      out.push({ what: title, w: weighTree(tree, vs, along === "rows" ? "rows" : "columns") });
    }
  };
  if (s.truncated || R0 * C0 === 0 || cells.length !== R0 * C0) {
    out.push({ what: "cells", w: { status: "unchecked", detail: "the heatmap has more cells than the sandbox reports, so they were not compared" } });
    treeChecks(false, null);
    stripChecks(null);
    return out;
  }
  const drawn0: Array<Array<number | null>> = Array.from({ length: R0 }, (_, r) => cells.slice(r * C0, (r + 1) * C0));
  const colLabels = s.x.length === C0 ? s.x.map(String) : null;
  const rowLabels = s.rows && s.rows.length === R0 ? s.rows : null;
  // a labelled heatmap (a pivot, a correlation matrix) is read cell by cell as any heatmap is
  let labelled: Weighed | null = null;
  if (colLabels && rowLabels) {
    const flat = { ...s, kind: "heatmap" as const, x: [] as string[], rows: [] as string[], y: [] as number[] };
    for (let r = 0; r < R0; r++) {
      for (let c = 0; c < C0; c++) {
        const v = drawn0[r]![c]!;
        if (v === null) continue;
        flat.x.push(colLabels[c]!);
        flat.rows.push(rowLabels[r]!);
        flat.y.push(v);
      }
    }
    const w = weighHeatmap(flat, p, dataScale(p));
    labelled = w;
    if (w && w.status === "pass") {
      out.push({ what: "cells", w });
      treeChecks(true, drawn0.every((r) => r.every((v) => v !== null)) ? (drawn0 as number[][]) : null);
      stripChecks(null);
      return out;
    }
  }
  // the matrix of numeric columns: the columns labelled with their names (or, drawn transposed, the rows)
  const isCols = (l: string[] | null) => !!l?.every((c) => p.numeric.has(c)) && new Set(l).size === l!.length;
  const flip = !isCols(colLabels) && isCols(rowLabels);
  const cols = flip ? rowLabels! : colLabels;
  if (!isCols(cols)) {
    out.push({
      what: "cells",
      w: labelled ?? {
        status: "unchecked",
        detail:
          "the heatmap's columns are not labelled with the data's numeric columns (nor its rows), so its cells could not be read as the data's matrix: not checked",
      },
    });
    treeChecks(false, null);
    stripChecks(null);
    return out;
  }
  if (drawn0.some((r) => r.some((v) => v === null))) {
    out.push({ what: "cells", w: { status: "unchecked", detail: "the heatmap has masked cells, which the check does not compare" } });
    treeChecks(false, null);
    stripChecks(null);
    return out;
  }
  const drawn = flip ? transpose(drawn0 as number[][]) : (drawn0 as number[][]);
  const R = drawn.length;
  const C = cols!.length;
  const colVals = cols!.map((c) => p.numeric.get(c)!);
  const base = [...Array(p.rowCount).keys()].filter((i) => colVals.every((v) => Number.isFinite(v[i]!)));
  const all = [...Array(C).keys()];
  const named = `${cols!.slice(0, 6).join(", ")}${C > 6 ? ", ..." : ""}`;
  for (const set of rowSets(p, base, R)) {
    const m0 = set.rows.map((i) => colVals.map((v) => v[i]!));
    for (const form of FORMS) {
      // a form down each column depends on every row: it is matched only on exactly the rows drawn
      if (!form.perRow && set.rows.length !== R) continue;
      const m = form.apply(m0);
      const at = matchRows(drawn, m, all);
      if (!at) continue;
      let shows = set.shows;
      if (set.rows.length > R) {
        shows = shownLevels(p, base, new Set(at.map((k) => set.rows[k]!)));
        if (!shows) {
          out.push({
            what: "cells",
            w: {
              status: "unchecked",
              detail: `each drawn row is a row of ${form.desc}the columns ${named}, but only ${R} of the data's ${set.rows.length}, a subset the check cannot name: not checked`,
            },
          });
          treeChecks(false, null);
          stripChecks(null);
          return out;
        }
      }
      const detail = `match the data's columns ${named} ${form.desc}as a matrix${set.desc}: every drawn row (${R}) is one of the data's rows and every column (${C}) one of its columns${flip ? " (drawn transposed)" : ""}, in the dendrograms' order`;
      out.push({ what: "cells", w: { status: "pass", detail, shows } });
      const rowsAre = flip ? transpose(drawn) : drawn;
      treeChecks(true, rowsAre);
      stripChecks(flip ? null : at.map((k) => set.rows[k]!));
      return out;
    }
  }
  const changed = columnChanged(drawn, cols!, colVals, base);
  out.push({ what: "cells", w: changed.status === "unchecked" && labelled ? labelled : changed });
  // a column in other units is still the data: the trees are weighed on the cells as drawn
  treeChecks(changed.status === "pass", flip ? transpose(drawn) : drawn);
  stripChecks(null);
  return out;
}

/**
 * The cells match no form of the data's matrix: a column whose values differ while the other
 * columns name every row (each drawn row's values in them one of the data's rows) is named, when
 * it is the data's times a factor no unit explains, moved by a constant no baseline explains, or
 * the data's values at other rows.
 */
function columnChanged(drawn: number[][], cols: string[], colVals: number[][], base: number[]): Weighed {
  const C = cols.length;
  const unread: Weighed = {
    status: "unchecked",
    detail: `no form of the data's columns (as they are, z-scored or scaled to 0–1 along rows or columns, all rows or all but one category) gives the heatmap's cells, and nothing shows them wrong: not checked`,
  };
  if (C < 3 || drawn.length !== base.length) return unread;
  const m0 = base.map((i) => colVals.map((v) => v[i]!));
  // the data as it is, or a form computed down each column (a column's form depends on it alone,
  // so the other columns still name the rows): a column shuffled before z-scoring is still shuffled
  for (const form of FORMS.filter((f) => f.desc === "" || !f.perRow)) {
    const m = form.apply(m0);
    const found = changedColumn(drawn, cols, m, form.desc);
    if (found) return found;
  }
  return unread;
}

/** The one column of `m` (a form of the data) the drawn cells change, named, or null. */
function changedColumn(drawn: number[][], cols: string[], m: number[][], formDesc: string): Weighed | null {
  const C = cols.length;
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
  for (let c = 0; c < C; c++) {
    const others = [...Array(C).keys()].filter((j) => j !== c);
    const at = matchRows(drawn, m, others);
    if (!at) continue;
    const got = drawn.map((r) => r[c]!);
    const want = at.map((i) => m[i]![c]!);
    const scale = Math.max(1, ...want.map(Math.abs));
    const differ = got.filter((g, k) => !near(g, want[k]!, scale)).length;
    if (differ === 0) continue;
    const name = cols[c]!;
    // rows the other columns do not tell apart may be paired either way: the factor (offset) most
    // rows show is tried on every row, each paired with a row whose other columns are its own
    const ratios = got.flatMap((g, k) => (want[k] !== 0 ? [g / want[k]!] : []));
    const k = ratios.length > 0 ? median(ratios) : NaN;
    if (Number.isFinite(k) && k !== 0 && !near(k, 1, 1) && matchRows(drawn, m, others, c, (w) => k * w)) {
      const unit = unitChange(k);
      if (unit !== null) return { status: "pass", detail: `match the data's columns as a matrix, ${name}${unit}: every drawn row one of the data's rows` };
      return {
        status: "fail",
        detail: `column ${name} is ${fmt(k)} × the data's ${name} at every row (the other columns name each row): no change of unit gives that factor`,
      };
    }
    const d = median(got.map((g, i) => g - want[i]!));
    if (Math.abs(d) > 1e-9 * scale && matchRows(drawn, m, others, c, (w) => w + d)) {
      if (baselines(m.map((r) => r[c]!)).some((b) => Math.abs(Math.abs(d) - Math.abs(b)) <= 2e-3 * Math.abs(b))) return null;
      return {
        status: "fail",
        detail: `column ${name} is the data's ${name} ${d > 0 ? "+" : "−"} ${fmt(Math.abs(d))} at every row (the other columns name each row): moved by a constant that is no baseline of the data`,
      };
    }
    const sortedGot = [...got].sort((a, b) => a - b);
    const sortedWant = [...want].sort((a, b) => a - b);
    if (differ >= got.length / 2 && sortedGot.every((g, i) => near(g, sortedWant[i]!, scale))) {
      return {
        status: "fail",
        detail: `column ${name} holds the data's ${name} values${formDesc ? ` ${formDesc.trim()}` : ""}, but ${differ} of ${got.length} rows (named by the other columns) show another row's value: ${name} shuffled across rows`,
      };
    }
  }
  return null;
}

/** The leaves (drawn positions) under every merge of a tree, merge k at index k. */
function members(tree: Tree, n: number): number[][] | null {
  const under: number[][] = [];
  for (const [a, b] of tree.merges) {
    const side = (x: number) => (x < n ? [x] : under[x - n]);
    const l = side(a);
    const r = side(b);
    if (!l || !r) return null;
    under.push([...l, ...r]);
  }
  return under;
}

/** A dendrogram against the vectors drawn at its leaves (rows, or columns, in drawn order). */
export function weighTree(tree: Tree, vs: number[][], along: "rows" | "columns"): Weighed {
  const n = vs.length;
  const k = tree.heights.length;
  if (k + 1 !== n || tree.merges.length !== k)
    return { status: "unchecked", detail: `the tree has ${k + 1} leaves but the heatmap ${n} ${along}: not compared` };
  if (n > MAX_LINKAGE_ROWS)
    return { status: "unchecked", detail: `too many ${along} (${n}, more than ${MAX_LINKAGE_ROWS}) to compute the linkage: not checked` };
  const under = members(tree, n);
  if (!under) return { status: "unchecked", detail: "the tree's merges do not nest: not compared" };
  const top = Math.max(1e-12, ...tree.heights.map(Math.abs));
  const same = (a: number, b: number) => Math.abs(a - b) <= REL * Math.max(Math.abs(a), Math.abs(b)) + 1e-9 * top;
  const drawnSorted = [...tree.heights].sort((a, b) => a - b);
  let orderMiss: string | null = null;
  for (const metric of METRICS) {
    const d = distances(vs, metric);
    if (!d.every(Number.isFinite)) continue;
    for (const method of METHODS) {
      // every drawn merge at the distance between the rows drawn under its two branches
      let miss = -1;
      let missAt = NaN;
      for (let j = 0; j < k && miss < 0; j++) {
        const [a, b] = tree.merges[j]!;
        const side = (x: number) => (x < n ? [x] : under[x - n]!);
        const got = clusterDistance(d, n, side(a), side(b), method);
        if (!same(got, tree.heights[j]!)) {
          miss = j;
          missAt = got;
        }
      }
      const heights = miss < 0 || (metric === "euclidean" && method === "average") ? linkageHeights(d, n, method).sort((a, b) => a - b) : null;
      const heightsMatch = heights !== null && heights.length === k && heights.every((h, i) => same(h, drawnSorted[i]!));
      if (miss < 0 && heightsMatch)
        return {
          status: "pass",
          detail: `${method} linkage (${metric}) of the ${along} drawn: its ${k} merges at the heights the data give, each joining the ${along} drawn under it`,
        };
      if (miss >= 0 && heightsMatch && orderMiss === null)
        orderMiss = `the tree's heights are ${method} linkage (${metric}) of the ${along}, but the ${along} drawn under merge ${miss + 1} are ${fmt(missAt)} apart, not its height ${fmt(tree.heights[miss]!)}: the heatmap's ${along} are not in the tree's order`;
    }
  }
  if (orderMiss) return { status: "fail", detail: orderMiss };
  return {
    status: "unchecked",
    detail: `no linkage the check knows (${METHODS.join(", ")}; ${METRICS.join(", ")}) of the ${along} drawn gives the tree: a linkage given to clustermap (row_linkage, col_linkage) or another method looks the same, so not checked`,
  };
}
