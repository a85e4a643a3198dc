// Box plots read whole (kind "box", as measure.py reports each box bxp draws): boxes built here as
// matplotlib's boxplot_stats builds them (numpy's linear percentiles, whiskers at the furthest
// value within whis × IQR, fliers every value beyond) are confirmed per category, per category ×
// hue level, per column (df.plot.box()) and whole (one box); the same boxes drawn from values
// scaled or shifted are "unfaithful" naming the factor or the constant; wrong fliers, a change of
// unit, a dropped category and a box with too little information are never "unfaithful". Real
// plt.boxplot / df.boxplot / seaborn boxes are in test/sandbox/graphite/faithfulness-boxes-sandbox.test.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { Faithfulness } from "../../../src/lib/schema/graphite";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { series } from "./make";
import { assertVerdict, labelledFigure, lcg, linearPercentile as pct, shuffledColumn, tableOf } from "./seeded-table";

const rand = lcg(11);
const GROUPS = ["A", "B", "C"];
const rows: Array<{ g: string; h: string; k: number; v: number; w: number }> = [];
for (let i = 0; i < 300; i++) {
  const g = GROUPS[i % 3]!;
  const h = i % 2 ? "x" : "y";
  const base = { A: 20, B: 35, C: 50 }[g]!;
  // a long right tail (every 17th value far out) so the boxes have fliers; some gaps
  const tail = i % 17 === 3 ? 40 * rand() + 25 : 0;
  const missing = i % 13 === 5;
  const v = missing ? NaN : Math.round((base + 10 * (rand() + rand() + rand() - 1.5) + tail) * 10) / 10;
  rows.push({ g, h, k: (i % 4) + 1, v, w: Math.round(rand() * 1000) / 10 });
}
const csv = tableOf(["g", "h", "k", "v", "w"], rows);

// matplotlib's boxplot_stats (on numpy's linear percentile), written out for the test
function stats(values: number[], whis: number | [number, number] = 1.5) {
  const v = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  const q1 = pct(v, 0.25);
  const med = pct(v, 0.5);
  const q3 = pct(v, 0.75);
  const [loval, hival] = Array.isArray(whis) ? [pct(v, whis[0] / 100), pct(v, whis[1] / 100)] : [q1 - whis * (q3 - q1), q3 + whis * (q3 - q1)];
  const inHi = v.filter((x) => x <= hival);
  const inLo = v.filter((x) => x >= loval);
  const whishi = inHi.length === 0 || Math.max(...inHi) < q3 ? q3 : Math.max(...inHi);
  const whislo = inLo.length === 0 || Math.min(...inLo) > q1 ? q1 : Math.min(...inLo);
  const fliers = v.filter((x) => x < whislo || x > whishi);
  return { five: [whislo, q1, med, q3, whishi], fliers };
}
function box(
  at: string | number,
  values: number[],
  p: { label?: string | null; whis?: number | [number, number]; fliers?: boolean; change?: (x: number) => number } = {},
): PlottedSeries {
  const f = p.change ?? ((x: number) => x);
  const st = stats(values.map(f), p.whis);
  return series({
    kind: "box",
    label: p.label ?? null,
    x: Array(5).fill(at),
    y: st.five,
    ...(p.fliers === false ? {} : { fliers: st.fliers, flierCount: st.fliers.length }),
  });
}
const vOf = (pick: (r: (typeof rows)[number]) => boolean = () => true) => rows.filter(pick).map((r) => r.v);
const labelled = (data: PlottedSeries[], ylabel = "v", xlabel = "g") => labelledFigure(data, xlabel, ylabel);
/** One box per category g of v (those rows' values), built with `p`. */
const perGroup = (p?: Parameters<typeof box>[2]) =>
  GROUPS.map((g) =>
    box(
      g,
      vOf((r) => r.g === g),
      p,
    ),
  );
/** The check of `data` on axes labelled v by g (or as given): its verdict and, with `named`, the check that names it. */
function assertBoxes(data: PlottedSeries[], verdict: Faithfulness["verdict"], named?: string | RegExp, ylabel?: string, xlabel?: string): Faithfulness {
  const f = checkFaithfulness(csv, [labelled(data, ylabel, xlabel)]);
  assertVerdict(f, verdict, named);
  return f;
}

test("boxes per category as matplotlib computes them are faithful, each named", () => {
  const data = perGroup();
  assert.ok(
    data.some((b) => (b.fliers?.length ?? 0) > 0),
    "the fixture has fliers to confirm",
  );
  const f = assertBoxes(data, "faithful");
  const values = f.checks.filter((c) => c.check.startsWith("values of"));
  assert.equal(values.length, 3);
  for (const g of GROUPS) assert.ok(values.some((c) => c.detail.includes(`box of v where g == "${g}"`) && c.detail.includes("1.5 × IQR")));
});

test("dodged boxes per category and hue level (seaborn's hue) are faithful", () => {
  const data = GROUPS.flatMap((g) =>
    ["x", "y"].map((h) =>
      box(
        g,
        vOf((r) => r.g === g && r.h === h),
        { label: h },
      ),
    ),
  );
  assertBoxes(data, "faithful", 'box of v where g == "B" and h == "x"');
});

test("whiskers at other whis (percentiles) confirmed by their fliers; at the extremes without fliers", () => {
  assertBoxes(perGroup({ whis: [5, 95] }), "faithful", "fliers every value beyond");
  assertBoxes(perGroup({ whis: [0, 100] }), "faithful", "whiskers at the extremes");
});

test("fliers that are not exactly the values beyond the whiskers leave the box unconfirmed, never unfaithful", () => {
  const data = perGroup();
  const withFliers = data.findIndex((b) => (b.fliers?.length ?? 0) > 0);
  const b = data[withFliers]!;
  data[withFliers] = { ...b, fliers: b.fliers!.slice(1), flierCount: b.fliers!.length - 1 };
  assertBoxes(data, "unchecked");
});

test("a numeric category column read by its tick labels (pandas' boxplot(by=) at positions 1..n)", () => {
  const data = [1, 2, 3, 4].map((k) =>
    box(
      String(k),
      vOf((r) => r.k === k),
    ),
  );
  assertBoxes(data, "faithful", 'box of v where k == "3"', "", "k");
});

test("a box per column (df.plot.box()) and one box of a whole column are faithful", () => {
  assertBoxes(
    [
      box("v", vOf()),
      box(
        "w",
        rows.map((r) => r.w),
      ),
    ],
    "faithful",
    /^match box of w /,
  );
  assertBoxes([box(0, vOf())], "faithful", /^match box of v \(/);
});

test("boxes of the column scaled or shifted are unfaithful, naming the factor or the constant", () => {
  assertBoxes(perGroup({ change: (x) => x * 1.1 }), "unfaithful", "those of v by g × 1.1");
  assertBoxes(perGroup({ change: (x) => x + 8 }), "unfaithful", "those of v by g + 8");
});

test("boxes of the column with its gaps read as 0 are unfaithful, saying so", () => {
  assertBoxes(perGroup({ change: (x) => (Number.isNaN(x) ? 0 : x) }), "unfaithful", "that of v by g with its missing values read as 0");
});

test("on a log value axis, seaborn's boxes from the values' logs are confirmed", () => {
  const logBox = (g: string) => {
    const v = vOf((r) => r.g === g).filter((x) => !Number.isNaN(x));
    const st = stats(v.map(Math.log10));
    const fl = st.fliers.map((x) => 10 ** x).sort((a, b) => a - b);
    return series({ kind: "box", x: Array(5).fill(g), y: st.five.map((x) => 10 ** x), fliers: fl, flierCount: fl.length, valueScale: "log" });
  };
  assertBoxes(GROUPS.map(logBox), "faithful", "from the values' logs");
});

test("a change of unit, a column the axes do not name and a box without information are never unfaithful", () => {
  assertBoxes(perGroup({ change: (x) => x * 100 }), "unchecked");
  assertBoxes(perGroup({ change: (x) => x * 1.1 }), "unchecked", undefined, "value", "group");
  const flat = checkFaithfulness(csv, [labelled([series({ kind: "box", x: Array(5).fill("A"), y: [7, 7, 7, 7, 7], fliers: [], flierCount: 0 })])]);
  assert.notEqual(flat.verdict, "unfaithful");
});

test("boxes for some categories only are not faithful: a subset or a dropped category", () => {
  const data = ["A", "C"].map((g) =>
    box(
      g,
      vOf((r) => r.g === g),
    ),
  );
  const f = assertBoxes(data, "unchecked");
  assert.match(f.checks.find((c) => c.check === "categories complete")!.detail, /2 of 3 g values; not "B"/);
});

test("fliers just past a whisker (within 0.2% of it) are fliers: the box is confirmed", () => {
  // 200 values in [1000, 1100], one just inside the upper fence and six beyond it
  const r = lcg(3);
  const vals = Array.from({ length: 200 }, () => +(1000 + r() * 100).toFixed(2));
  // the quartiles count ranks only: six values above q3 leave them (and the fence) where they are
  const st = stats([...vals, ...Array(7).fill(5000)]);
  const fence = st.five[3]! + 1.5 * (st.five[3]! - st.five[1]!);
  // one value just inside the fence is the whisker's end; three just outside are within 0.2% of it
  const all = [...vals, ...[0.9999, 1.0005, 1.001, 1.0015, 1.1, 1.2, 1.3].map((m) => +(fence * m).toFixed(2))];
  const table = tableOf(
    ["g", "v"],
    all.map((v) => ({ g: "A", v })),
  );
  const drawn = box("A", all);
  assert.ok(drawn.fliers!.length >= 6, JSON.stringify(drawn.fliers));
  const f = checkFaithfulness(table, [labelled([drawn])]);
  assertVerdict(f, "faithful", /match box of v where g == "A"|match box of v/);
});

/** v moved between rows (a seeded permutation): each group keeps its size, not its values. */
const shuffledRows = () => shuffledColumn(rows, "v", 5);

test("boxes of v shuffled across rows: whisker ends and fliers that are v's values but not their group's: unfaithful", () => {
  const moved = shuffledRows();
  const data = GROUPS.map((g) =>
    box(
      g,
      moved.filter((r) => r.g === g).map((r) => r.v),
    ),
  );
  assertBoxes(
    data,
    "unfaithful",
    /the boxes draw values of v \(their whisker ends and fliers\), but \d+ of those \d+ are no value of v in the rows of their category \(at g == "[ABC]": [\d.]+\): values from other rows/,
  );
});

test("a subset of each group's rows, the column rounded, or too few values drawn: never called values from other rows", () => {
  const some = GROUPS.map((g) =>
    box(
      g,
      vOf((r) => r.g === g && r.k !== 2),
    ),
  );
  assert.notEqual(assertBoxes(some, "unchecked").verdict, "unfaithful");
  assertBoxes(perGroup({ change: (x) => Math.round(x) }), "unchecked");
  // one box of shuffled values without fliers: two whisker ends are too few to say anything
  const moved = shuffledRows();
  assertBoxes(
    [
      box(
        "A",
        moved.filter((r) => r.g === "A").map((r) => r.v),
        { fliers: false },
      ),
    ],
    "unchecked",
  );
});
