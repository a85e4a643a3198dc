// Correct pandas + matplotlib charts of a CSV with gaps, run in the real sandbox and measured
// there, are judged faithful by the check; the same chart with the gaps read as zeros is not; a
// chart the check has no reading for is unchecked, and wrong charts with evidence against them fail.
// The CSV is read by graphite's reader and handed to the sandbox exactly as a graphite run does.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { sharedSandbox } from "../../../src/lib/sandbox/sandbox";

after(async () => {
  await (await sharedSandbox()).close();
});

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

async function verdict(body: string) {
  const sb = await sharedSandbox();
  const run = await sb.run({ code: HEAD + body, files: { "data.csv": csv.text } });
  assert.equal(run.status, "ok", run.traceback ?? JSON.stringify(run.violations));
  return checkFaithfulness(csv, run.figures);
}

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

test("correct charts built with transformations the check has no reading for (pct_change, seaborn's bw_adjust) are unchecked, not unfaithful", async () => {
  const pct = await verdict(
    `df = ${csv.readCall}\ndf["date"] = pd.to_datetime(df["date"])\nplt.plot(df["date"], df["flipper_mm"].pct_change())\nplt.savefig("chart.png")`,
  );
  assert.equal(pct.verdict, "unchecked", JSON.stringify(pct.checks, null, 1));
  const kde = await verdict(`import seaborn as sns\ndf = ${csv.readCall}\nsns.kdeplot(data=df, x="body_mass_g", bw_adjust=0.5)\nplt.savefig("chart.png")`);
  assert.equal(kde.verdict, "unchecked", JSON.stringify(kde.checks, null, 1));
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
  const sb = await sharedSandbox();
  const lines = ["date,orders"];
  for (let i = 0; i < 70; i++) {
    const d = new Date(Date.UTC(2024, 0, 10 + i));
    lines.push(`${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()},${(i * 37) % 23}`);
  }
  const us = readCsv(lines.join("\n") + "\n");
  assert.deepEqual(us.kinds, ["date", "numeric"]);
  const code = `${HEAD}df = ${us.readCall}\ndf["date"] = pd.to_datetime(df["date"])\nfig, ax = plt.subplots(1, 2)\nax[0].plot(df["date"], df["orders"])\nm = df.set_index("date")["orders"].resample("ME").sum()\nax[1].bar(m.index, m.values, width=20)\nplt.savefig("chart.png")`;
  const run = await sb.run({ code, files: { "data.csv": us.text } });
  assert.equal(run.status, "ok", run.traceback ?? "");
  const f = checkFaithfulness(us, run.figures);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  assert.equal(f.checks.find((c) => c.check === "x range")!.status, "pass");
});

test("a semicolon CSV with decimal commas, and a Latin-1 one, read with the call the prompt gives: faithful", async () => {
  const sb = await sharedSandbox();
  const eu = readCsv(Buffer.from("Stadt;Temperatur\nMünchen;12,5\nMünchen;-1,25\nKöln;\nKöln;8\nKöln;9,5\n", "latin1"));
  assert.equal(eu.encoding, "latin-1");
  assert.equal(eu.readCall, 'pd.read_csv("data.csv", sep=";", decimal=",")');
  const code = `${HEAD}df = ${eu.readCall}\nm = df.groupby("Stadt")["Temperatur"].mean()\nplt.bar(m.index, m.values)\nplt.savefig("chart.png")`;
  const run = await sb.run({ code, files: { "data.csv": eu.text } });
  assert.equal(run.status, "ok", run.traceback ?? "");
  const f = checkFaithfulness(eu, run.figures);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  assert.deepEqual(run.figures[0]!.data[0]!.x, ["Köln", "München"]);
});
