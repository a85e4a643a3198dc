// The check's readings of distributions equal what numpy, scipy, seaborn and matplotlib compute,
// on seeded columns with gaps, ties, one-decimal values (numpy's floating-point edges), constants
// and skew: np.histogram's edges and counts for int bins and every string rule, seaborn's
// histplot stats, Scott's kernel density (scipy's gaussian_kde, seaborn's KDE on its own grid),
// seaborn's ECDF, matplotlib's boxplot_stats, and the numbers seaborn's estimators and
// deterministic error bars give (mean/median/sum; sd, se, pi). Where the chart is what the
// library draws, the user-visible answer is asserted: the verdict on that chart is never
// "unfaithful", and "faithful" for the readings the check has. One trusted Python process per
// test (oracle.py).
import { test } from "node:test";
import { intervalReading, intervalStats } from "../../src/lib/graphite/faithfulness/intervals";
import assert from "node:assert/strict";
import { readCsv } from "../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../src/lib/graphite/faithfulness";
import { aggregate } from "../../src/lib/graphite/faithfulness/aggregate";
import { boxStats, percentile } from "../../src/lib/graphite/faithfulness/boxes";
import { countBounds, edgesFrom, isEvenGrid, scottDensity, withinBounds } from "../../src/lib/graphite/faithfulness/shapes";
import type { PlottedSeries } from "../../src/lib/schema/sandbox";
import { figure, series } from "../unit/graphite/make";
import { agree, ok, oracle, rng, SHAPES, type Shape, Tally, unwire, values, wire } from "./support";

type Col = { shape: Shape; v: number[] };

function columns(seed0: number, sizes: number[], gapShares: number[]): Col[] {
  const out: Col[] = [];
  let seed = seed0;
  for (const shape of SHAPES) for (const gaps of gapShares) for (const n of sizes) out.push({ shape, v: values(rng(seed++), n, shape, gaps) });
  return out;
}

// a row label beside the column: graphite reads CSVs of two columns or more
const csvOf = (v: number[]) => readCsv(["row,v", ...v.map((x, i) => `r${i},${Number.isNaN(x) ? "" : String(x)}`)].join("\n"));
const verdictOf = (v: number[], s: PlottedSeries) => checkFaithfulness(csvOf(v), [figure([s])]);

const BINS: Array<number | string> = [5, 10, 25, 40, "auto", "sturges", "fd", "doane", "scott", "rice", "sqrt", "stone"];

test("np.histogram: the check's edges (read from the bar centres) and counts hold numpy's, for int bins and every string rule", () => {
  const cols = columns(400, [12, 150, 1200], [0, 0.1]);
  const reqs = cols.flatMap((c) => BINS.map((bins) => ({ op: "histogram", values: wire(c.v), bins })));
  const answers = oracle(reqs);
  const edgesT = new Tally();
  const countsT = new Tally();
  const verdicts = { faithful: 0, unchecked: 0, unfaithful: [] as string[] };
  reqs.forEach((r, i) => {
    const lib = ok<{ counts: number[]; edges: number[] }>(answers[i], `histogram ${i}`);
    if (lib.counts.length > 500) return; // 'fd'/'stone' on near-constant data: no one draws these
    const centres = lib.edges.slice(0, -1).map((e, b) => (e + lib.edges[b + 1]!) / 2);
    const vals = unwire(r.values).filter((t) => Number.isFinite(t));
    const edges = lib.counts.length >= 2 ? edgesFrom(centres) : null;
    if (lib.counts.length < 2) return;
    const w = lib.edges[1]! - lib.edges[0]!;
    edgesT.check(
      edges?.every((e, b) => Math.abs(e - lib.edges[b]!) <= 1e-9 * w + 1e-12 * Math.abs(e)) === true,
      () => `${JSON.stringify(r.bins)} on ${vals.length} values: edges ${JSON.stringify(edges)} vs numpy ${JSON.stringify(lib.edges)}`,
    );
    if (!edges) return;
    countsT.check(
      withinBounds(lib.counts, countBounds(vals, edges)),
      () => `${JSON.stringify(r.bins)}: numpy's counts ${JSON.stringify(lib.counts)} not within the check's bounds`,
    );
    const f = verdictOf(unwire(r.values), series({ kind: "bar", x: centres, y: lib.counts }));
    if (f.verdict === "unfaithful") verdicts.unfaithful.push(`${JSON.stringify(r.bins)} on ${vals.length} values: ${JSON.stringify(f.checks)}`);
    else if (f.verdict === "faithful") verdicts.faithful++;
    else verdicts.unchecked++;
  });
  console.log(edgesT.summary("histogram edges"));
  console.log(countsT.summary("histogram counts"));
  console.log(`np.histogram charts: ${verdicts.faithful} faithful, ${verdicts.unchecked} unchecked, ${verdicts.unfaithful.length} unfaithful`);
  assert.equal(edgesT.bad.length, 0, edgesT.summary("edges"));
  assert.equal(countsT.bad.length, 0, countsT.summary("counts"));
  assert.deepEqual(verdicts.unfaithful, []);
  assert.ok(edgesT.cases >= 500, `only ${edgesT.cases} histograms compared`);
});

// seaborn's stat, and how the check names that reading (null: the check has no such reading)
const STATS: Array<[string, boolean, string | null]> = [
  ["count", false, "counts"],
  ["density", false, "density"],
  ["probability", false, "share"],
  ["percent", false, "percent"],
  ["frequency", false, null],
  ["count", true, "cumulative counts"],
  ["density", true, "cumulative share"],
  ["probability", true, "cumulative share"],
  ["percent", true, null],
  // seaborn makes a cumulative density or frequency from the widths first: the running count
  ["frequency", true, "cumulative counts"],
];

test("seaborn histplot: each stat the check reads is recognised on seaborn's own bins and heights", () => {
  const cols = columns(500, [30, 400], [0, 0.1]);
  const reqs = cols.flatMap((c) =>
    [10, "auto"].map((bins) => ({ op: "sns_histogram", values: wire(c.v), bins, stats: ["count", "density", "probability", "percent", "frequency"] })),
  );
  const answers = oracle(reqs);
  const read = new Map<string, Tally>();
  const unread = new Map<string, number>();
  const wrong: string[] = [];
  reqs.forEach((r, i) => {
    const lib = ok<Record<string, { heights: number[]; edges: number[] }>>(answers[i], `sns_histogram ${i}`);
    for (const [stat, cum, how] of STATS) {
      const h = lib[`${stat}|${cum ? 1 : 0}`]!;
      if (h.heights.length < 2 || h.heights.length > 500) continue;
      const centres = h.edges.slice(0, -1).map((e, b) => (e + h.edges[b + 1]!) / 2);
      const f = verdictOf(unwire(r.values), series({ kind: "bar", x: centres, y: h.heights }));
      const name = `${stat}${cum ? " cumulative" : ""}`;
      if (f.verdict === "unfaithful") wrong.push(`${name} bins=${r.bins}: ${JSON.stringify(f.checks[0])}`);
      if (how === null) {
        unread.set(name, (unread.get(name) ?? 0) + (f.verdict === "faithful" ? 0 : 1));
        continue;
      }
      if (!read.has(name)) read.set(name, new Tally());
      read.get(name)!.check(f.verdict === "faithful", () => `bins=${r.bins} ${cols[Math.floor(i / 2)]!.shape}: ${f.verdict} ${JSON.stringify(f.checks[0])}`);
    }
  });
  console.log([...read].map(([k, t]) => t.summary(`histplot stat=${k}`)).join("\n"));
  console.log(`stats the check has no reading for (unchecked, never unfaithful): ${JSON.stringify(Object.fromEntries(unread))}`);
  assert.deepEqual(wrong, []);
  for (const [k, t] of read) assert.equal(t.bad.length, 0, t.summary(k));
});

test("kernel density: Scott's bandwidth equals scipy's gaussian_kde, and seaborn's kdeplot curve (bw_adjust=1) is recognised", () => {
  const cols = columns(600, [5, 60, 500], [0, 0.1]).filter((c) => c.shape !== "constant");
  const grids = cols.map((c) => {
    const vals = c.v.filter((t) => Number.isFinite(t));
    const lo = Math.min(...vals);
    const hi = Math.max(...vals);
    return Array.from({ length: 50 }, (_, i) => lo - 1 + ((hi - lo + 2) * i) / 49);
  });
  const answers = oracle(cols.map((c, i) => ({ op: "kde", values: wire(c.v), grid: grids[i], bw_adjusts: [1, 0.5, 2], cut: 3, gridsize: 200 })));
  const scipyT = new Tally();
  const seabornT = new Tally();
  const gridT = new Tally();
  const wrong: string[] = [];
  let otherRead = 0;
  let otherAll = 0;
  cols.forEach((c, ci) => {
    const lib = ok<Record<string, unknown>>(answers[ci], `kde ${ci}`);
    const vals = c.v.filter((t) => Number.isFinite(t));
    const dens = scottDensity(vals);
    const want = lib.scipy as Array<number | null>;
    scipyT.check(dens !== null && grids[ci]!.every((t, j) => agree(dens(t), want[j]!)), () => `${c.shape} n=${vals.length}`);
    for (const [key, curve] of Object.entries(lib)) {
      if (key === "scipy") continue;
      const { x, y } = curve as { x: number[]; y: number[] };
      if (key === "scott|1") {
        seabornT.check(dens !== null && x.every((t, j) => agree(dens(t), y[j]!)), () => `${c.shape} n=${vals.length}: seaborn's curve differs`);
        gridT.check(isEvenGrid(x), () => `seaborn's support is not an even grid: ${x.slice(0, 3)}`);
      }
      const f = verdictOf(c.v, series({ kind: "line", x, y }));
      if (f.verdict === "unfaithful") wrong.push(`${key} ${c.shape}: ${JSON.stringify(f.checks[0])}`);
      if (key !== "scott|1") {
        otherAll++;
        if (f.verdict === "faithful") otherRead++;
      }
    }
  });
  console.log(scipyT.summary("Scott density vs scipy gaussian_kde"));
  console.log(seabornT.summary("Scott density vs seaborn KDE (bw_adjust=1, cut=3, gridsize=200)"));
  console.log(gridT.summary("seaborn's support read as an even grid"));
  console.log(
    `Silverman or bw_adjust != 1 curves: ${otherRead} of ${otherAll} read as faithful (Scott's bandwidth here; other bandwidths are read by faithfulness/bandwidth), none unfaithful`,
  );
  assert.deepEqual(wrong, []);
  for (const t of [scipyT, seabornT, gridT]) assert.equal(t.bad.length, 0, t.summary("kde"));
});

test("ECDF: seaborn's ecdfplot (proportion, count, percent, each also complementary) is read as the empirical CDF of its column", () => {
  const cols = columns(700, [6, 80, 700], [0, 0.1]);
  const answers = oracle(cols.map((c) => ({ op: "ecdf", values: wire(c.v) })));
  const t = new Tally();
  const wrong: string[] = [];
  cols.forEach((c, ci) => {
    const lib = ok<Record<string, { x: Array<number | null>; y: number[] }>>(answers[ci], `ecdf ${ci}`);
    for (const [stat, { x, y }] of Object.entries(lib)) {
      // seaborn starts the curve at -inf, which matplotlib does not draw
      const keep = x.flatMap((v, j) => (v !== null && Number.isFinite(v) ? [j] : []));
      const f = verdictOf(c.v, series({ kind: "line", x: keep.map((j) => x[j]!), y: keep.map((j) => y[j]!) }));
      if (f.verdict === "unfaithful") wrong.push(`${stat} ${c.shape}: ${JSON.stringify(f.checks)}`);
      if (keep.length < 5) continue;
      t.check(
        f.verdict === "faithful" && /empirical CDF/.test(JSON.stringify(f.checks)),
        () => `${stat} ${c.shape} n=${keep.length}: ${f.verdict} ${JSON.stringify(f.checks[0])}`,
      );
    }
  });
  console.log(t.summary("seaborn ECDF"));
  assert.deepEqual(wrong, []);
  assert.equal(t.bad.length, 0, t.summary("ecdf"));
});

test("box plots: the check's quartiles, median and 1.5 IQR whiskers equal matplotlib's boxplot_stats", () => {
  const cols = columns(800, [1, 2, 3, 4, 5, 9, 50, 400], [0, 0.2]);
  cols.push({ shape: "ties", v: [1, 1, 1, 1, 100] }, { shape: "ties", v: [-1e6, 0, 0, 0, 0, 0, 1e6] });
  const live = cols.filter((c) => c.v.some((t) => Number.isFinite(t)));
  const answers = oracle(live.map((c) => ({ op: "box_stats", values: wire(c.v) })));
  const t = new Tally();
  live.forEach((c, ci) => {
    const lib = ok<Record<string, number | null>>(answers[ci], `box ${ci}`);
    const ours = boxStats(c.v);
    const want = [lib.q1!, lib.med!, lib.q3!, lib.whislo!, lib.whishi!];
    t.check(
      ours.length === 5 && ours.every((o, j) => agree(o, want[j]!)),
      () => `${c.shape} ${JSON.stringify(c.v.slice(0, 8))}: ours ${ours}, matplotlib ${want}`,
    );
  });
  console.log(t.summary("boxplot_stats"));
  assert.ok(t.cases >= 120, `only ${t.cases} compared`);
  assert.equal(t.bad.length, 0, t.summary("boxplot_stats"));
});

test("seaborn's estimators and deterministic error bars: mean/median/sum with sd, se and pi equal the check's aggregates and percentiles", () => {
  const cols = columns(900, [1, 2, 5, 40, 300], [0, 0.2]).filter((c) => c.v.some((t) => Number.isFinite(t)));
  const answers = oracle(cols.map((c) => ({ op: "estimate", values: wire(c.v) })));
  const t = new Map<string, Tally>();
  cols.forEach((c, ci) => {
    const lib = ok<Record<string, { est: number | null; min: number | null; max: number | null }>>(answers[ci], `estimate ${ci}`);
    const present = c.v.filter((x) => Number.isFinite(x));
    const sorted = [...present].sort((a, b) => a - b);
    for (const [key, a] of Object.entries(lib)) {
      const [est, eb, width] = key.split("|") as [string, string, string];
      const e = aggregate(est as "mean" | "median" | "sum", c.v);
      let lo: number;
      let hi: number;
      if (eb === "sd" || eb === "se") {
        const d = aggregate(eb === "sd" ? "std" : "sem", c.v);
        lo = e - d;
        hi = e + d;
      } else {
        lo = percentile(sorted, (50 - Number(width) / 2) / 100);
        hi = percentile(sorted, (50 + Number(width) / 2) / 100);
      }
      const name = `${est} ${eb}${eb === "pi" ? width : ""}`;
      // seaborn draws no error bar for one value: its interval is NaN, whatever ours says
      if (present.length <= 1) {
        if (!t.has("one value")) t.set("one value", new Tally());
        t.get("one value")!.check(agree(e, a.est) && a.min === null && a.max === null, () => `${name} of one value: seaborn ${JSON.stringify(a)}`);
        continue;
      }
      if (!t.has(name)) t.set(name, new Tally());
      t.get(name)!.check(
        agree(e, a.est) && agree(lo, a.min) && agree(hi, a.max),
        () => `${c.shape} n=${present.length}: ours ${e} [${lo}, ${hi}], seaborn ${JSON.stringify(a)}`,
      );
      // the reading error bands and error bars use names seaborn's own interval (mean ± sd or se; pi whatever the estimator)
      if ((est === "mean" || eb === "pi") && a.min !== null && a.max !== null && a.max > a.min) {
        const named = intervalReading(
          [intervalStats(present)!],
          [a.min],
          [a.max],
          (u, w) => Math.abs(u - w) <= 1e-7 * Math.max(Math.abs(a.min!), Math.abs(a.max!)) + 1e-12,
        );
        const want = eb === "pi" ? `("pi", ${width})` : `errorbar="${eb}"`;
        if (!t.has(`read as ${name}`)) t.set(`read as ${name}`, new Tally());
        t.get(`read as ${name}`)!.check(
          named?.includes(want) === true,
          () => `${c.shape} n=${present.length}: seaborn's ${name} [${a.min}, ${a.max}] read as ${named}`,
        );
      }
    }
  });
  console.log([...t].map(([k, v]) => v.summary(k)).join("\n"));
  for (const [k, v] of t) assert.equal(v.bad.length, 0, v.summary(k));
});
