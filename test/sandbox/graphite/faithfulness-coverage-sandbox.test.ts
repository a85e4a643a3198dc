// Readings added for the charts others write, drawn for real with seaborn in the sandbox and
// measured there: facet grids (relplot / catplot with row= and col=, a hue inside each facet) are
// faithful facet by facet; the same grid drawn from a table whose facet labels were swapped is
// unfaithful with a detail naming whose rows each facet shows; a grid of a filtered table is a
// subset (unchecked). Density curves at seaborn's bw_adjust / cut, across a hue (common_norm) and
// across facets, and pandas' .plot.kde(bw_method=...) are faithful; the same curve of scaled
// values is not. seaborn's error bands (fill_between) are measured and read: "sd", "se" and
// ("pi", w) confirmed, the default bootstrap "ci" only consistent (the mean line decides), an area
// under a KDE (fill=True) checked as its curve, stacked densities by their thickness, and a
// regression's bootstrap band consistent around its confirmed line. The CSV is read by graphite's reader and handed over as a graphite run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { closeSandboxAfterTests, drawAndCheck } from "./seaborn-check";
import { tipsLike } from "./seaborn-draw";

closeSandboxAfterTests();

const csv = tipsLike({ smoker: true });

async function verdict(body: string) {
  return (await drawAndCheck(csv, body)).faith;
}

test("relplot(kind='line') with row=, col= and a hue inside each facet: faithful, every facet's lines the means of its own rows", async () => {
  const f = await verdict('sns.relplot(data=df, x="size", y="tip", row="smoker", col="sex", hue="day", kind="line", errorbar=None)');
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  assert.match(f.checks.find((c) => c.check === "facets")!.detail, /^4 facets by smoker, sex/);
  const passed = f.checks.filter((c) => c.check.startsWith("values of") && c.status === "pass");
  // 4 facets x 4 days
  assert.equal(passed.length, 16, JSON.stringify(f.checks, null, 1));
  assert.ok(
    passed.some((c) => c.detail === 'match mean of tip by size where day == "Sun" by x value' && c.check.endsWith("(facet smoker = Yes | sex = Female)")),
  );
});

test("catplot(kind='bar') and relplot scatter with col=: faithful facet by facet", async () => {
  const bars = await verdict('sns.catplot(data=df, x="day", y="tip", col="sex", kind="bar", errorbar=None)');
  assert.equal(bars.verdict, "faithful", JSON.stringify(bars.checks, null, 1));
  const points = await verdict('sns.relplot(data=df, x="total_bill", y="tip", col="day", col_wrap=2)');
  assert.equal(points.verdict, "faithful", JSON.stringify(points.checks, null, 1));
  assert.match(points.checks.find((c) => c.check === "facets")!.detail, /^4 facets by day/);
});

test("a grid drawn with the facet labels swapped is unfaithful; a grid of a filtered table is unchecked", async () => {
  const swapped = await verdict(
    'df["sex"] = df["sex"].map({"Male": "Female", "Female": "Male"})\nsns.relplot(data=df, x="size", y="tip", col="sex", kind="line", errorbar=None)',
  );
  assert.equal(swapped.verdict, "unfaithful", JSON.stringify(swapped.checks, null, 1));
  assert.ok(
    swapped.checks.some((c) => c.status === "fail" && c.detail.startsWith('the facet titled "sex = Male" shows the rows of "sex = Female"')),
    JSON.stringify(swapped.checks, null, 1),
  );
  const subset = await verdict('sns.relplot(data=df[df.day != "Sun"], x="total_bill", y="tip", col="day")');
  assert.equal(subset.verdict, "unchecked", JSON.stringify(subset.checks, null, 1));
  assert.match(subset.checks.find((c) => c.check === "facets")!.detail, /the facets show 3 of 4 day values \(not "Sun"\)/);
});

test("kdeplot with bw_adjust and cut, across a hue and across displot's facets, and pandas' plot.kde(bw_method=0.3): faithful", async () => {
  const hue = await verdict('sns.kdeplot(data=df, x="total_bill", hue="sex", bw_adjust=0.7, cut=1)');
  assert.equal(hue.verdict, "faithful", JSON.stringify(hue.checks, null, 1));
  const lines = hue.checks.filter((c) => c.check.startsWith("values of")).map((c) => c.detail);
  assert.ok(
    lines.some((d) =>
      /^match kernel density of total_bill where sex == "Male" \(bandwidth [\d.]+, 0\.7 × Scott's; the grid reaches 1 bandwidths \(seaborn's cut\) beyond the values; as 80 of the column's 160 rows/.test(
        d,
      ),
    ),
    lines.join(" | "),
  );
  const facets = await verdict('sns.displot(data=df, x="tip", col="day", kind="kde", bw_adjust=0.5)');
  assert.equal(facets.verdict, "faithful", JSON.stringify(facets.checks, null, 1));
  const pandas = await verdict('df["tip"].plot.kde(bw_method=0.3)');
  assert.equal(pandas.verdict, "faithful", JSON.stringify(pandas.checks, null, 1));
  assert.match(pandas.checks.find((c) => c.check.startsWith("values of"))!.detail, /half the range \(pandas' grid\)/);
  const scaled = await verdict('sns.kdeplot(x=df["tip"] * 1.07, bw_adjust=0.5)');
  assert.notEqual(scaled.verdict, "faithful", JSON.stringify(scaled.checks, null, 1));
});

test("lineplot error bands: sd / se / pi confirmed, the default bootstrap ci consistent while its mean line is confirmed, a filled KDE read as its curve", async () => {
  const band = (f: Awaited<ReturnType<typeof verdict>>) => f.checks.filter((c) => c.check.startsWith("values of band"));
  const sd = await verdict('sns.lineplot(data=df, x="size", y="tip", hue="sex", errorbar="sd")');
  assert.equal(sd.verdict, "faithful", JSON.stringify(sd.checks, null, 1));
  assert.deepEqual(
    band(sd).map((c) => c.detail),
    ["Male", "Female"].map((v) => `match error band of mean tip by size where sex == "${v}": mean ± standard deviation (ddof=1) (seaborn's errorbar="sd")`),
  );
  const pi = await verdict('sns.lineplot(data=df, x="size", y="tip", errorbar=("pi", 50))');
  assert.equal(pi.verdict, "faithful", JSON.stringify(pi.checks, null, 1));
  assert.equal(band(pi)[0]!.detail, `match error band of tip by size: the 50% percentile interval (seaborn's errorbar=("pi", 50))`);
  const ci = await verdict('sns.lineplot(data=df, x="size", y="tip")');
  assert.equal(ci.verdict, "faithful", JSON.stringify(ci.checks, null, 1));
  assert.equal(band(ci)[0]!.status, "unchecked");
  assert.match(band(ci)[0]!.detail, /bootstrap confidence interval \(errorbar="ci", random\) draws it: consistent, not confirmed$/);
  const filled = await verdict('sns.kdeplot(data=df, x="tip", fill=True, bw_adjust=0.8)');
  assert.equal(filled.verdict, "faithful", JSON.stringify(filled.checks, null, 1));
  const scaled = await verdict('sns.lineplot(data=df.assign(tip=df.tip * 1.07), x="size", y="tip", errorbar="sd")');
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks, null, 1));
});

test("regplot / lmplot: the bootstrap band around a confirmed least-squares line is consistent and the chart faithful; stacked KDEs are read by their thickness", async () => {
  const reg = await verdict('sns.regplot(data=df, x="total_bill", y="tip")');
  assert.equal(reg.verdict, "faithful", JSON.stringify(reg.checks, null, 1));
  const regBand = reg.checks.find((c) => c.check.startsWith("values of band"))!;
  assert.equal(regBand.status, "unchecked");
  assert.match(regBand.detail, /^a band around line #1 \(confirmed\) at every one of its x/);
  const lm = await verdict('sns.lmplot(data=df, x="total_bill", y="tip", col="sex")');
  assert.equal(lm.verdict, "faithful", JSON.stringify(lm.checks, null, 1));
  const scaled = await verdict('sns.regplot(x=df["total_bill"], y=df["tip"] * 1.07)');
  assert.notEqual(scaled.verdict, "faithful", JSON.stringify(scaled.checks, null, 1));
  const stack = await verdict('sns.kdeplot(data=df, x="tip", hue="sex", multiple="stack")');
  assert.equal(stack.verdict, "faithful", JSON.stringify(stack.checks, null, 1));
  assert.ok(stack.checks.some((c) => c.status === "pass" && c.check.includes("(its thickness over band #1, on which it is stacked)")));
});
