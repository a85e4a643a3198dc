// Error bars at categories, as seaborn's barplot and pointplot draw them (a two-point line across
// the value axis at each category): "sd", "se" and percentile intervals of the category's rows
// (or its hue level's) are confirmed; a bootstrap-like interval is only consistent; error bars
// whose widths are the data's sd but whose centres all moved by one constant, or all stretched by
// one factor, read "unfaithful" naming the change; a deviation chart's (centres minus the
// column's mean) and a lone moved bar are never called unfaithful.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, mean, series } from "./make";

const islands = ["Torgersen", "Biscoe", "Dream"];
const rows = Array.from({ length: 36 }, (_, i) => ({
  island: islands[i % 3]!,
  sex: i % 2 === 0 ? "MALE" : "FEMALE",
  mass: 3000 + ((i * 211) % 1700) + i,
}));
const penguins = readCsv(["island,sex,body_mass_g", ...rows.map((r) => `${r.island},${r.sex},${r.mass}`)].join("\n") + "\n");
const massOf = (island: string, sex?: string) => rows.filter((r) => r.island === island && (!sex || r.sex === sex)).map((r) => r.mass);
const sd = (v: number[]) => {
  const m = mean(v);
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1));
};
/** numpy's linear percentile. */
const pct = (v: number[], q: number) => {
  const s = [...v].sort((a, b) => a - b);
  const at = q * (s.length - 1);
  const lo = Math.floor(at);
  return s[lo]! + (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!) * (at - lo);
};

/** Bars of each island's mean and an error bar [lo, hi] at each, as measure.py reports a barplot. */
const barplot = (bar: (v: number[]) => number, interval: (v: number[]) => [number, number]) =>
  checkFaithfulness(penguins, [
    figure([
      ...islands.map((is) => series({ kind: "line", x: [is, is], y: interval(massOf(is)) })),
      series({ kind: "bar", x: islands, y: islands.map((is) => bar(massOf(is))) }),
    ]),
  ]);
const errorBars = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of line"));

test("error bars of mean ± sd and of a 50% percentile interval are confirmed, naming seaborn's errorbar", () => {
  const bySd = barplot(mean, (v) => [mean(v) - sd(v), mean(v) + sd(v)]);
  assert.equal(bySd.verdict, "faithful", JSON.stringify(bySd.checks));
  assert.equal(errorBars(bySd).length, 3);
  for (const c of errorBars(bySd)) assert.equal(c.status, "pass", c.detail);
  assert.match(
    errorBars(bySd)[0]!.detail,
    /match error bar of body_mass_g where island == "Torgersen": mean ± standard deviation \(ddof=1\) \(seaborn's errorbar="sd"\)/,
  );
  const byPi = barplot(mean, (v) => [pct(v, 0.25), pct(v, 0.75)]);
  assert.equal(byPi.verdict, "faithful", JSON.stringify(byPi.checks));
  assert.match(errorBars(byPi)[1]!.detail, /the 50% percentile interval \(seaborn's errorbar=\("pi", 50\)\)/);
});

test("error bars of each hue level (barplot(hue=)) are read over the category and level's rows", () => {
  const f = checkFaithfulness(penguins, [
    figure(
      islands.flatMap((is) =>
        ["MALE", "FEMALE"].map((sex) => {
          const v = massOf(is, sex);
          return series({ kind: "line", x: [is, is], y: [mean(v) - sd(v) / Math.sqrt(v.length), mean(v) + sd(v) / Math.sqrt(v.length)] });
        }),
      ),
    ),
  ]);
  for (const c of errorBars(f)) assert.equal(c.status, "pass", c.detail);
  assert.match(errorBars(f)[1]!.detail, /where island == "Torgersen" and sex == "FEMALE": mean ± standard error/);
});

test("an interval around the mean within the values (a bootstrap) is consistent, not confirmed, and does not hold back a faithful chart", () => {
  const f = barplot(mean, (v) => [mean(v) - 0.37 * sd(v), mean(v) + 0.41 * sd(v)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  for (const c of errorBars(f)) {
    assert.equal(c.status, "unchecked");
    assert.match(c.detail, /consistent, not confirmed/);
  }
});

test("error bars whose widths are the data's sd but all moved by 100, or all stretched by 1.1: unfaithful, naming the change", () => {
  const moved = barplot(
    (v) => mean(v) + 100,
    (v) => [mean(v) + 100 - sd(v), mean(v) + 100 + sd(v)],
  );
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(
    errorBars(moved)[0]!.detail,
    /the error bar at "Torgersen" is body_mass_g where island == "Torgersen" read as mean ± standard deviation \(ddof=1\) \(seaborn's errorbar="sd"\), moved \+ 100, as every error bar of the chart is/,
  );
  const stretched = barplot(
    (v) => mean(v) * 1.1,
    (v) => [1.1 * (mean(v) - sd(v)), 1.1 * (mean(v) + sd(v))],
  );
  assert.equal(stretched.verdict, "unfaithful", JSON.stringify(stretched.checks));
  assert.match(errorBars(stretched)[2]!.detail, /stretched × 1\.1, as every error bar/);
});

test("a deviation chart (centres minus the column's mean) and a lone moved error bar are never unfaithful", () => {
  const all = mean(rows.map((r) => r.mass));
  const deviation = barplot(
    (v) => mean(v) - all,
    (v) => [mean(v) - all - sd(v), mean(v) - all + sd(v)],
  );
  assert.notEqual(deviation.verdict, "unfaithful", JSON.stringify(deviation.checks));
  const lone = checkFaithfulness(penguins, [
    figure([
      series({
        kind: "line",
        x: ["Dream", "Dream"],
        y: [mean(massOf("Dream")) + 100 - sd(massOf("Dream")), mean(massOf("Dream")) + 100 + sd(massOf("Dream"))],
      }),
    ]),
  ]);
  assert.notEqual(lone.verdict, "unfaithful", JSON.stringify(lone.checks));
});
