// Is the chart faithful to the data? Checked without a reference figure: every plotted series the
// sandbox read from the live matplotlib artists is explained from the CSV, or it is not. The CSV is
// typed as pandas types it (missing markers are NaN gaps) and every aggregate skips missing values
// as pandas does. Then the x range is compared with the data's and aggregated categories are
// checked for completeness. Everything that could not be checked says so: "unchecked" is never
// reported as "pass". The pieces live in faithfulness/ (table, aggregate, rolling, candidates,
// match, shapes); a series nothing explains fails only on positive evidence that it misstates the
// data (faithfulness/evidence) and is otherwise "unchecked". "faithful" needs every plotted pair
// confirmed: a series whose y match a reading only in order (or as a set) while its x are neither
// row positions nor that reading's keys is not confirmed, and x that are the data's own x moved
// by a constant are evidence against it (faithfulness/pairs). A chart that shows only some values
// of a category column (a deliberate subset, or a category dropped) is never "faithful" and never
// "unfaithful" for that alone. A facet grid (seaborn's col=/row=) is checked facet by facet, each
// against the rows its title names (faithfulness/facets); a density curve at a bandwidth other than
// Scott's is fitted and confirmed point by point (faithfulness/bandwidth); error bands are read as
// seaborn's estimators draw them (faithfulness/bands); a violin's body is its category's kernel
// density (faithfulness/violins); a contour set's vertices lie on their levels of the data's
// bivariate kernel density (faithfulness/contours); a 2-D histogram's cells are a subset's rows
// binned as numpy bins them (faithfulness/hist2d), a hexbin's hexagons a subset's rows assigned to
// their nearest centres as matplotlib does (faithfulness/hexbin); a box plot's boxes and a boxenplot's letter
// values are one column's statistics per category (faithfulness/box-sets, boxens). Filled shapes the sandbox saw drawn but did not read (contours,
// hexbin cells on a log axis) keep a chart from "faithful". This file is the report. Pure.
import type { FaithCheck, Faithfulness } from "../schema/graphite";
import type { FigureMeasure, PlottedSeries } from "../schema/sandbox";
import { explain, dataScale, xKeys } from "./faithfulness/match";
import { NO_READING, weigh } from "./faithfulness/evidence";
import { rowsMoved, type Unread } from "./faithfulness/moved-rows";
import { explainFit, explainHistogram, explainKde, explainOneCategory, explainPairs, pairsOf } from "./faithfulness/shapes";
import { explainEcdf } from "./faithfulness/ecdf";
import { explainPolyFit } from "./faithfulness/polyfit";
import { explainStrip, stripEvidence } from "./faithfulness/strips";
import { weighErrorBars } from "./faithfulness/error-bars";
import { categoriesShown, explainCategoryPoints, explainWideColumn } from "./faithfulness/category-points";
import { explainJittered } from "./faithfulness/jitter";
import { weighResidual } from "./faithfulness/residuals";
import { weighLevelStrip } from "./faithfulness/level-strips";
import type { Weighed } from "./faithfulness/near";
import { combinationsIn, explainInSubsets } from "./faithfulness/subsets";
import { explainBoxes } from "./faithfulness/boxes";
import { weighHeatmap } from "./faithfulness/heatmap";
import { weighClustermap } from "./faithfulness/clustermap";
import { frameOf, labelledRows, unconfirmedPairs } from "./faithfulness/pairs";
import { mispaired } from "./faithfulness/shape-evidence";
import { movedKeys } from "./faithfulness/moved-keys";
import { unreadMoved } from "./faithfulness/moved-x";
import { fromDays, prepareTable, toDays, type Table } from "./faithfulness/table";
import { explainKdeBandwidth } from "./faithfulness/bandwidth";
import { explainSidewaysKde, sidewaysEvidence } from "./faithfulness/sideways";
import { explainSidewaysLine, sidewaysLineEvidence } from "./faithfulness/sideways-line";
import { stripHuesOf, weighPointHues } from "./faithfulness/point-hues";
import { areaBase, weighBand } from "./faithfulness/bands";
import { emptyFacets, facetFigure, facetsOf, facetTable, facetValuesMissing } from "./faithfulness/facets";
import { weighViolins } from "./faithfulness/violins";
import { weighContours } from "./faithfulness/contours";
import { weighHist2d } from "./faithfulness/hist2d";
import { weighHexbins } from "./faithfulness/hexbin";
import { weighBoxes } from "./faithfulness/box-sets";
import { weighBoxens } from "./faithfulness/boxens";
import { weighHistFacets, weighHistLevels } from "./faithfulness/hist-levels";
import { kdeLevelsMoved } from "./faithfulness/kde-levels";
import { lineLevelsMoved } from "./faithfulness/line-levels";
import { ecdfLevelsMoved } from "./faithfulness/ecdf-levels";
import { emptySlots, noteShown, noteStrip, partialStrips, type ShownValues, type StripPoints } from "./faithfulness/empty-slots";

export { REL_TOLERANCE, xKeys } from "./faithfulness/match";
export { prepareTable, type Table } from "./faithfulness/table";
export { warmTable } from "./faithfulness/warm";

/**
 * What the figure's legends title: their titles, and the subtitles seaborn writes as entries when
 * one legend shows hue and style (an entry that is a category column's name, beside entries that
 * are that column's values).
 */
function legendTitlesOf(figures: FigureMeasure[], p: ReturnType<typeof prepareTable>): string[] {
  const subtitles = figures.flatMap((f) =>
    (f.legendEntries ?? []).flatMap((e) =>
      e.labels.filter((l) => {
        const keys = p.categorical.get(l.trim());
        return keys !== undefined && e.labels.some((v) => v !== l && keys.includes(v.trim()));
      }),
    ),
  );
  return [...figures.flatMap((f) => f.legendTitles ?? []), ...subtitles.map((l) => l.trim())];
}

/** Fewest points whose row is told before their colours are read (fewer say too little either way). */
const MIN_TOLD = 8;

function seriesName(s: PlottedSeries, i: number): string {
  const n = s.kind === "hist2d" ? (s.cells?.length ?? 0) : s.y.length;
  const unit = s.kind === "hist2d" ? "cell" : s.kind === "hexbin" ? "hexagon" : "point";
  return `${s.kind} ${s.label && !s.label.startsWith("_") ? JSON.stringify(s.label) : `#${i + 1}`} (${n} ${unit}${n === 1 ? "" : "s"})`;
}

/** x = 0, 1, 2, ... or 1, 2, 3, ...: the row positions pandas and matplotlib plot against. */
function isPositions(x: number[]): boolean {
  return x.every((v, i) => v === i) || x.every((v, i) => v === i + 1);
}

/** The band of the same axes, at the same x, whose upper edge is band i's lower edge, or -1. */
function stackedOn(drawn: PlottedSeries[], i: number): number {
  const b = drawn[i]!;
  return drawn.findIndex(
    (o, j) =>
      j !== i &&
      o.kind === "band" &&
      o.axes === b.axes &&
      o.x.length === b.x.length &&
      o.x.every((x, k) => x === b.x[k]) &&
      o.y.every((y, k) => y === b.lower![k]),
  );
}

/** A line of the same axes drawn at band i's x, inside the band at each, that `confirmed` accepts; or -1. */
function aroundLine(drawn: PlottedSeries[], i: number, confirmed: (k: number) => boolean): number {
  const b = drawn[i]!;
  const lower = b.lower;
  if (!lower || b.x.length < 2) return -1;
  const tol = 1e-9 * Math.max(...b.y.map(Math.abs), ...lower.map(Math.abs));
  return drawn.findIndex(
    (o, k) =>
      o.kind === "line" &&
      o.axes === b.axes &&
      o.x.length === b.x.length &&
      o.x.every((x, j) => x === b.x[j]) &&
      o.y.every((y, j) => y >= lower[j]! - tol && y <= b.y[j]! + tol) &&
      confirmed(k),
  );
}

/** Reference lines (axvline/axhline, a cut-over marker) carry no data to check. */
function isMarker(s: PlottedSeries): string | null {
  if (s.kind !== "line" || s.y.length > 2) return null;
  if (s.x.length === 2 && s.x[0] === s.x[1]) return "vertical marker";
  if (s.y.length === 2 && s.y[0] === s.y[1]) return "horizontal marker";
  return null;
}

const HEATMAP_UNREAD =
  "no reading the check knows gives these cells at their rows and columns (an aggregate of a column by two category columns, row counts, the columns' correlation) and nothing shows them wrong: not checked";

/**
 * Record the category subset a matched reading comes from: a row subset ("where g == v"), or the
 * one category a box or a strip of points stands at.
 */
function noteSubset(subsets: Map<string, Set<string>>, p: ReturnType<typeof prepareTable>, desc: string): void {
  const at = /^(?:values|box) of .+? where (.+?) == ("(?:[^"\\]|\\.)*") \(/.exec(desc);
  const where = at && p.categorical.has(at[1]!) ? ([at[1]!, JSON.parse(at[2]!) as string] as const) : frameOf(p, desc)?.where;
  if (!where) return;
  const [g, v] = where;
  if (!subsets.has(g)) subsets.set(g, new Set());
  subsets.get(g)!.add(v);
}

/** Facet grids up to this size (and tables up to this many rows) are also tried facet against
 * facet (a facet showing another's rows): each try is a full check, and the check must stay fast. */
const MAX_CROSS_FACETS = 8;
const MAX_CROSS_ROWS = 20_000;
/** Points every series of a facet needs before another facet's rows explaining it is evidence. */
const MIN_CROSS_POINTS = 4;

/**
 * Check every plotted series of every figure against the CSV; a figure that is a facet grid is
 * checked facet by facet against the rows each facet's title names, and the verdicts combine:
 * any failure makes the chart unfaithful, "faithful" needs every facet faithful and
 * every value of the facet columns shown.
 */
export function checkFaithfulness(table: Table, figures: FigureMeasure[]): Faithfulness {
  return withUnread(checkMeasured(table, figures), figures);
}

/**
 * What the sandbox saw drawn but could not read leaves a chart short of "faithful": the check
 * confirmed only the series it measured (the lines of a chart say nothing of its hexbin cells). A failed check stands as it is.
 */
function withUnread(result: Faithfulness, figures: FigureMeasure[]): Faithfulness {
  const unread = figures.flatMap((f, fi) => (f.unread ?? []).map((u) => ({ ...u, figure: fi })));
  if (unread.length === 0) return result;
  const several = figures.length > 1;
  const list = unread.map((u) => `${shapeNoun(u.what, u.count)} on axes ${u.axes + 1}${several ? ` of figure ${u.figure + 1}` : ""}`).join(", ");
  const check: FaithCheck = {
    check: "drawn shapes",
    status: "unchecked",
    detail: `${list} drawn but not measured, so the chart is not confirmed whole`,
  };
  return { verdict: result.verdict === "faithful" ? "unchecked" : result.verdict, checks: [...result.checks, check] };
}

/** The sandbox's name for an unread filled shape (measure.py's _drawn_shape, "series"), said as a reader would. */
export function shapeNoun(what: string, n: number): string {
  const [one, many] = {
    area: ["filled area (fill_between, hexbin)", "filled areas (fill_between, hexbin)"],
    "sideways area": ["filled area drawn sideways (fill_betweenx, not a violin's body)", "filled areas drawn sideways (fill_betweenx, not violin bodies)"],
    contours: ["set of contours", "sets of contours"],
    patches: ["collection of patches (neither bars nor boxen boxes)", "collections of patches (neither bars nor boxen boxes)"],
    mesh: ["mesh of cells (pcolormesh) read as neither heatmap nor 2-D histogram", "meshes of cells (pcolormesh) read as neither heatmap nor 2-D histogram"],
    series: ["series past the 64 the sandbox measures", "series past the 64 the sandbox measures"],
    "colour strip": ["colour strip beside a clustermap (row_colors, col_colors)", "colour strips beside a clustermap (row_colors, col_colors)"],
  }[what] ?? [what, what];
  return `${n} ${n === 1 ? one : many}`;
}

function checkMeasured(table: Table, figures: FigureMeasure[]): Faithfulness {
  const parts: Array<{ facet: string | null; result: Faithfulness }> = [];
  const plain: FigureMeasure[] = [];
  const gridChecks: FaithCheck[] = [];
  // the whole table, for readings a facet takes relative to all rows (displot's common_norm)
  let wholeTable: ReturnType<typeof prepareTable> | undefined;
  for (const f of figures) {
    const facets = facetsOf(table, f);
    if (!facets) {
      plain.push(f);
      continue;
    }
    wholeTable ??= prepareTable(table);
    const whole = wholeTable;
    const results = facets.map((facet) => checkSeries(facetTable(table, facet), [facetFigure(f, facet)], whole));
    facets.forEach((facet, i) => {
      parts.push({ facet: facet.title, result: results[i]! });
    });
    // a facet nothing in its own rows explains, that another facet's rows explain whole, shows
    // the wrong rows under its title (checked only on small grids: each try is a full check)
    if (facets.length <= MAX_CROSS_FACETS && table.rows.length <= MAX_CROSS_ROWS)
      facets.forEach((facet, i) => {
        if (results[i]!.checks.some((c) => c.check.startsWith("values of") && c.status !== "unchecked")) return;
        // only series that carry information (a few bars of small counts match some facet by chance)
        const drawnHere = f.data.filter((s) => s.axes === facet.axes && s.y.length > 0);
        if (!drawnHere.every((s) => s.y.length >= MIN_CROSS_POINTS && new Set(s.y).size >= 3)) return;
        // ...and only when the other facet's own series are not its rows either (facets swapped)
        const other = facets.find(
          (o, j) => j !== i && results[j]!.verdict !== "faithful" && checkSeries(facetTable(table, o), [facetFigure(f, facet)]).verdict === "faithful",
        );
        if (other)
          gridChecks.push({
            check: "facets",
            status: "fail",
            detail: `the facet titled "${facet.title}" shows the rows of "${other.title}": every series in it matches those rows and none matches its own`,
          });
      });
    const missing = facetValuesMissing(table, facets, f);
    const cols = facets[0]!.where.map(([c]) => c).join(", ");
    // one column's level missing, shown as empty facets (a Categorical keeps them) while every
    // drawn facet is faithful to its own rows (all of them, no subset on another column): the
    // level's rows were dropped
    const empty = missing.length === 1 && results.every((r) => r.verdict === "faithful") ? emptyFacets(table, f, missing[0]!.col, missing[0]!.missing) : [];
    if (empty.length)
      gridChecks.push({
        check: "facets",
        status: "fail",
        detail: `${empty
          .slice(0, 4)
          .map((e) => `the facet titled "${e.title}" is empty, but the data has ${e.rows} row${e.rows === 1 ? "" : "s"} it names`)
          .join(
            "; ",
          )}, while every other facet shows its own rows: the ${missing[0]!.col} ${missing[0]!.missing.length === 1 ? "level's" : "levels'"} rows were dropped before the plot (a categorical keeps the facet)`,
      });
    else
      gridChecks.push(
        missing.length
          ? {
              check: "facets",
              status: "unchecked",
              detail: `${missing
                .map(
                  (m) =>
                    `the facets show ${m.shown} of ${m.all} ${m.col} values (not ${m.missing
                      .slice(0, 6)
                      .map((v) => JSON.stringify(v))
                      .join(", ")}${m.missing.length > 6 ? ", ..." : ""})`,
                )
                .join("; ")}: a deliberate subset or a value dropped, which the data alone cannot tell apart, so not "faithful"`,
            }
          : { check: "facets", status: "pass", detail: `${facets.length} facets by ${cols}, each checked against the rows its title names` },
      );
  }
  if (parts.length === 0) return checkSeries(table, figures);
  if (plain.length) parts.push({ facet: null, result: checkSeries(table, plain) });
  const checks: FaithCheck[] = [
    ...gridChecks,
    ...parts.flatMap(({ facet, result }) => result.checks.map((c) => (facet === null ? c : { ...c, check: `${c.check} (facet ${facet})` }))),
  ];
  const failed = checks.some((c) => c.status === "fail");
  const verdict: Faithfulness["verdict"] = failed
    ? "unfaithful"
    : parts.every((p) => p.result.verdict === "faithful") && gridChecks.every((c) => c.status === "pass")
      ? "faithful"
      : "unchecked";
  return { verdict, checks };
}

/** Check every plotted series of the figures against the CSV (no facet split); `whole`: the table a facet was cut from. */
function checkSeries(table: Table, figures: FigureMeasure[], whole?: ReturnType<typeof prepareTable>): Faithfulness {
  const drawn = figures.flatMap((f) => f.data);
  if (figures.length === 0) {
    return {
      verdict: "unchecked",
      checks: [{ check: "plotted data", status: "unchecked", detail: "no figure was measured, so nothing could be compared with the data" }],
    };
  }
  if (drawn.length === 0) {
    return {
      verdict: "unchecked",
      checks: [
        {
          check: "plotted data",
          status: "unchecked",
          detail: "the figure has no line, bar or scatter data the sandbox could read (images, text or other artists only)",
        },
      ],
    };
  }
  const p = prepareTable(table);
  const scale = dataScale(p);
  // a band is read as a band first (a percentile interval of ties can sit on 0 at every x); one
  // that is not, from one constant up to a curve, is an area: checked as its curve
  // A band stacked on another (kdeplot(multiple="stack"), stackplot) is checked by its thickness.
  const bands = new Map<number, ReturnType<typeof weighBand>>();
  const stacked = new Map<number, number>();
  const series = drawn.map((s, i) => {
    if (s.kind !== "band") return s;
    const w = weighBand(s, p);
    if (w.status === "pass") {
      bands.set(i, w);
      return s;
    }
    if (areaBase(s) !== null) return { ...s, kind: "line" as const, lower: undefined };
    const on = stackedOn(drawn, i);
    if (on >= 0) {
      stacked.set(i, on);
      return { ...s, kind: "line" as const, y: s.y.map((y, j) => y - s.lower![j]!), lower: undefined };
    }
    bands.set(i, w);
    return s;
  });
  const checks: FaithCheck[] = [];
  const dataDays = p.dateDays;
  let xLo = Infinity;
  let xHi = -Infinity;
  let datedSeries = 0;
  const groupedCoverage: string[] = [];
  const groupedMissing: string[] = [];
  // series that are data but no reading explains and nothing shows wrong
  let unexplained = 0;
  // the category subsets the matched series come from: column -> values shown
  const subsets = new Map<string, Set<string>>();
  // the same for series read over rows picked by two columns (or a numeric hue): columns -> value tuples shown
  const combos = new Map<string, { cols: string[]; shown: Set<string> }>();
  // points drawn from some of a reading's rows (scatters split by hue): how many of how many
  const rowsShown = new Map<string, { shown: number; total: number; keyed: number[] }>();
  // per column the confirmed series name, the values they show (for an empty category slot)
  const shownValues: ShownValues = new Map();
  const stripPoints: StripPoints = new Map();
  const boxes = explainBoxes(series, p, scale);
  // a series confirmed over rows picked by two columns (or a numeric hue): pass, and the group it shows
  const passInSubset = (at: NonNullable<ReturnType<typeof explainInSubsets>>, name: string, cut: string) => {
    checks.push({ check: `values of ${name}`, status: "pass", detail: `match ${at.detail}${cut}` });
    const cols = at.subset.conditions.map(([c]) => c);
    const key = JSON.stringify(cols);
    if (!combos.has(key)) combos.set(key, { cols, shown: new Set() });
    combos.get(key)!.shown.add(JSON.stringify(at.subset.conditions.map(([, v]) => v)));
  };
  // the columns each series' axes are labelled with (a facet's figure keeps its one axes' labels)
  const axisNames = figures.flatMap((f) =>
    f.data.map((s) => {
      const l = f.axisLabels.length === 1 ? f.axisLabels[0] : f.axisLabels[s.axes];
      return l ? [l.xlabel, l.ylabel] : [];
    }),
  );
  const violins = weighViolins(series, p, axisNames);
  const errorBars = weighErrorBars(series, p);
  const contours = weighContours(series, p, axisNames);
  const hists = weighHist2d(series, p, axisNames, whole);
  const hexes = weighHexbins(series, p, axisNames);
  // box plots and letter-value plots read whole (kinds "box", "boxen"), tried as changed only for the columns the axes are titled or labelled with
  const boxNames = figures.flatMap((f) => f.axisLabels.flatMap((l) => [l.title, l.xlabel, l.ylabel]));
  const boxSets = new Map([...weighBoxes(series, p, scale, boxNames), ...weighBoxens(series, p, scale, boxNames)]);
  // series no reading gives, weighed together once all are read (hue series share one partition)
  const unread: Array<Unread & { check: FaithCheck }> = [];
  series.forEach((s, i) => {
    const base = drawn[i]!.kind === "band" && s.kind !== "band" ? areaBase(drawn[i]!) : null;
    const on = stacked.get(i);
    const name =
      on !== undefined
        ? `${seriesName(drawn[i]!, i)} (its thickness over band #${on + 1}, on which it is stacked)`
        : base === null
          ? seriesName(s, i)
          : `${seriesName(drawn[i]!, i)} (the area from ${base} up to it)`;
    const w = bands.get(i);
    if (w) {
      checks.push({ check: `values of ${name}`, status: w.status, detail: w.detail });
      if (w.status === "pass") noteSubset(subsets, p, w.detail);
      // a band consistent with a bootstrap interval is not confirmed, but nothing in it is unread
      else if (!w.consistent) unexplained++;
      return;
    }
    // a shape read whole (a violin's body and the lines seaborn draws inside a confirmed one, a
    // contour set, a 2-D histogram's mesh, a box or letter-value set), and the category values
    // its rows show when it is confirmed
    const read = violins.get(i) ?? contours.get(i) ?? hists.get(i) ?? hexes.get(i) ?? boxSets.get(i);
    if (read) {
      checks.push({ check: `values of ${name}`, status: read.status, detail: read.detail });
      for (const [g, v] of read.status === "pass" ? (read.shows ?? []) : []) subsets.set(g, (subsets.get(g) ?? new Set()).add(v));
      if (read.status === "unchecked") unexplained++;
      return;
    }
    const box = boxes.get(i);
    if (box) {
      checks.push({ check: `values of ${name}`, status: "pass", detail: `match ${box}` });
      noteSubset(subsets, p, box);
      return;
    }
    if (s.kind === "clustermap") {
      // the clustered heatmap's cells and its dendrograms, each a check of its own
      const [rows, cols] = s.shape ?? [0, 0];
      for (const { what, w } of weighClustermap(s, p)) {
        checks.push({ check: `${what === "cells" ? "values" : what} of clustermap #${i + 1} (${rows} × ${cols} cells)`, status: w.status, detail: w.detail });
        if (w.status === "unchecked") unexplained++;
        for (const [g, vals] of (w.status === "pass" ? w.shows : undefined) ?? []) {
          if (!subsets.has(g)) subsets.set(g, new Set());
          for (const v of vals) subsets.get(g)!.add(v);
        }
      }
      return;
    }
    if (s.kind === "heatmap") {
      const w = weighHeatmap(s, p, scale) ?? { status: "unchecked" as const, detail: HEATMAP_UNREAD };
      checks.push({ check: `values of ${name}`, status: w.status, detail: w.detail });
      if (w.status === "unchecked") unexplained++;
      // a heatmap's rows and columns are categories too: a row or column left out is a subset
      for (const [g, vals] of (w.status === "pass" ? w.shows : undefined) ?? []) {
        if (!subsets.has(g)) subsets.set(g, new Set());
        for (const v of vals) subsets.get(g)!.add(v);
      }
      return;
    }
    const bar = errorBars.get(i);
    if (bar) {
      checks.push({ check: `values of ${name}`, status: bar.status, detail: bar.detail });
      // error bars alone on their axes (seaborn.objects' Range with Est): the categories they stand
      // at are all the chart shows, so one left out is a subset (beside bars or points, those say it)
      if (bar.status === "pass" && series.every((o, j) => o.axes !== s.axes || errorBars.has(j)))
        for (const [g, v] of bar.shows ?? []) subsets.set(g, (subsets.get(g) ?? new Set()).add(v));
      return;
    }
    const marker = isMarker(s);
    if (marker) {
      const keys = xKeys(s, p);
      const at = marker === "vertical marker" && keys ? ` at x = ${keys[0]}` : "";
      checks.push({ check: `values of ${name}`, status: "unchecked", detail: `${marker}${at}: a reference line, not data` });
      return;
    }
    if (s.y.length === 0) {
      // an empty series (a hue level's collection left without points) shows nothing of its rows;
      // beside boxes, letter values or violins it is their empty fliers (no outliers), which is data
      checks.push({ check: `values of ${name}`, status: "unchecked", detail: "the series has no numeric values to compare" });
      if (!series.some((o) => o.axes === s.axes && (o.kind === "box" || o.kind === "boxen" || o.kind === "violin"))) unexplained++;
      return;
    }
    const keys = xKeys(s, p);
    // A scatter's numeric x is data, not a position: one column against another is read first;
    // points all at one category (box plot outliers) are values of that category.
    const numericX = s.x.every((x) => typeof x === "number") && !keys?.every((k) => /^\d{4}-\d{2}-\d{2}$/.test(k));
    const shapeFirst =
      s.kind === "scatter" && numericX
        ? explainPairs(s, p, scale)
        : s.kind !== "bar"
          ? (explainOneCategory(s, p, scale) ?? explainWideColumn(s, p, scale))
          : null;
    // a scatter's points are rows before they are anything grouped by x (seaborn draws a hue
    // level's rows together, so in another order than the file's)
    const rowsFirst = !shapeFirst && s.kind === "scatter" && numericX ? mispaired(s, p, scale) : null;
    if (rowsFirst?.status === "pass") {
      // its colours, when a legend names them, against the rows its points were read as
      const titles = legendTitlesOf(figures, p);
      // a pair several rows hold could be any of them: only the points whose row is told are read
      const told = (rowsFirst.pointRows ?? []).flatMap((r, k) => (r >= 0 ? [k] : []));
      const untold = s.y.length - told.length;
      const hues =
        rowsFirst.pointRows && s.pointHues && told.length >= MIN_TOLD
          ? weighPointHues(
              { ...s, pointHues: told.map((k) => s.pointHues![k]!) },
              told.map((k) => rowsFirst.pointRows![k]!),
              p,
              titles,
            )
          : null;
      if (hues && untold) hues.detail += ` (${untold} points whose pair several rows hold not read)`;
      if (!hues && rowsFirst.pointRows && told.length < MIN_TOLD && s.pointHues?.some((h) => h !== null)) {
        checks.push({
          check: `values of ${name}`,
          status: "unchecked",
          detail: `the points ${rowsFirst.detail}, but several rows hold the pair of ${untold} of the ${s.y.length} points, so which row (and colour) each is cannot be told: the colours are not checked`,
        });
        unexplained++;
        return;
      }
      if (hues && hues.status !== "pass") {
        checks.push({ check: `values of ${name}`, status: hues.status, detail: `the points ${rowsFirst.detail}, but ${hues.detail}` });
        if (hues.status === "unchecked") unexplained++;
        return;
      }
      checks.push({ check: `values of ${name}`, status: "pass", detail: `${rowsFirst.detail}${hues ? `, ${hues.detail}` : ""}` });
      noteSubset(subsets, p, rowsFirst.detail);
      if (rowsFirst.rows) {
        const r = rowsShown.get(rowsFirst.rows.of) ?? { shown: 0, total: rowsFirst.rows.total, keyed: rowsFirst.rows.keyed ?? [] };
        rowsShown.set(rowsFirst.rows.of, { ...r, shown: r.shown + rowsFirst.rows.shown });
      }
      return;
    }
    let found = shapeFirst ? null : explain(s, keys, p, scale);
    // ...and y alone in order explains such a scatter only when its x are row positions.
    if (found && !found.byKey && s.kind === "scatter" && numericX && !isPositions(s.x as number[])) found = null;
    const cut = s.truncated ? ` (only the first ${s.y.length} points were measured)` : "";
    // y matched in order or as a set, x not confirmed: the pairs are not the data's until x are
    // (x 1..n that are a per-key aggregate's keys 0..n-1 moved are not plain positions)
    const moved = found && !found.byKey && numericX && isPositions(s.x as number[]) && found.cand.groupedBy ? movedKeys(s, p, scale) : null;
    if (moved) {
      checks.push({ check: `values of ${name}`, status: moved.status, detail: `${moved.detail}${cut}` });
      if (moved.status === "unchecked") unexplained++;
      return;
    }
    if (found && !found.byKey && !(numericX && isPositions(s.x as number[]))) {
      // a line drawn sideways (orient="y") has its sorted keys on y: they match a column in order,
      // and the line is confirmed only as the values along x aggregated by those keys
      const pairs = explainPairs(s, p, scale) ?? explainSidewaysLine(s, p, scale);
      if (pairs) {
        checks.push({ check: `values of ${name}`, status: "pass", detail: `match ${pairs}${cut}` });
        noteSubset(subsets, p, pairs);
      } else {
        const upright = unconfirmedPairs(s, found, p, scale);
        const w = upright.status === "unchecked" ? (sidewaysLineEvidence(s, p, scale, whole) ?? upright) : upright;
        checks.push({ check: `values of ${name}`, status: w.status, detail: `${w.detail}${cut}` });
        if (w.status === "pass") noteSubset(subsets, p, w.detail);
        if (w.status === "unchecked") unexplained++;
      }
      return;
    }
    // the first or last value by key is also one subset's rows (relplot(hue="year"): the first
    // year's line is "first of passengers by month"): the subset is the reading that names the line
    const firstOrLast = found?.byKey && /^(first|last) of /.test(found.cand.desc) ? explainInSubsets(s, keys, p, scale) : null;
    if (firstOrLast) {
      passInSubset(firstOrLast, name, cut);
      return;
    }
    // ...or one subset's rows drawn each at its own label (a facet of seaborn.objects' Dot)
    const labelled = found?.byKey && /^(first|last) of /.test(found.cand.desc) ? labelledRows(s, p, scale) : null;
    if (labelled) {
      checks.push({ check: `values of ${name}`, status: "pass", detail: `${labelled.detail}${cut}` });
      noteSubset(subsets, p, labelled.detail);
      return;
    }
    if (found) {
      noteSubset(subsets, p, found.cand.desc);
      checks.push({ check: `values of ${name}`, status: "pass", detail: `match ${found.cand.desc}${found.scale} ${found.how}${cut}` });
      // One point of a per-category aggregate says nothing about the other categories.
      if (found.cand.groupedBy && found.byKey && keys && new Set(keys).size > 1) {
        // a group whose aggregate is NaN (no value present) draws no bar: it is not missing
        const cand = found.cand;
        const all = new Set((cand.keys ?? []).filter((_, j) => Number.isFinite(cand.at(j))));
        const shown = new Set(keys);
        const missing = [...all].filter((k) => !shown.has(k));
        noteShown(shownValues, found.cand.groupedBy, shown, all);
        if (missing.length)
          groupedMissing.push(
            `${name} shows ${shown.size} of ${all.size} ${found.cand.groupedBy} values (missing ${missing.slice(0, 6).join(", ")}${missing.length > 6 ? ", ..." : ""})`,
          );
        else groupedCoverage.push(`${name}: all ${all.size} ${found.cand.groupedBy} values`);
      }
    } else {
      const shape =
        shapeFirst ??
        explainHistogram(s, p) ??
        (s.kind === "scatter" ? null : explainPairs(s, p, scale)) ??
        explainFit(s, p, scale) ??
        explainEcdf(s, p) ??
        explainKde(s, p) ??
        explainPolyFit(s, p, scale) ??
        explainStrip(s, p) ??
        explainCategoryPoints(s, p, scale) ??
        explainJittered(s, p, scale) ??
        explainKdeBandwidth(s, p, whole) ??
        explainSidewaysKde(s, p, whole) ??
        explainSidewaysLine(s, p, scale);
      const inSubset = shape ? null : explainInSubsets(s, keys, p, scale);
      if (shape) {
        // a scatter drawn in the legend's colours: each point's colour against its row's
        const paired = s.kind === "scatter" && s.pointHues ? pairsOf(s, p, scale) : null;
        const titles = legendTitlesOf(figures, p);
        const hues =
          paired && paired.desc === shape ? weighPointHues(s, paired.rows, p, titles) : s.kind === "scatter" ? stripHuesOf(s, p, shape, titles) : null;
        if (hues && hues.status !== "pass") {
          checks.push({ check: `values of ${name}`, status: hues.status, detail: `the points match ${shape}${cut}, but ${hues.detail}` });
          if (hues.status === "unchecked") unexplained++;
          return;
        }
        checks.push({ check: `values of ${name}`, status: "pass", detail: `match ${shape}${hues ? `, ${hues.detail}` : ""}${cut}` });
        noteSubset(subsets, p, shape);
        noteStrip(stripPoints, shape, s.y.length);
        // points at the categories they stand at: the categories shown, for "categories complete"
        const at = categoriesShown(shape, s, p);
        if (at) for (const k of at[1]) subsets.set(at[0], (subsets.get(at[0]) ?? new Set()).add(k));
      } else if (inSubset) {
        passInSubset(inSubset, name, cut);
      } else {
        const upright =
          stripEvidence(s, p) ?? sidewaysEvidence(s, p) ?? weigh(s, keys, p, scale, s.kind === "scatter" && numericX && !isPositions(s.x as number[]), whole);
        const w = upright.status === "unchecked" ? (sidewaysLineEvidence(s, p, scale, whole) ?? upright) : upright;
        checks.push({ check: `values of ${name}`, status: w.status, detail: `${w.detail}${cut}` });
        if (w.detail === NO_READING && !s.truncated) unread.push({ i, s, check: checks[checks.length - 1]! });
        if (w.status === "pass" && w.rows) {
          const r = rowsShown.get(w.rows.of) ?? { shown: 0, total: w.rows.total, keyed: w.rows.keyed ?? [] };
          rowsShown.set(w.rows.of, { ...r, shown: r.shown + w.rows.shown });
        }
        if (w.status === "unchecked") unexplained++;
      }
    }
    if (keys && dataDays && keys.every((k) => /^\d{4}-\d{2}-\d{2}$/.test(k))) {
      datedSeries++;
      for (const k of keys) {
        const d = toDays(k);
        xLo = Math.min(xLo, d);
        xHi = Math.max(xHi, d);
      }
    }
  });
  // ...and, of those still unread, the ones whose x are a key column moved, or whose values stand at other keys
  const moves = rowsMoved(unread, p, scale, legendTitlesOf(figures, p));
  for (const [i, w] of [
    ...moves,
    ...unreadMoved(
      unread.filter((u) => !moves.has(u.i)),
      p,
      scale,
    ),
  ]) {
    const u = unread.find((t) => t.i === i)!;
    u.check.status = w.status;
    u.check.detail = w.detail;
    unexplained--;
  }
  const valueChecks = checks.filter((c) => c.check.startsWith("values of"));
  const stillUnchecked = (k: number) => valueChecks[k]!.status === "unchecked";
  // hue levels' bars on shared bins, read together: each its level's histogram under seaborn's
  // common normalisation, or together a column's histogram while not each its level's (shuffled)
  const legendTitles = legendTitlesOf(figures, p);
  if (valueChecks.length === series.length)
    for (const [i, w] of [
      ...weighHistLevels(series, p, legendTitles),
      ...weighHistFacets(series, p, figures),
      ...ecdfLevelsMoved(series, p, legendTitles, stillUnchecked, whole),
      ...kdeLevelsMoved(series, p, legendTitles, stillUnchecked),
      ...lineLevelsMoved(series, p, legendTitles, stillUnchecked),
      // scatters still unread: residuals of a fit, or a strip's points at one level of a numeric column
      ...series.flatMap((s, k): Array<[number, Weighed]> => {
        const w = stillUnchecked(k) ? (weighResidual(s, p, scale) ?? weighLevelStrip(s, p, scale)) : null;
        return w ? [[k, w]] : [];
      }),
    ]) {
      const c = valueChecks[i]!;
      if (c.status !== "unchecked") continue;
      c.status = w.status;
      c.detail = w.detail;
      if (w.status === "pass") noteSubset(subsets, p, w.detail);
      unexplained--;
    }
  // A band no reading gives that holds a confirmed line of its axes drawn at its own x (a
  // regression's or an estimate's bootstrap interval, seaborn's default) is consistent with it.
  if (valueChecks.length === series.length)
    for (const [i, w] of bands) {
      const c = valueChecks[i]!;
      if (w.status === "pass" || w.consistent) continue;
      const around = aroundLine(drawn, i, (k) => valueChecks[k]!.status === "pass");
      if (around < 0) continue;
      c.detail = `a band around line #${around + 1} (confirmed) at every one of its x, as seaborn draws a bootstrap confidence interval around a fit or an estimate (random): consistent, not confirmed`;
      unexplained--;
    }
  // The x range: plotted dates must lie within the data's dates.
  if (dataDays && datedSeries > 0) {
    const lo = dataDays.reduce((m, x) => (x < m ? x : m), Infinity);
    const hi = dataDays.reduce((m, x) => (x > m ? x : m), -Infinity);
    // A calendar bucket is labelled by its first or last day (resample("YS") / ("YE")), which
    // can lie outside the data's dates but never outside the years they fall in.
    const yearLo = toDays(`${fromDays(lo).slice(0, 4)}-01-01`);
    const yearHi = toDays(`${fromDays(hi).slice(0, 4)}-12-31`);
    const inside = xLo >= lo && xHi <= hi;
    const inYears = xLo >= yearLo && xHi <= yearHi;
    checks.push({
      check: "x range",
      status: inside || inYears ? "pass" : "fail",
      detail: `plotted dates ${fromDays(xLo)} to ${fromDays(xHi)}; the data spans ${fromDays(lo)} to ${fromDays(hi)}${inside ? "" : inYears ? " (the plotted dates label calendar periods of the same years)" : ""}`,
    });
  } else {
    checks.push({
      check: "x range",
      status: "unchecked",
      detail: "the x values are not dates the data contains (positions or categories), so the range was not compared",
    });
  }
  // Series drawn from rows where g == v: a chart that shows some of g's values and not others
  // is a deliberate subset or a category dropped, which the data alone cannot tell apart.
  const notWhole = partialStrips(stripPoints, p);
  for (const [g, shown] of subsets) {
    const all = new Set(p.categorical.get(g)!.filter((k): k is string => k !== null));
    if (!notWhole.has(g)) noteShown(shownValues, g, shown, all);
    const missing = [...all].filter((k) => !shown.has(k));
    if (missing.length)
      groupedMissing.push(
        `the series show rows where ${g} is ${[...shown].map((k) => JSON.stringify(k)).join(", ")} only (${shown.size} of ${all.size} ${g} values; not ${missing
          .slice(0, 6)
          .map((k) => JSON.stringify(k))
          .join(", ")}${missing.length > 6 ? ", ..." : ""})`,
      );
  }
  for (const { cols, shown } of combos.values()) {
    const all = combinationsIn(p, cols);
    cols.forEach((col, k) => {
      const values = p.categorical.get(col);
      if (values)
        noteShown(
          shownValues,
          col,
          [...shown].map((t) => (JSON.parse(t) as string[])[k]!),
          values.filter((v): v is string => v !== null),
        );
    });
    const missing = [...all].filter((k) => !shown.has(k)).map((k) => (JSON.parse(k) as string[]).join(" and "));
    const what = cols.join(" × ");
    if (missing.length)
      groupedMissing.push(
        `the series show ${shown.size} of the ${all.size} ${what} groups (not ${missing.slice(0, 6).join("; ")}${missing.length > 6 ? "; ..." : ""})`,
      );
    else groupedCoverage.push(`all ${all.size} ${what} groups`);
  }
  // every row, or every row whose hue, size or style value is present (seaborn drops the rows without one)
  for (const [of, r] of rowsShown)
    if (r.shown < r.total && !r.keyed.includes(r.shown)) groupedMissing.push(`the points are ${r.shown} of the ${r.total} rows of ${of}`);
  const slots = emptySlots(
    table,
    figures,
    shownValues,
    checks.filter((c) => c.check.startsWith("values of")).every((c) => c.status === "pass"),
  );
  if (slots) checks.push(slots);
  if (groupedMissing.length)
    checks.push({
      check: "categories complete",
      status: "unchecked",
      detail: `${groupedMissing.join("; ")}: a deliberate subset (a filter, .loc, a query) or a category dropped, which the data alone cannot tell apart, so not "faithful"`,
    });
  else if (groupedCoverage.length) checks.push({ check: "categories complete", status: "pass", detail: groupedCoverage.join("; ") });
  else checks.push({ check: "categories complete", status: "unchecked", detail: "no series was matched to a per-category aggregate by its labels" });
  const decidedValues = checks.filter((c) => c.check.startsWith("values of") && c.status !== "unchecked");
  const decided = checks.filter((c) => c.status !== "unchecked");
  // "faithful" is a claim about every data series: one that could not be checked leaves the
  // chart unchecked unless something failed. One series shown false makes the whole chart
  // unfaithful, however many beside it are confirmed (a reader takes a chart whole); the passed
  // checks still say which series are true.
  const verdict: Faithfulness["verdict"] = decided.some((c) => c.status === "fail")
    ? "unfaithful"
    : decidedValues.length === 0 || unexplained > 0 || groupedMissing.length > 0
      ? "unchecked"
      : "faithful";
  return { verdict, checks };
}

/** One line for the judge and the summary: "faithful (3 passed, 1 unchecked: ...)". */
export function faithfulnessLine(f: Faithfulness): string {
  const pass = f.checks.filter((c) => c.status === "pass").length;
  const fail = f.checks.filter((c) => c.status === "fail");
  const unchecked = f.checks.filter((c) => c.status === "unchecked").length;
  const parts = [`${pass} passed`, `${fail.length} failed`, `${unchecked} unchecked`];
  const why = fail.length ? `; failed: ${fail.map((c) => `${c.check} — ${c.detail}`).join("; ")}` : "";
  return `${f.verdict} (${parts.join(", ")}${why})`;
}
