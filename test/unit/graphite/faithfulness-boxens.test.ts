// Letter-value box sets (kind "boxen", as measure.py reports seaborn's boxenplot) built here as
// seaborn's LetterValues builds them (numpy's linear percentiles at 100 × 0.5^j and
// 100 × (1 − 0.5^j), k from the k_depth rule, the ends at 0 and 100 for "full", fliers every value
// beyond) are confirmed per category and hue level; the same sets of values scaled are
// "unfaithful" naming the factor; wrong fliers or a median that is not the values' leave the set
// unchecked. Real boxenplots are in test/sandbox/graphite/faithfulness-boxes-sandbox.test.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { series } from "./make";
import { labelledFigure, lcg, linearPercentile as pct, tableOf } from "./seeded-table";

const rand = lcg(5);
const GROUPS = ["A", "B", "C"];
const rows: Array<{ g: string; h: string; v: number }> = [];
for (let i = 0; i < 900; i++) {
  const g = GROUPS[i % 3]!;
  const v = i % 23 === 4 ? NaN : Math.round(({ A: 20, B: 35, C: 50 }[g]! + 30 * (rand() * rand() - 0.25)) * 100) / 100;
  rows.push({ g, h: i % 2 ? "x" : "y", v });
}
const csv = tableOf(["g", "h", "v"], rows);

// seaborn's LetterValues (on numpy's linear percentile), written out for the test
function boxen(at: string, values: number[], o: { kDepth?: "tukey" | "full"; label?: string; change?: (x: number) => number } = {}): PlottedSeries {
  const v = values
    .filter((x) => !Number.isNaN(x))
    .map(o.change ?? ((x) => x))
    .sort((a, b) => a - b);
  const n = v.length;
  const k = Math.max(o.kDepth === "full" ? Math.floor(Math.log2(n)) + 1 : Math.floor(Math.log2(n)) - 3, 1);
  const qs: number[] = [];
  for (let j = k + 1; j >= 2; j--) qs.push(0.5 ** j);
  for (let j = 2; j <= k + 1; j++) qs.push(1 - 0.5 ** j);
  if (o.kDepth === "full") {
    qs[0] = 0;
    qs[qs.length - 1] = 1;
  }
  const lv = qs.map((q) => pct(v, q));
  const fliers = v.filter((x) => x < lv[0]! || x > lv[lv.length - 1]!);
  return series({ kind: "boxen", label: o.label ?? null, x: Array(lv.length).fill(at), y: lv, median: pct(v, 0.5), fliers, flierCount: fliers.length });
}
const vOf = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).map((r) => r.v);
const chart = (data: PlottedSeries[]) => labelledFigure(data, "g", "v");

test("letter-value sets as seaborn computes them are faithful (tukey and full depth, hue levels)", () => {
  const tukey = checkFaithfulness(csv, [
    chart(
      GROUPS.map((g) =>
        boxen(
          g,
          vOf((r) => r.g === g),
        ),
      ),
    ),
  ]);
  assert.equal(tukey.verdict, "faithful", JSON.stringify(tukey.checks));
  assert.ok(tukey.checks.some((c) => c.detail.includes('letter-value boxes of v where g == "B"') && c.detail.includes("every value beyond as a flier")));
  const full = checkFaithfulness(csv, [
    chart(
      GROUPS.flatMap((g) =>
        ["x", "y"].map((h) =>
          boxen(
            g,
            vOf((r) => r.g === g && r.h === h),
            { kDepth: "full", label: h },
          ),
        ),
      ),
    ),
  ]);
  assert.equal(full.verdict, "faithful", JSON.stringify(full.checks));
  assert.ok(full.checks.some((c) => c.detail.includes("out to the extremes") && c.detail.includes('and h == "x"')));
});

test("letter values of the column × 1.3 are unfaithful, naming the factor", () => {
  const f = checkFaithfulness(csv, [
    chart(
      GROUPS.map((g) =>
        boxen(
          g,
          vOf((r) => r.g === g),
          { change: (x) => x * 1.3 },
        ),
      ),
    ),
  ]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.ok(f.checks.some((c) => c.status === "fail" && c.detail.includes("those of v by g × 1.3")));
});

test("a set whose fliers or median are not its values' is unchecked, never unfaithful", () => {
  const data = GROUPS.map((g) =>
    boxen(
      g,
      vOf((r) => r.g === g),
    ),
  );
  const noFlier = data.map((s, i) => (i === 0 ? { ...s, fliers: s.fliers!.slice(1), flierCount: s.flierCount! - 1 } : s));
  assert.equal(checkFaithfulness(csv, [chart(noFlier)]).verdict, "unchecked");
  const median = data.map((s, i) => (i === 1 ? { ...s, median: s.median! + 1 } : s));
  assert.equal(checkFaithfulness(csv, [chart(median)]).verdict, "unchecked");
});
