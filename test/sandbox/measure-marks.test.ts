// What seaborn.objects' marks draw, measured for real in the sandbox (sandbox/marks.py) and checked
// as a graphite run checks it: so.Lines / so.Paths (a LineCollection) as one line per path named by
// the legend; so.Dash as one point per row at its category; so.Range with so.Est as error bars
// (beside the estimate's dots, or alone, when the categories they stand at are all the chart
// shows); so.Area / so.Band / so.KDE polygons as bands, a sideways one as its line;
// stacked so.Bars as one bar series per hue level, each bar its own length; polygons nothing
// reads stay "drawn but not measured". Small seeded CSVs built here. Not pure: it runs the sandbox.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../src/lib/graphite/csv";
import { closeSandboxAfterTests, drawAndCheck } from "./graphite/seaborn-check";

closeSandboxAfterTests();

// penguins-like: three species, two sexes (some missing), a flipper length and a mass per bird
const birds = ["species,sex,flipper,mass"];
const species = ["Adelie", "Chinstrap", "Gentoo"];
for (let i = 0; i < 150; i++) {
  const sp = i % 3;
  const sex = i % 17 === 5 ? "" : Math.floor(i / 3) % 2 ? "Female" : "Male";
  const flipper = 180 + sp * 15 + ((i * 37) % 23);
  const mass = 3000 + sp * 900 + ((i * 7919) % 1300);
  birds.push(`${species[sp]},${sex},${flipper},${mass}`);
}
const penguins = readCsv(birds.join("\n") + "\n");

// spending per country and year, each country over its own years
const spend = ["Year,Country,Spending"];
const countries = ["Canada", "Japan", "USA"];
countries.forEach((c, k) => {
  for (let y = 1970 + k; y < 2000; y++) spend.push(`${y},${c},${(100 + k * 40 + (y - 1970) * (12 + k * 3) + ((y * 13) % 7)).toFixed(1)}`);
});
const spending = readCsv(spend.join("\n") + "\n");

const SO = "import seaborn.objects as so\n";

test("so.Lines with a hue: one line per country, named by the figure's legend, each the country's rows in year order; faithful", async () => {
  const { data, faith, why } = await drawAndCheck(spending, `${SO}so.Plot(df, "Year", "Spending", color="Country").add(so.Lines()).plot(pyplot=True)`);
  assert.deepEqual(
    data.map((s) => [s.kind, s.label]),
    countries.map((c) => ["line", c]),
  );
  const japan = data[1]!;
  assert.equal(japan.x[0], 1971);
  assert.equal(japan.x.length, 29);
  assert.equal(faith.verdict, "faithful", why);
  const moved = await drawAndCheck(
    spending,
    `df["Spending"] = df["Spending"] + 5\n${SO}so.Plot(df, "Year", "Spending", color="Country").add(so.Lines()).plot(pyplot=True)`,
  );
  assert.equal(moved.faith.verdict, "unfaithful", moved.why);
});

test("so.Paths keeps the rows' order (no sorting): the line's points are the data's rows as they come", async () => {
  const { data } = await drawAndCheck(spending, `${SO}so.Plot(df.sample(frac=1, random_state=0), "Year", "Spending").add(so.Paths()).plot(pyplot=True)`);
  assert.equal(data.length, 1);
  assert.equal(data[0]!.kind, "line");
  assert.equal(data[0]!.y.length, spending.rows.length);
  assert.ok(
    data[0]!.x.some((x, j) => j > 0 && (x as number) < (data[0]!.x[j - 1] as number)),
    "shuffled rows drawn in their order",
  );
});

test("so.Dash: one point per row at its category (the dash's centre), each named by its hue; faithful, and a shifted column is caught", async () => {
  const { data, faith, why } = await drawAndCheck(penguins, `${SO}so.Plot(df, "species", "mass", color="sex").add(so.Dash()).plot(pyplot=True)`);
  assert.equal(data.length, 1);
  const dash = data[0]!;
  assert.equal(dash.kind, "scatter");
  const withSex = penguins.rows.length - 9; // every 17th bird (from the 6th) has no sex
  assert.equal(dash.y.length, withSex);
  assert.deepEqual(new Set(dash.x), new Set(species));
  assert.deepEqual(new Set(dash.pointHues), new Set(["Male", "Female"]));
  assert.equal(faith.verdict, "faithful", why);
  const moved = await drawAndCheck(
    penguins,
    `df["mass"] = df["mass"] + 400\n${SO}so.Plot(df, "species", "mass", color="sex").add(so.Dash()).plot(pyplot=True)`,
  );
  assert.equal(moved.faith.verdict, "unfaithful", moved.why);
  assert.ok(
    moved.faith.checks.some((c) => c.status === "fail" && c.detail.includes("+ 400")),
    moved.why,
  );
});

test("so.Range with so.Est beside the estimate's dots: each interval is a two-point line at its category, confirmed as mean ± sd", async () => {
  const { data, faith, why } = await drawAndCheck(
    penguins,
    `${SO}so.Plot(df, "species", "flipper").add(so.Dot(), so.Agg()).add(so.Range(), so.Est(errorbar="sd")).plot(pyplot=True)`,
  );
  const bars = data.filter((s) => s.kind === "line");
  assert.equal(bars.length, 3);
  for (const b of bars) {
    assert.equal(b.x.length, 2);
    assert.equal(b.x[0], b.x[1]);
  }
  const checks = faith.checks.filter((c) => c.check.startsWith("values of line"));
  assert.equal(checks.length, 3, why);
  for (const c of checks) assert.match(c.detail, /standard deviation/, why);
  // beside bars drawn before them (so.Bar's BarContainer), horizontal: read the same, nothing unread
  const sideways = await drawAndCheck(
    penguins,
    `${SO}so.Plot(df, "mass", "species", color="sex").add(so.Bar(), so.Agg(), so.Dodge()).add(so.Range(), so.Est(errorbar="sd"), so.Dodge()).plot(pyplot=True)`,
  );
  assert.deepEqual(sideways.run.figures[0]!.unread, []);
  const lines = sideways.data.filter((s) => s.kind === "line");
  assert.equal(lines.length, 6);
  assert.deepEqual(new Set(lines.map((s) => s.label)), new Set(["Male", "Female"]));
  assert.deepEqual(new Set(lines.map((s) => s.x[0])), new Set(species));
});

test("so.Range with so.Est alone: each interval an error bar at its category, confirmed; the chart faithful, and with a category left out a subset, never faithful", async () => {
  const { data, faith, why } = await drawAndCheck(penguins, `${SO}so.Plot(df, "species", "flipper").add(so.Range(), so.Est(errorbar="sd")).plot(pyplot=True)`);
  assert.equal(data.length, species.length);
  assert.equal(faith.verdict, "faithful", why);
  assert.ok(
    faith.checks.some((c) => c.status === "pass" && /error bar of flipper where species == /.test(c.detail)),
    why,
  );
  const some = await drawAndCheck(
    penguins,
    `${SO}so.Plot(df[df.species != "Gentoo"], "species", "flipper").add(so.Range(), so.Est(errorbar="sd")).plot(pyplot=True)`,
  );
  assert.equal(some.faith.verdict, "unchecked", some.why);
  assert.match(some.why, /not \\"Gentoo\\"/);
});

test("so.Area, so.Band and so.KDE: bands (an area from its baseline 0), a sideways density as its line; densities faithful, a shifted one caught", async () => {
  const area = await drawAndCheck(spending, `${SO}so.Plot(df, "Year", "Spending", color="Country").add(so.Area()).plot(pyplot=True)`);
  assert.deepEqual(
    area.data.map((s) => [s.kind, s.label]),
    countries.map((c) => ["band", c]),
  );
  assert.ok(area.data.every((s) => s.lower!.every((v) => v === 0)));
  assert.equal(area.data[2]!.y.length, 28); // the USA from 1972

  const band = await drawAndCheck(spending, `${SO}so.Plot(df, "Year", "Spending").add(so.Band()).plot(pyplot=True)`);
  assert.equal(band.data.length, 1);
  assert.equal(band.data[0]!.kind, "band");
  assert.equal(band.data[0]!.x.length, 30); // min to max of each year's values

  const kde = await drawAndCheck(penguins, `${SO}so.Plot(df, x="flipper").add(so.Area(), so.KDE()).plot(pyplot=True)`);
  assert.equal(kde.data[0]!.kind, "band");
  assert.equal(kde.faith.verdict, "faithful", kde.why);

  const hues = await drawAndCheck(penguins, `${SO}so.Plot(df, x="flipper").add(so.Area(), so.KDE(), color="species").plot(pyplot=True)`);
  assert.deepEqual(new Set(hues.data.map((s) => s.label)), new Set(species));
  assert.equal(hues.faith.verdict, "faithful", hues.why);

  const sideways = await drawAndCheck(penguins, `${SO}so.Plot(df, y="flipper").add(so.Area(), so.KDE()).plot(pyplot=True)`);
  assert.equal(sideways.data[0]!.kind, "line");
  assert.equal(sideways.faith.verdict, "faithful", sideways.why);

  const moved = await drawAndCheck(penguins, `df["flipper"] = df["flipper"] + 7\n${SO}so.Plot(df, x="flipper").add(so.Area(), so.KDE()).plot(pyplot=True)`);
  assert.equal(moved.faith.verdict, "unfaithful", moved.why);
});

test("stacked so.Bars: one bar series per hue level, each bar its own length (the level's count in the bin), not where its top is", async () => {
  const { data, run } = await drawAndCheck(
    penguins,
    `${SO}so.Plot(df, "flipper", color="species").add(so.Bars(), so.Hist(bins=8), so.Stack()).plot(pyplot=True)`,
  );
  assert.deepEqual(run.figures[0]!.unread, []);
  assert.deepEqual(
    data.map((s) => s.kind),
    ["bar", "bar", "bar"],
  );
  assert.deepEqual(new Set(data.map((s) => s.label)), new Set(species));
  // every bird is in one bar of its species' series (so.Bars leaves out bins with no bird)
  for (const s of data) assert.equal(Math.round(s.y.reduce((a, b) => a + b, 0)), 50, s.label ?? "");
});

test("a polygon nothing reads stays drawn but not measured: the chart is not faithful on its other series", async () => {
  const { run, faith, why } = await drawAndCheck(
    spending,
    [
      "from matplotlib.collections import LineCollection",
      "fig, ax = plt.subplots()",
      'ax.plot(df["Year"], df["Spending"])',
      "ax.add_collection(LineCollection([[(1970, 0), (1980, 100)], [(1975, 50), (1985, 200)]]))",
      "ax.fill([1970, 1990, 1980], [0, 0, 300])",
    ].join("\n"),
  );
  // the diagonal lines are passed over (no reading takes them, and the check has no noun for them yet)
  assert.deepEqual(run.figures[0]!.unread, [{ axes: 0, what: "area", count: 1 }]);
  assert.notEqual(faith.verdict, "faithful", why);
});
