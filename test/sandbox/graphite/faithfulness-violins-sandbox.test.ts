// Violins drawn for real by seaborn in the sandbox: vertical, horizontal, hue dodged and split,
// fill=False, cut=0 with bw_adjust, density_norm count and width, every inner (box, quart, stick,
// point, None) and catplot(kind="violin") are measured as bodies (kind "violin": category, support,
// widths, hue level from the legend) and confirmed "faithful"; the same charts drawn after
// fillna(0) or × 1.1 are "unfaithful" with a detail naming the change; a deliberate subset of rows
// is never "unfaithful". A small seeded CSV with gaps, read by graphite's reader and handed over as
// a graphite run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { assertEachFaithful, closeSandboxAfterTests, drawAndCheck } from "./seaborn-check";

closeSandboxAfterTests();

const rows = ["day,sex,total_bill,tip,size"];
const days = ["Thur", "Fri", "Sat", "Sun"];
for (let i = 0; i < 200; i++) {
  // every 9th bill missing (so each day has gaps), the rest spread by a multiplicative hash
  const bill = i % 9 === 3 ? "" : (6 + ((i * 7919) % 3100) / 100 + (i % 4) * 3).toFixed(2);
  const tip = (1 + ((i * 613) % 500) / 100).toFixed(2);
  rows.push(`${days[i % 4]},${Math.floor(i / 4) % 2 ? "Female" : "Male"},${bill},${tip},${1 + (Math.floor(i / 16) % 5)}`);
}
const csv = readCsv(rows.join("\n") + "\n");

const draw = (body: string) => drawAndCheck(csv, body, "violin");

test("seaborn's bodies are measured as violins: the category, the support along the value axis, a width at each, the hue level from the legend", async () => {
  const { shapes: bodies, run } = await draw('sns.violinplot(data=df, x="total_bill", y="day", hue="sex", split=True)');
  assert.deepEqual(run.figures[0]!.unread, []);
  assert.equal(bodies.length, 8);
  assert.deepEqual(
    bodies.map((s) => `${s.x[0]}/${s.label}`),
    ["Thur/Male", "Thur/Female", "Fri/Male", "Fri/Female", "Sat/Male", "Sat/Female", "Sun/Male", "Sun/Female"],
  );
  for (const s of bodies) {
    assert.equal(s.y.length, 100, "seaborn's gridsize");
    assert.equal(s.widths?.length, 100);
    assert.ok(s.x.every((x) => x === s.x[0]));
    assert.ok(
      s.y.every((t, i) => i === 0 || t > s.y[i - 1]!),
      "support ascending",
    );
    assert.ok(s.widths!.every((w) => w >= 0) && Math.max(...s.widths!) > 0);
  }
});

test("correct violins are faithful: vertical, horizontal, hue dodged, split, unfilled, cut=0 with bw_adjust, density_norm count and width, every inner, catplot", async () => {
  await assertEachFaithful(
    csv,
    [
      'sns.violinplot(data=df, x="day", y="total_bill")',
      'sns.violinplot(data=df, x="total_bill", y="day")',
      'sns.violinplot(data=df, x="day", y="total_bill", hue="sex")',
      'sns.violinplot(data=df, x="day", y="total_bill", hue="sex", split=True, inner="quart")',
      'sns.violinplot(data=df, x="day", y="total_bill", hue="sex", fill=False)',
      'sns.violinplot(data=df, x="day", y="tip", cut=0, bw_adjust=0.5, inner=None)',
      'sns.violinplot(data=df, x="total_bill", y="day", density_norm="count", inner="point")',
      'sns.violinplot(data=df, x="day", y="total_bill", density_norm="width", inner="stick")',
      'sns.violinplot(x=df["tip"])',
      'sns.catplot(data=df, x="day", y="total_bill", hue="sex", kind="violin")',
    ],
    "violin",
  );
});

test("the norm and the bandwidth are named as seaborn's", async () => {
  // the days have different counts of bills (the gaps fall unevenly), so count is neither area nor width
  for (const norm of ["area", "count", "width"]) {
    const { faith } = await draw(`sns.violinplot(data=df, x="day", y="total_bill", cut=0, bw_adjust=0.5, density_norm="${norm}")`);
    const body = faith.checks.find((c) => c.check.startsWith("values of violin"))!;
    assert.match(
      body.detail,
      new RegExp(
        `^the density of total_bill where day == "Thur" \\(\\d+ values; Gaussian kernel, bandwidth [\\d.]+ = 0\\.5 × Scott's; the body reaches 0 bandwidths past the values, seaborn's cut\\); sized as seaborn's density_norm="${norm}"$`,
      ),
    );
  }
});

test("falsified twins: bills filled with 0 or × 1.1 are unfaithful, naming the change; a deliberate subset of rows is not", async () => {
  const filled = await draw('df["total_bill"] = df["total_bill"].fillna(0)\nsns.violinplot(data=df, x="day", y="total_bill", hue="sex")');
  assert.equal(filled.faith.verdict, "unfaithful", filled.why);
  const fail = filled.faith.checks.find((c) => c.check.startsWith("values of violin"))!;
  assert.match(
    fail.detail,
    /^the violin at day = Thur, sex = Male is not the density of total_bill where day == "Thur" and sex == "Male": it is the density of those \d+ values and \d+ more at 0: the rows' \d+ missing total_bill filled with 0 \(fillna\), mass at 0 the data does not have$/,
  );
  const scaled = await draw('df["total_bill"] = df["total_bill"] * 1.1\nsns.violinplot(data=df, x="total_bill", y="day", inner="quart")');
  assert.equal(scaled.faith.verdict, "unfaithful", scaled.why);
  assert.ok(
    scaled.faith.checks
      .filter((c) => c.check.startsWith("values of violin"))
      .every((c) => c.status === "fail" && c.detail.includes("it is the density of total_bill × 1.1 there")),
    scaled.why,
  );
  const subset = await draw('sns.violinplot(data=df[df["tip"] > 2], x="day", y="total_bill")');
  assert.equal(subset.faith.verdict, "unchecked", subset.why);
});
