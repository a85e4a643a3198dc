// Correct pandas + matplotlib charts of a CSV with gaps, run in the real sandbox and measured
// there, are judged faithful by the check; the same chart with the gaps read as zeros is not; a
// chart the check has no reading for is unchecked, and wrong charts with evidence against them fail.
// The CSV is read by graphite's reader and handed to the sandbox exactly as a graphite run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv, type CsvData } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { closeSandboxAfterTests } from "./seaborn-check";
import { runWithCsv } from "./seaborn-draw";

closeSandboxAfterTests();

const rows = ["date,species,body_mass_g,flipper_mm"];
const species = ["Adelie", "Chinstrap", "Gentoo"];
for (let i = 0; i < 60; i++) {
  const d = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
  // every 7th mass blank, every 11th flipper "NA", as in real exports
  const mass = i % 7 === 3 ? "" : String(3500 + ((i * 137) % 900) + (i % 3) * 800);
  const flip = i % 11 === 5 ? "NA" : String(180 + ((i * 13) % 40));
  rows.push(`${d},${species[i % 3]},${mass},${flip}`);
}
const csv = readCsv(rows.join("\n") + "\n");
const HEAD = 'import pandas as pd\nimport matplotlib\nmatplotlib.use("Agg")\nimport matplotlib.pyplot as plt\n';

/** `body` (which reads the CSV and saves the chart itself) run after HEAD and checked against `table`. */
async function verdictOn(table: CsvData, body: string) {
  return checkFaithfulness(table, (await runWithCsv(table, HEAD + body)).figures);
}
const verdict = (body: string) => verdictOn(csv, body);

test("mean by category, a rolling mean over NaN, a histogram and a scatter of gappy columns: all faithful", async () => {
  const code = [
    `df = ${csv.readCall}`,
    'df["date"] = pd.to_datetime(df["date"])',
    "fig, ax = plt.subplots(2, 2, figsize=(10, 7))",
    'm = df.groupby("species")["body_mass_g"].mean()',
    "ax[0, 0].bar(m.index, m.values)",
    'ax[0, 1].plot(df["date"], df["body_mass_g"].rolling(5).mean())',
    'ax[1, 0].hist(df["body_mass_g"].dropna(), bins=12)',
    'ax[1, 1].scatter(df["flipper_mm"], df["body_mass_g"])',
    'plt.savefig("chart.png")',
  ].join("\n");
  const f = await verdict(code);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  const passed = f.checks.filter((c) => c.status === "pass").map((c) => c.detail);
  assert.ok(passed.includes("match mean of body_mass_g by species by x value"), passed.join(" | "));
  assert.ok(
    passed.some((d) => d.startsWith("match 5-row rolling mean of column body_mass_g")),
    passed.join(" | "),
  );
  assert.ok(
    passed.some((d) => d.startsWith("match histogram of body_mass_g (counts, 12 bins")),
    passed.join(" | "),
  );
  assert.ok(passed.includes("match column body_mass_g against column flipper_mm (rows where both are present)"), passed.join(" | "));
});

test("the same mean with the gaps filled with 0 is unfaithful", async () => {
  const f = await verdict(
    `df = ${csv.readCall}\nm = df.fillna({"body_mass_g": 0}).groupby("species")["body_mass_g"].mean()\nplt.bar(m.index, m.values)\nplt.savefig("chart.png")`,
  );
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks, null, 1));
});

// (seaborn's bw_adjust was one of them until faithfulness/bandwidth: now confirmed, and a density
// clipped inside the data's range, which no reading gives, stands in for it)
test("correct charts built with transformations the check has no reading for (pct_change, a KDE clipped inside the data) are unchecked, not unfaithful; bw_adjust is read", async () => {
  const pct = await verdict(
    `df = ${csv.readCall}\ndf["date"] = pd.to_datetime(df["date"])\nplt.plot(df["date"], df["flipper_mm"].pct_change())\nplt.savefig("chart.png")`,
  );
  assert.equal(pct.verdict, "unchecked", JSON.stringify(pct.checks, null, 1));
  const kde = await verdict(`import seaborn as sns\ndf = ${csv.readCall}\nsns.kdeplot(data=df, x="body_mass_g", bw_adjust=0.5)\nplt.savefig("chart.png")`);
  assert.equal(kde.verdict, "faithful", JSON.stringify(kde.checks, null, 1));
  const clipped = await verdict(
    `import seaborn as sns\ndf = ${csv.readCall}\nsns.kdeplot(data=df, x="body_mass_g", bw_adjust=0.5, clip=(3700, None))\nplt.savefig("chart.png")`,
  );
  assert.equal(clipped.verdict, "unchecked", JSON.stringify(clipped.checks, null, 1));
});

test("wrong charts with evidence against them: scaled by 1.07, shifted by one day, y shuffled against x", async () => {
  const scaled = await verdict(
    `df = ${csv.readCall}\nm = df.groupby("species")["body_mass_g"].mean() * 1.07\nplt.bar(m.index, m.values)\nplt.savefig("chart.png")`,
  );
  assert.equal(scaled.verdict, "unfaithful", JSON.stringify(scaled.checks, null, 1));
  const shifted = await verdict(
    `df = ${csv.readCall}\ndf["date"] = pd.to_datetime(df["date"])\nplt.plot(df["date"], df["flipper_mm"].shift(1))\nplt.savefig("chart.png")`,
  );
  assert.equal(shifted.verdict, "unfaithful", JSON.stringify(shifted.checks, null, 1));
  const shuffled = await verdict(
    `df = ${csv.readCall}.dropna()\nplt.scatter(df["flipper_mm"], df["body_mass_g"].sample(frac=1, random_state=3).values)\nplt.savefig("chart.png")`,
  );
  assert.equal(shuffled.verdict, "unfaithful", JSON.stringify(shuffled.checks, null, 1));
});

test("US-style dates (01/29/2024) read as pd.to_datetime reads them: a line by day and monthly sums are faithful", async () => {
  const lines = ["date,orders"];
  for (let i = 0; i < 70; i++) {
    const d = new Date(Date.UTC(2024, 0, 10 + i));
    lines.push(`${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()},${(i * 37) % 23}`);
  }
  const us = readCsv(lines.join("\n") + "\n");
  assert.deepEqual(us.kinds, ["date", "numeric"]);
  const code = `${HEAD}df = ${us.readCall}\ndf["date"] = pd.to_datetime(df["date"])\nfig, ax = plt.subplots(1, 2)\nax[0].plot(df["date"], df["orders"])\nm = df.set_index("date")["orders"].resample("ME").sum()\nax[1].bar(m.index, m.values, width=20)\nplt.savefig("chart.png")`;
  const f = checkFaithfulness(us, (await runWithCsv(us, code)).figures);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  assert.equal(f.checks.find((c) => c.check === "x range")!.status, "pass");
});

test("a semicolon CSV with decimal commas, and a Latin-1 one, read with the call the prompt gives: faithful", async () => {
  const eu = readCsv(Buffer.from("Stadt;Temperatur\nMünchen;12,5\nMünchen;-1,25\nKöln;\nKöln;8\nKöln;9,5\n", "latin1"));
  assert.equal(eu.encoding, "latin-1");
  assert.equal(eu.readCall, 'pd.read_csv("data.csv", sep=";", decimal=",")');
  const code = `${HEAD}df = ${eu.readCall}\nm = df.groupby("Stadt")["Temperatur"].mean()\nplt.bar(m.index, m.values)\nplt.savefig("chart.png")`;
  const run = await runWithCsv(eu, code);
  const f = checkFaithfulness(eu, run.figures);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  assert.deepEqual(run.figures[0]!.data[0]!.x, ["Köln", "München"]);
});

// Forms public seaborn code takes (its gallery and docs), run for real: the sandbox reports each
// point at the category it stands at, heatmap cells by row and column, and the check reads them.
const SNS = "import seaborn as sns\nimport numpy as np\n";
// the same penguins with a sex column (a second category, with gaps as real exports have)
const sexed = readCsv(
  `${rows[0]},sex\n${rows
    .slice(1)
    .map((r, i) => `${r},${i % 13 === 6 ? "" : i % 2 ? "MALE" : "FEMALE"}`)
    .join("\n")}\n`,
);
const verdictSexed = (body: string) => verdictOn(sexed, body);

test("seaborn's categorical plots and heatmaps: box, strip, dodged bars, countplot percent by hue, an annotated pivot heatmap, all faithful", async () => {
  const code = [
    SNS + `df = ${sexed.readCall}`,
    "fig, ax = plt.subplots(2, 3, figsize=(14, 7))",
    'sns.boxplot(data=df, x="species", y="flipper_mm", ax=ax[0, 0])',
    'sns.stripplot(data=df, x="species", y="body_mass_g", jitter=0.2, ax=ax[0, 1])',
    'sns.barplot(data=df, x="species", y="flipper_mm", hue="sex", errorbar=None, ax=ax[0, 2])',
    'sns.countplot(data=df, x="species", hue="sex", stat="percent", ax=ax[1, 0])',
    'sns.heatmap(df.pivot_table(index="species", columns="sex", values="flipper_mm", aggfunc="mean"), annot=True, ax=ax[1, 1])',
    'sns.boxplot(data=df, y="species", x="body_mass_g", ax=ax[1, 2])',
    'plt.savefig("chart.png")',
  ].join("\n");
  const f = await verdictSexed(code);
  const shown = JSON.stringify(f.checks, null, 1);
  const passed = f.checks.filter((c) => c.status === "pass").map((c) => c.detail);
  assert.ok(!f.checks.some((c) => c.status === "fail"), shown);
  assert.ok(
    passed.some((d) => /^match box of flipper_mm where species == "Adelie" \(quartiles/.test(d)),
    shown,
  );
  assert.ok(
    passed.some((d) => /^match box of body_mass_g where species == "Gentoo"/.test(d)),
    shown,
  );
  assert.ok(
    passed.some((d) => /^match values of body_mass_g where species == "Chinstrap"/.test(d)),
    shown,
  );
  assert.ok(passed.includes('match mean of flipper_mm by species where sex == "MALE" by x value'), shown);
  assert.ok(
    passed.some((d) => /count of rows by species where sex == "FEMALE" as a share of all rows \(in percent\)/.test(d)),
    shown,
  );
  assert.ok(
    passed.some((d) => /^match mean of flipper_mm by species and sex, every cell at its own row and column \(6 cells\)$/.test(d)),
    shown,
  );
});

test("seaborn's bars with one line added that scales the data are not faithful, and say what differs", async () => {
  const code = [
    SNS + `df = ${csv.readCall}`,
    'df["flipper_mm"] = df["flipper_mm"] * 1.1',
    'sns.barplot(data=df, x="species", y="flipper_mm", errorbar=None)',
    'plt.savefig("chart.png")',
  ].join("\n");
  const f = await verdict(code);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks, null, 1));
  assert.ok(
    f.checks.some((c) => c.status === "fail" && /^every value is 1\.1 × mean of flipper_mm by species/.test(c.detail)),
    JSON.stringify(f.checks, null, 1),
  );
});

test("np.histogram called for real on one-decimal values that sit on its edges: numpy's own bins are faithful", async () => {
  // the oracle is numpy itself: whichever way its floating-point edges put a value, the check agrees
  const code = [
    SNS + `df = ${csv.readCall}`,
    'v = (df["flipper_mm"] / 10).round(1).dropna()',
    "counts, edges = np.histogram(v, 25)",
    "plt.bar(edges[:-1], counts, width=np.diff(edges), align='edge')",
    'plt.savefig("chart.png")',
  ].join("\n");
  const run = await runWithCsv(csv, HEAD + code);
  // the check sees flipper_mm / 10 only through a table that holds it: give it that column
  const tenth = readCsv(["i,v", ...csv.rows.map((r, i) => `${i},${r[3] === "NA" ? "" : (Number(r[3]) / 10).toFixed(1)}`)].join("\n") + "\n");
  const f = checkFaithfulness(tenth, run.figures);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  assert.ok(
    f.checks.some((c) => /^match histogram of v \(counts, 25 bins/.test(c.detail)),
    JSON.stringify(f.checks, null, 1),
  );
});
