// Histograms on fixed bins (hist(range=), histplot(binrange=)) of a column stretched or moved: the
// bins are the chart's own, so only the counts say what was binned. The column's own histogram is
// faithful; stretched by 2 or moved by 5 it is unfaithful naming the change; a change of unit
// (inches to cm), deviations from the mean, and a histogram of too few values are never called
// unfaithful.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, mean, series } from "./make";

/** 120 fares, skewed like taxi fares, every value distinct. */
const fares = Array.from({ length: 120 }, (_, i) => +(4 + ((i * 37) % 101) * 0.23 + (i % 7) * 0.9 + i / 1000).toFixed(3));
const table = (v: number[]) => readCsv(["trip,fare", ...v.map((t, i) => `t${i},${t}`)].join("\n") + "\n");
const taxis = table(fares);

/** np.histogram on fixed edges [lo, hi] in `bins` bins, drawn as bars at the centres. */
function hist(v: number[], lo: number, hi: number, bins: number) {
  const w = (hi - lo) / bins;
  const y = new Array<number>(bins).fill(0);
  for (const t of v) {
    if (t < lo || t > hi) continue;
    y[Math.min(bins - 1, Math.floor((t - lo) / w))]!++;
  }
  return series({ kind: "bar", x: y.map((_, i) => lo + (i + 0.5) * w), y });
}
const check = (s: ReturnType<typeof hist>, t = taxis) => checkFaithfulness(t, [figure([s])]);
const detail = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check.startsWith("values of"))!.detail;

test("the column's own histogram on fixed bins is faithful", () => {
  const f = check(hist(fares, 0, 80, 40));
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("the column stretched by 2 on the same fixed bins: unfaithful, naming the factor", () => {
  const f = check(
    hist(
      fares.map((v) => v * 2),
      0,
      80,
      40,
    ),
  );
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(detail(f), /the bars are a histogram of fare stretched × 2 \(any factor from [\d.]+ to [\d.]+ gives these counts\) on these bins/);
});

test("the column moved by 5 on fixed bins: unfaithful, naming the move", () => {
  const f = check(
    hist(
      fares.map((v) => v + 5),
      0,
      80,
      80,
    ),
  );
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(detail(f), /histogram of fare moved \+ 5 \(any move from/);
});

test("a change of unit, deviations from the mean, and a handful of values are never unfaithful", () => {
  const cm = check(
    hist(
      fares.map((v) => v * 2.54),
      0,
      200,
      40,
    ),
  );
  assert.notEqual(cm.verdict, "unfaithful", JSON.stringify(cm.checks));
  const m = mean(fares);
  const deviation = check(
    hist(
      fares.map((v) => v - m),
      -30,
      30,
      30,
    ),
  );
  assert.notEqual(deviation.verdict, "unfaithful", JSON.stringify(deviation.checks));
  const few = fares.slice(0, 20);
  const small = check(
    hist(
      few.map((v) => v * 2),
      0,
      80,
      20,
    ),
    table(few),
  );
  assert.notEqual(small.verdict, "unfaithful", JSON.stringify(small.checks));
});
