// Hue levels' empirical CDFs (seaborn's ecdfplot(hue=)): each step is one value, so a level's
// curve shows its values exactly. The data's own are faithful; a column shuffled across rows gives
// curves of as many steps as a level has values, whose steps are the column's values but not the
// level's: unfaithful, naming the level column the legend is titled with. Without that title, or
// with a derived hue whose sizes no level has, nothing is claimed.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";
import { assertVerdict, lcg, shuffledColumn, tableOf } from "./seeded-table";

const rand = lcg(23);
/** 150 readings: 100 from site "north", 50 from "south", every value distinct. */
const readings = Array.from({ length: 150 }, (_, i) => {
  const site = i % 3 === 2 ? "south" : "north";
  return { site, ppm: +((site === "north" ? 40 : 55) + rand() * 20 + i / 1000).toFixed(4) };
});
const table = tableOf(["site", "ppm"], readings);

/** seaborn's ECDF (stat proportion) of the values: sorted on x, (i + 1) / n on y. */
function ecdf(v: number[]): PlottedSeries {
  const x = [...v].sort((a, b) => a - b);
  return series({ kind: "line", label: null, x, y: x.map((_, i) => (i + 1) / x.length) });
}
const bySite = (rows: typeof readings) => ["north", "south"].map((s) => ecdf(rows.filter((r) => r.site === s).map((r) => r.ppm)));

const shuffled = () => shuffledColumn(readings, "ppm", 4);
const check = (data: PlottedSeries[], legendTitles: string[] = ["site"]) => checkFaithfulness(table, [figure(data, { legendTitles })]);

test("each site's ECDF of its own readings: faithful", () => {
  assertVerdict(check(bySite(readings)), "faithful", 'empirical CDF of ppm where site == "south"');
});

test("ppm shuffled across rows: each curve's steps are ppm's values, as many as a site has, not the site's: unfaithful", () => {
  assertVerdict(
    check(bySite(shuffled())),
    "unfaithful",
    /the curve is an empirical CDF of (100|50) values of ppm, as many as site == "(north|south)" has, but \d+ of its steps are no value of ppm in that level's rows .*values from other rows \(ppm or site shuffled across rows\)/,
  );
});

test("without a legend titled site, or with a derived hue (ppm above 50) whose sizes no site has: not unfaithful", () => {
  assertVerdict(check(bySite(shuffled()), []), "unchecked");
  const v = readings.map((r) => r.ppm);
  assertVerdict(check([ecdf(v.filter((t) => t > 50)), ecdf(v.filter((t) => t <= 50))]), "unchecked");
});

test("a column with gaps shuffled across rows: a site's curve may have a gap's worth more or fewer steps; still unfaithful, saying so", () => {
  // three readings lost (empty fields, NaN), two from north and one from south: the shuffle moves the gaps between sites
  const gappy = readings.map((r, i) => (i === 0 || i === 2 || i === 3 ? { ...r, ppm: Number.NaN } : r));
  const t = tableOf(["site", "ppm"], gappy);
  const drawn = (rows: typeof gappy) => ["north", "south"].map((s) => ecdf(rows.filter((r) => r.site === s && !Number.isNaN(r.ppm)).map((r) => r.ppm)));
  assertVerdict(checkFaithfulness(t, [figure(drawn(gappy), { legendTitles: ["site"] })]), "faithful");
  const moved = shuffledColumn(gappy, "ppm", 9);
  const south = moved.filter((r) => r.site === "south" && !Number.isNaN(r.ppm)).length;
  if (south === 49) throw new Error("the seed left each site its own number of gaps: the test would not test the gaps");
  assertVerdict(
    checkFaithfulness(t, [figure(drawn(moved), { legendTitles: ["site"] })]),
    "unfaithful",
    /empirical CDF of \d+ values of ppm, as many as site == "(north|south)" has give or take the 3 gaps of ppm a shuffle moves with its values, but/,
  );
});
