// Error bands as seaborn draws them: for each x group the band's edges are what seaborn's own
// EstimateAggregator (called in the .venv through the oracle group's oracle.py) gives for
// errorbar "sd", "se", ("pi", 95) and ("pi", 50) around the mean; such a band is confirmed and
// named, the same band stretched by 7% is not, a bootstrap-like band is only "consistent" (never
// a pass), and an area from 0 up to the group means is checked as the means. Seeded columns of
// the oracle group's shapes (ties, one-decimal values, skew, gaps).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { ok, oracle, rng, type Shape, values, wire } from "../../oracle/support";
import { figure, mean, series } from "./make";

type Est = { est: number | null; min: number | null; max: number | null };
const SHAPES: Shape[] = ["normal", "ties", "one-decimal", "integers", "skewed"];
const GROUPS = [1, 2, 3, 4, 5];
const ERRORBARS: Array<[string, RegExp]> = [
  ["mean|sd|1", /mean ± standard deviation \(ddof=1\) \(seaborn's errorbar="sd"\)$/],
  ["mean|se|1", /mean ± standard error \(seaborn's errorbar="se"\)$/],
  ["mean|pi|95", /the 95% percentile interval \(seaborn's errorbar=\("pi", 95\)\)$/],
  ["mean|pi|50", /the 50% percentile interval \(seaborn's errorbar=\("pi", 50\)\)$/],
];

// one table per shape: a group column g (1-5) and 12 values of y in each group, some missing
const tables = SHAPES.map((shape, si) => {
  const r = rng(1200 + si);
  const y = GROUPS.map(() => values(r, 12, shape, 0.1));
  const lines = ["id,g,y", ...GROUPS.flatMap((g, gi) => y[gi]!.map((v, j) => `r${gi}-${j},${g},${Number.isNaN(v) ? "" : v}`))];
  return { shape, y, csv: readCsv(lines.join("\n") + "\n") };
});
const answers = oracle(tables.flatMap((t) => t.y.map((v) => ({ op: "estimate", values: wire(v) }))));
const libOf = (ti: number, gi: number) => ok<Record<string, Est>>(answers[ti * GROUPS.length + gi], `estimate ${ti} ${gi}`);
const band = (lo: number[], hi: number[]) => series({ kind: "band", x: GROUPS, y: hi, lower: lo });
const bandCheck = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check.startsWith("values of band"))!;

test("seaborn's sd, se and percentile-interval bands around the mean are confirmed at every x and named", () => {
  const misread: string[] = [];
  tables.forEach((t, ti) => {
    for (const [key, named] of ERRORBARS) {
      const lib = GROUPS.map((_, gi) => libOf(ti, gi)[key]!);
      const line = series({ kind: "line", x: GROUPS, y: lib.map((e) => e.est!) });
      const f = checkFaithfulness(t.csv, [
        figure([
          line,
          band(
            lib.map((e) => e.min!),
            lib.map((e) => e.max!),
          ),
        ]),
      ]);
      const b = bandCheck(f);
      if (f.verdict !== "faithful" || b.status !== "pass" || !named.test(b.detail)) misread.push(`${t.shape} ${key}: ${f.verdict} ${b.detail}`);
    }
  });
  assert.deepEqual(misread, []);
});

test("the same bands stretched by 7% are not confirmed, and never make the chart faithful on their own", () => {
  const wrong: string[] = [];
  tables.forEach((t, ti) => {
    for (const [key] of ERRORBARS) {
      const lib = GROUPS.map((_, gi) => libOf(ti, gi)[key]!);
      const mid = lib.map((e) => e.est!);
      const stretched = band(
        lib.map((e, j) => mid[j]! - 1.07 * (mid[j]! - e.min!)),
        lib.map((e, j) => mid[j]! + 1.07 * (e.max! - mid[j]!)),
      );
      const f = checkFaithfulness(t.csv, [figure([stretched])]);
      if (bandCheck(f).status === "pass" || f.verdict === "faithful") wrong.push(`${t.shape} ${key}: ${bandCheck(f).detail}`);
    }
  });
  assert.deepEqual(wrong, []);
});

test("a band inside the values around the mean (a bootstrap interval) is consistent: the chart's verdict rests on its line", () => {
  const t = tables[0]!;
  const present = t.y.map((v) => v.filter((x) => Number.isFinite(x)));
  const means = present.map(mean);
  // half-way between the mean and each group's extremes: inside the values, not any fixed reading
  const lo = present.map((v, j) => (means[j]! + Math.min(...v)) / 2);
  const hi = present.map((v, j) => (means[j]! + Math.max(...v)) / 2);
  const f = checkFaithfulness(t.csv, [figure([series({ kind: "line", x: GROUPS, y: means }), band(lo, hi)])]);
  assert.equal(bandCheck(f).status, "unchecked");
  assert.match(bandCheck(f).detail, /consistent, not confirmed$/);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  const alone = checkFaithfulness(t.csv, [figure([band(lo, hi)])]);
  assert.equal(alone.verdict, "unchecked");
});

test("an area from 0 up to the group means (fill_between under a line) is checked as the means", () => {
  const t = tables[1]!;
  const means = t.y.map((v) => mean(v.filter((x) => Number.isFinite(x))));
  const f = checkFaithfulness(t.csv, [figure([band([0, 0, 0, 0, 0], means)])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  assert.match(bandCheck(f).check, /\(the area from 0 up to it\)$/);
  const scaled = checkFaithfulness(t.csv, [
    figure([
      band(
        [0, 0, 0, 0, 0],
        means.map((m) => m * 1.07),
      ),
    ]),
  ]);
  assert.notEqual(scaled.verdict, "faithful");
});
