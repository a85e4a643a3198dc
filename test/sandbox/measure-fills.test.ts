// Step fills and sideways fills, drawn for real with seaborn and matplotlib in the sandbox
// (sandbox/fills.py) and checked as a graphite run checks them: histplot(element="step") reads as
// the very bars element="bars" draws (layered, stacked, sideways), so the histogram check confirms
// it and a shifted column is not confirmed; a density filled sideways (jointplot's right-hand
// marginal) reads as its line drawn sideways; lineplot(orient="y") reads as the mean of x by y
// drawn sideways with its error band as a band marked sideways; a sideways fill whose positions
// repeat and a step other than "post" stay "drawn but not measured". Small seeded CSVs built here.
// Not pure: it runs the sandbox.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../src/lib/graphite/csv";
import type { PlottedSeries } from "../../src/lib/schema/sandbox";
import { closeSandboxAfterTests, drawAndCheck } from "./graphite/seaborn-check";

closeSandboxAfterTests();

// penguins-like: three species, a flipper length and a bill depth per bird, a few missing
const birds = ["species,flipper,depth"];
const species = ["Adelie", "Chinstrap", "Gentoo"];
for (let i = 0; i < 150; i++) {
  const sp = i % 3;
  const flipper = i % 29 === 7 ? "" : String(180 + sp * 15 + ((i * 37) % 23));
  const depth = (14 + sp * 1.5 + ((i * 7919) % 400) / 100).toFixed(2);
  birds.push(`${species[sp]},${flipper},${depth}`);
}
const penguins = readCsv(birds.join("\n") + "\n");

/** Each series' kind, label, x (rounded to 9 digits: a step's centre and a bar's differ in the last bit) and y. */
function bars(data: PlottedSeries[]) {
  return data.map((s) => ({ kind: s.kind, label: s.label, x: s.x.map((v) => +(v as number).toFixed(9)), y: s.y }));
}

const values = (checks: Array<{ check: string; detail: string; status: string }>) => checks.filter((c) => c.check.startsWith("values of"));

test('histplot(element="step") with a hue: one bar series per level, the very bars element="bars" draws; faithful, nothing unread', async () => {
  const step = await drawAndCheck(penguins, 'sns.histplot(df, x="flipper", hue="species", element="step")');
  const drawn = await drawAndCheck(penguins, 'sns.histplot(df, x="flipper", hue="species", element="bars")');
  assert.equal(step.data.length, 3);
  assert.deepEqual(bars(step.data), bars(drawn.data));
  assert.deepEqual(step.run.figures[0]!.unread, []);
  assert.equal(step.faith.verdict, "faithful", step.why);
  assert.ok(
    values(step.faith.checks).every((c) => /histogram of flipper/.test(c.detail)),
    step.why,
  );
});

test('stacked steps (multiple="stack"): each level read as its own counts, as stacked bars are; faithful', async () => {
  const step = await drawAndCheck(penguins, 'sns.histplot(df, x="flipper", hue="species", element="step", multiple="stack")');
  const drawn = await drawAndCheck(penguins, 'sns.histplot(df, x="flipper", hue="species", element="bars", multiple="stack")');
  assert.deepEqual(bars(step.data), bars(drawn.data));
  // the levels' own counts add up to every present value
  const total = step.data.reduce((a, s) => a + s.y.reduce((b, v) => b + v, 0), 0);
  assert.equal(total, penguins.rows.filter((r) => r[1] !== "").length);
  assert.equal(step.faith.verdict, "faithful", step.why);
});

test("a step histogram drawn sideways (y=) reads as barh's bars: x the bin centres up the y axis, y the counts; faithful", async () => {
  const step = await drawAndCheck(penguins, 'sns.histplot(df, y="flipper", element="step")');
  const drawn = await drawAndCheck(penguins, 'sns.histplot(df, y="flipper", element="bars")');
  assert.equal(step.data.length, 1);
  assert.deepEqual(bars(step.data), bars(drawn.data));
  assert.equal(step.faith.verdict, "faithful", step.why);
});

test("a step histogram of a shifted column is unfaithful, each level's bars named as moved by 7", async () => {
  const moved = await drawAndCheck(penguins, 'df["flipper"] = df["flipper"] + 7\nsns.histplot(df, x="flipper", hue="species", element="step")');
  assert.equal(moved.data.length, 3);
  assert.equal(moved.faith.verdict, "unfaithful", moved.why);
  const failed = moved.faith.checks.filter((c) => c.status === "fail");
  assert.equal(failed.length, 3, moved.why);
  assert.ok(
    failed.every((c) => /histogram of flipper where species == "\w+" \+ 7/.test(c.detail)),
    moved.why,
  );
});

test("jointplot with a hue: the right-hand marginal's filled densities read as lines drawn sideways, confirmed; nothing unread", async () => {
  const joint = await drawAndCheck(penguins, 'sns.jointplot(data=df, x="flipper", y="depth", hue="species")');
  assert.deepEqual(joint.run.figures[0]!.unread, []);
  const sideways = joint.data.filter((s) => s.axes === 2);
  assert.equal(sideways.length, 3);
  assert.ok(sideways.every((s) => s.kind === "line" && s.x.every((v) => (v as number) >= 0)));
  const said = values(joint.faith.checks).filter((c) => /drawn sideways/.test(c.detail));
  assert.equal(said.length, 3, joint.why);
  assert.ok(
    said.every((c) => c.status === "pass" && /kernel density of depth/.test(c.detail)),
    joint.why,
  );
  assert.equal(joint.faith.verdict, "faithful", joint.why);
  const moved = await drawAndCheck(penguins, 'df["depth"] = df["depth"] * 1.37\nsns.jointplot(data=df, x="flipper", y="depth", hue="species")');
  assert.equal(moved.faith.verdict, "unfaithful", moved.why);
  const stretched = values(moved.faith.checks).filter((c) => c.status === "fail" && /kernel density of depth .*× 1\.37.*drawn sideways/.test(c.detail));
  assert.equal(stretched.length, 3, moved.why);
});

// flights-like: 12 years of 12 months each, the passengers growing year on year
const fl = ["year,month,passengers"];
for (let y = 1949; y < 1961; y++) for (let m = 0; m < 12; m++) fl.push(`${y},m${m + 1},${100 + (y - 1949) * 25 + ((m * 37 + y * 11) % 60)}`);
const flights = readCsv(fl.join("\n") + "\n");

test('lineplot(orient="y"): the line reads as the mean of x by y drawn sideways, its error band as a sideways band (a bootstrap: consistent); faithful, nothing unread; scaled, unfaithful', async () => {
  const d = await drawAndCheck(flights, 'sns.lineplot(data=df, x="passengers", y="year", orient="y")');
  assert.deepEqual(d.run.figures[0]!.unread, []);
  const band = d.data.find((s) => s.kind === "band")!;
  assert.equal(band.sideways, true);
  assert.deepEqual(
    band.x,
    Array.from({ length: 12 }, (_, k) => 1949 + k),
  );
  assert.ok(band.y.every((hi, k) => hi >= band.lower![k]!));
  const checks = values(d.faith.checks);
  assert.ok(
    checks.some((c) => c.status === "pass" && /^match mean of passengers by year by y value, drawn sideways/.test(c.detail)),
    d.why,
  );
  assert.ok(
    checks.some((c) => /within its values at every y, .*drawn sideways/.test(c.detail)),
    d.why,
  );
  assert.equal(d.faith.verdict, "faithful", d.why);
  const scaled = await drawAndCheck(flights, 'df["passengers"] = df["passengers"] * 1.37\nsns.lineplot(data=df, x="passengers", y="year", orient="y")');
  assert.equal(scaled.faith.verdict, "unfaithful", scaled.why);
  assert.ok(
    values(scaled.faith.checks).some((c) => c.status === "fail" && /^every value is 1\.37 × mean of passengers by year .*\(read sideways: /.test(c.detail)),
    scaled.why,
  );
});

test('a sideways band no reading gives is read and says it is drawn sideways; a step other than "post" and a sideways fill with repeated positions stay drawn but not measured', async () => {
  const band = await drawAndCheck(
    penguins,
    'd = df.dropna().drop_duplicates("depth").sort_values("depth")\nplt.fill_betweenx(d["depth"], d["flipper"] - 3, d["flipper"] + 3)',
  );
  assert.deepEqual(band.run.figures[0]!.unread, []);
  assert.equal(band.data[0]!.sideways, true);
  assert.notEqual(band.faith.verdict, "faithful");
  assert.match(values(band.faith.checks)[0]!.detail, /^no reading the check knows gives this band, drawn sideways/);
  const ties = await drawAndCheck(penguins, 'd = df.dropna().sort_values("depth")\nplt.fill_betweenx(d["depth"], d["flipper"] - 3, d["flipper"] + 3)');
  assert.deepEqual(ties.run.figures[0]!.unread, [{ axes: 0, what: "sideways area", count: 1 }]);
  assert.notEqual(ties.faith.verdict, "faithful");
  const pre = await drawAndCheck(penguins, 'h, e = np.histogram(df["flipper"].dropna(), bins=8)\nplt.fill_between(e[:-1], 0, h, step="pre")');
  assert.deepEqual(pre.run.figures[0]!.unread, [{ axes: 0, what: "area", count: 1 }]);
  assert.notEqual(pre.faith.verdict, "faithful");
});
