// Hue levels' kernel density curves (seaborn's kdeplot(hue=), common_norm: each level's density
// times its share of the rows, each at its own Scott's bandwidth, on its own grid 3 bandwidths past
// its values, 200 points). The data's own are faithful; a column shuffled across rows gives curves
// whose means, weighted by the values each holds (read from its area), still add up to the column's total while a level's
// curve's mean is not its rows' mean: unfaithful, naming the level and both means, at any
// bandwidth (bw_adjust). Without a legend titled with the level column, or with a derived hue
// whose sizes no level has, nothing is claimed.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";
import { assertVerdict, lcg, tableOf } from "./seeded-table";

const rand = lcg(31);
/** 150 readings: 100 from site "north", 50 from "south", every value distinct. */
const readings = Array.from({ length: 150 }, (_, i) => {
  const site = i % 3 === 2 ? "south" : "north";
  return { site, ppm: +((site === "north" ? 40 : 55) + rand() * 20 + i / 1000).toFixed(4) };
});
const table = tableOf(["site", "ppm"], readings);

/** seaborn's level curve: Scott's bandwidth × adjust, cut 3, 200 points, times share (common_norm). */
function kde(v: number[], share: number, adjust = 1): PlottedSeries {
  const n = v.length;
  const mu = v.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1));
  const bw = sd * n ** -0.2 * adjust;
  const lo = Math.min(...v) - 3 * bw;
  const hi = Math.max(...v) + 3 * bw;
  const x = Array.from({ length: 200 }, (_, i) => lo + ((hi - lo) * i) / 199);
  const y = x.map((t) => (share * v.reduce((a, b) => a + Math.exp(-0.5 * ((t - b) / bw) ** 2), 0)) / (n * bw * Math.sqrt(2 * Math.PI)));
  return series({ kind: "line", label: null, x, y });
}
const bySite = (rows: typeof readings, adjust = 1) =>
  ["north", "south"].map((s) => {
    const v = rows.filter((r) => r.site === s).map((r) => r.ppm);
    return kde(v, v.length / rows.length, adjust);
  });

function shuffled(): typeof readings {
  const r = lcg(4);
  const v = readings.map((x) => x.ppm);
  for (let i = v.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [v[i], v[j]] = [v[j]!, v[i]!];
  }
  return readings.map((x, i) => ({ ...x, ppm: v[i]! }));
}
const check = (data: PlottedSeries[], legendTitles: string[] = ["site"]) => checkFaithfulness(table, [figure(data, { legendTitles })]);
const MOVED =
  /the 2 density curves' means weighted by the values each holds add up to the total of ppm exactly .*this curve \((100|50) values; ppm where site == "(north|south)" has (100|50)\) has mean [\d.]+ while that level's rows have mean [\d.]+: the values of ppm \(or of site\) were moved between rows \(shuffled\)/;

test("each site's density of its own readings (common_norm): faithful", () => {
  assertVerdict(check(bySite(readings)), "faithful", 'kernel density of ppm where site == "south"');
});

test("ppm shuffled across rows: the curves hold ppm's values but a site's curve is not its rows' mean: unfaithful", () => {
  assertVerdict(check(bySite(shuffled())), "unfaithful", MOVED);
});

test("the same at half Scott's bandwidth (bw_adjust=0.5): unfaithful, the means not depending on the bandwidth", () => {
  assertVerdict(check(bySite(shuffled(), 0.5)), "unfaithful", MOVED);
});

test("without a legend titled site, or with a derived hue (ppm above 50) whose sizes no site has: not unfaithful", () => {
  assertVerdict(check(bySite(shuffled()), []), "unchecked");
  const v = readings.map((r) => r.ppm);
  const hi = v.filter((t) => t > 50);
  const lo = v.filter((t) => t <= 50);
  assertVerdict(check([kde(hi, hi.length / v.length), kde(lo, lo.length / v.length)]), "unchecked");
});
