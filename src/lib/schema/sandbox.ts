// A sandbox run as the Python side reports it and the TypeScript side returns it.
import { z } from "zod";

export const RunStatus = z.enum(["ok", "error", "blocked", "timeout", "killed", "no-figure"]);
export type RunStatus = z.infer<typeof RunStatus>;

export const Png = z.object({
  base64: z.string(),
  /** From the PNG's own IHDR chunk, not from matplotlib. */
  width: z.number().int(),
  height: z.number().int(),
  bitDepth: z.number().int(),
  colorType: z.number().int(),
});
export type Png = z.infer<typeof Png>;

/** What one axes really plotted, read from live artists (capped; `truncated` says so). */
// A series' values are checked as whole arrays: zod's per-element union made the kernel's thread
// spend hundreds of milliseconds (an issue object per string x) on a figure of 20,000 points.
// The same values pass and fail as z.array(z.union([z.number(), z.string()])) and z.array(z.number()).
const isNumber = (v: unknown): v is number => typeof v === "number" && !Number.isNaN(v);
const xValues = z.custom<Array<number | string>>(
  (v) => Array.isArray(v) && v.every((x) => isNumber(x) || typeof x === "string"),
  "x: an array of numbers or strings",
);
const cellValues = z.custom<Array<number | null>>((v) => Array.isArray(v) && v.every((x) => x === null || isNumber(x)), "cells: an array of numbers or nulls");
const yValues = z.custom<number[]>((v) => Array.isArray(v) && v.every(isNumber), "y: an array of numbers");

const DendrogramTree = z.object({ merges: z.array(z.tuple([z.number().int(), z.number().int()])), heights: z.array(z.number()) });

export const PlottedSeries = z.object({
  axes: z.number().int(),
  /** "heatmap": one series for all of a heatmap's cells (sns.heatmap, pcolormesh, imshow), x the
   * column's label, `rows` the row's label, y the value.
   * "band": a fill_between (seaborn's error bands, an area, kdeplot(fill=True)): y the upper
   * edge and `lower` the lower edge at each x.
   * "violin": one violin's body (seaborn's violinplot, catplot(kind="violin"), a split half
   * included): x the category it stands at at every point (or its position on an axes without
   * categories), y the support values along the value axis (ascending), `widths` the body's width
   * there; label the hue level its colour names in the legend.
   * "contours": one contour set (contour / contourf; seaborn's bivariate KDE, one per hue level):
   * x, y a sample of each level's vertices in data units, `levels` the level each is on (a filled
   * band's upper level), `lower` a filled band's lower level; label the hue level the legend names.
   * "hist2d": one 2-D histogram's mesh (seaborn's histplot/displot(x=, y=), plt.hist2d, pcolormesh
   * of np.histogram2d): x and y the bin edges in data units (ascending), `cells` the value of each
   * cell row by row (y bin, then x bin), null where masked; label the hue level the legend names.
   * "box": one box of a box plot (the lines matplotlib's bxp draws for it: plt.boxplot, pandas'
   * boxplot and plot.box, seaborn's boxplot): x its category (the tick label at its position, else
   * the position) at each of the 5 points, y [whislo, q1, median, q3, whishi]; label the hue level
   * its colour names in the legend; `fliers` and `flierCount` its outliers.
   * "boxen": one letter-value box set of seaborn's boxenplot: x its category at every point, y
   * the letter values ascending (the edges of its nested boxes), `median`, `fliers`; label the hue
   * level its colour names.
   * "hexbin": one hexbin's drawn hexagons (plt.hexbin, pandas' plot.hexbin, seaborn's
   * jointplot(kind="hex")): x and y the centres in data units, `cells` the value of each (a count,
   * or C reduced per hexagon), `hexagon` the lattice steps, `hexGrid` the whole grid when every
   * hexagon of it is drawn; label the hue level (FacetGrid.map's).
   * "clustermap": a clustered heatmap with its dendrograms (seaborn's clustermap), read whole: `cells`
   * the drawn matrix row by row (null where masked), `shape` [rows, columns], x the column labels
   * and `rows` the row labels in drawn order when every one is labelled (else x empty, `rows`
   * absent), `rowTree` / `colTree` each dendrogram (null: that axis not clustered); y empty. */
  kind: z.enum(["line", "bar", "scatter", "heatmap", "band", "violin", "contours", "hist2d", "box", "boxen", "hexbin", "clustermap"]),
  label: z.string().nullable(),
  /** On a categorical axis (seaborn's categorical plots, pandas' bar plots) each point's x is the
   * label of the category it sits at (within half a step: dodged bars, jittered strips); a
   * horizontal plot's category axis is reported as x too. */
  x: xValues,
  y: yValues,
  rows: z.array(z.string()).optional(),
  /** A band's lower edge, one per x (absent on every other kind, and on results measured before bands were);
   * a filled contour band's lower level, one per vertex. */
  lower: z.array(z.number()).optional(),
  /** A band read from a fill drawn sideways (fill_betweenx, lineplot(orient="y")'s error band): x
   * its positions up the y axis, y and `lower` its edges along x. Absent on every other series. */
  sideways: z.literal(true).optional(),
  /** A contour set's level at each vertex (absent on every other kind). */
  levels: z.array(z.number()).optional(),
  /** A violin body's width at each support value, one per y (absent on every other kind). */
  widths: z.array(z.number()).optional(),
  /** A scatter drawn in several colours (seaborn's hue=, plt.scatter(c=...)): each point's colour
   * as the legend names it, null for a colour no legend entry names (a colormap's); absent when
   * the points share one colour. */
  pointHues: z.array(z.string().nullable()).optional(),
  /** A 2-D histogram's cells, (edges of y - 1) × (edges of x - 1) row by row, null where masked
   * (empty when truncated: past the sandbox's cell cap); a hexbin's value per drawn hexagon, one
   * per centre. Absent on every other kind. */
  cells: cellValues.optional(),
  /** A hexbin's lattice steps [sx, sy]: centres of one lattice stand sx apart along x and sy
   * along y, the other lattice's half a step in on both (the hexagon is sx wide). */
  hexagon: z.tuple([z.number(), z.number()]).optional(),
  /** A hexbin whose every hexagon is drawn (no mincnt): gridsize nx × ny and the centres of the
   * first lattice's first and last hexagons, (x0, y0) and (x1, y1) (x0 is the extent's left edge
   * less matplotlib's padding of 1e-9 of its width); null when only some hexagons are drawn. */
  hexGrid: z.object({ nx: z.number().int(), ny: z.number().int(), x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }).nullable().optional(),
  /** A 2-D histogram on a category axis: the category of each bin, [x bins, y bins] (null: numeric axis). */
  binLabels: z.tuple([z.array(z.string()).nullable(), z.array(z.string()).nullable()]).optional(),
  /** A 2-D histogram's axis scales ("linear", "log", ...), [x, y]. */
  scales: z.tuple([z.string(), z.string()]).optional(),
  /** A box's outliers, ascending, the first MAX_POINTS (`truncated` when cut); absent when none are drawn (showfliers=False). */
  fliers: z.array(z.number()).optional(),
  /** How many outliers the box draws (`fliers` may hold fewer). */
  flierCount: z.number().int().optional(),
  /** "log": a box drawn on a logarithmic value axis (seaborn computes its statistics from the values' logs). */
  valueScale: z.literal("log").optional(),
  /** A boxen set's median (drawn as its own line across it). */
  median: z.number().optional(),
  /** A clustermap's [rows, columns]. */
  shape: z.tuple([z.number().int(), z.number().int()]).optional(),
  /** A clustermap's row and column dendrograms as drawn: leaf p is the heatmap's drawn row (column)
   * p, merge k is numbered leaves + k as scipy's linkage numbers it, children before parents;
   * `heights` the height of each merge. null: that axis is not clustered (drawn in the data's order). */
  rowTree: DendrogramTree.nullable().optional(),
  colTree: DendrogramTree.nullable().optional(),
  /** A clustermap's row colour strips (row_colors): each drawn row's colour index (null: none) and the strip's label. */
  rowColors: z.array(z.object({ label: z.string().nullable(), values: z.array(z.number().nullable()) })).optional(),
  truncated: z.boolean(),
});
export type PlottedSeries = z.infer<typeof PlottedSeries>;

export const FigureMeasure = z.object({
  figsizeIn: z.tuple([z.number(), z.number()]),
  dpi: z.number(),
  axes: z.number().int(),
  lines: z.number().int(),
  patches: z.number().int(),
  titles: z.number().int(),
  xlabels: z.number().int(),
  ylabels: z.number().int(),
  legends: z.number().int(),
  distinctColors: z.array(z.string()),
  /** Pairs of text artists whose rendered bounding boxes overlap; null when the layout could not
   * be measured (the run's notes say why), never a made-up 0. */
  overlappingText: z.number().int().nullable(),
  /** Text artists that fall (partly) outside the figure; null when not measured, as above. */
  outsideArtists: z.number().int().nullable(),
  /** Axes with nothing drawn in them. */
  emptyAxes: z.number().int(),
  axisLabels: z.array(z.object({ title: z.string(), xlabel: z.string(), ylabel: z.string() })),
  /** The titles of the figure's visible legends (seaborn titles a hue legend with the hue column's
   * name). Optional: results measured before it was reported still parse. */
  legendTitles: z.array(z.string()).optional(),
  /** Per axes (as axisLabels), each category axis's tick labels in position order, an empty
   * category's slot included (a Categorical's level with no rows); null for an axis that is not
   * categorical. Optional: results measured before it was reported still parse. */
  categoryTicks: z.array(z.object({ x: z.array(z.string()).nullable(), y: z.array(z.string()).nullable() })).optional(),
  /** Each visible legend's title and entry labels (a Categorical's hue legend lists every level, a
   * dropped one's included). Optional: results measured before it was reported still parse. */
  legendEntries: z.array(z.object({ title: z.string(), labels: z.array(z.string()) })).optional(),
  data: z.array(PlottedSeries),
  /** Filled shapes that hold data the sandbox does not read (a sideways fill that is neither a
   * violin's body nor one it reads as a line or band, a step fill other than step="post", hexbin
   * cells on a log axis, contours, patches that are neither bars nor boxen boxes, a clustermap's
   * column colour strips) and series past the 64 it measures, per axes: a chart is not
   * "faithful" on its other series alone.
   * Optional: results measured before it was reported still parse. */
  unread: z.array(z.object({ axes: z.number().int(), what: z.string(), count: z.number().int() })).optional(),
});
export type FigureMeasure = z.infer<typeof FigureMeasure>;

export const Violation = z.object({ rule: z.string(), detail: z.string(), line: z.number().int() });
export type Violation = z.infer<typeof Violation>;

/** An isolation layer and whether it was really active for this run (and if not, why). */
export const Layer = z.object({ on: z.boolean(), detail: z.string() });
export type Layer = z.infer<typeof Layer>;

export const SandboxRun = z.object({
  status: RunStatus,
  pngs: z.array(Png),
  figures: z.array(FigureMeasure),
  stdout: z.string(),
  stderr: z.string(),
  traceback: z.string().nullable(),
  violations: z.array(Violation),
  durationMs: z.number(),
  /** Keyed by layer name. The portable core (POSIX, every host): rlimits, filecap, cleanenv,
   * supervisor. Host layers, each on only where the host has it: namespaces, landlock, seccomp,
   * pdeathsig, subreaper, pidfd (Linux), seatbelt (macOS). `static` alone when the static check
   * blocked the snippet before it ran. */
  layers: z.record(z.string(), Layer),
  /** Anything the supervisor had to cut or refuse (output caps, bad PNGs, links). */
  notes: z.array(z.string()),
});
export type SandboxRun = z.infer<typeof SandboxRun>;
