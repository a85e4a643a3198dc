// Box plots drawn for real in the sandbox by pandas (df.boxplot(column=, by=) on a text and on a
// numeric category, plot.box() both ways), matplotlib (plt.boxplot with patch_artist, notches,
// means) and seaborn (boxplot by category, hue, horizontal, unfilled, whis=(0, 100), catplot) are
// measured as boxes (kind "box": no line of theirs left for the candidate search) and confirmed
// "faithful"; the same charts drawn after × 1.1, + 5 or fillna(0) of the value column are
// "unfaithful" naming the change, and a chart of some categories is never "faithful". A small
// seeded CSV with gaps and a long tail (so there are fliers), read by graphite's reader and handed
// over as a graphite run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { assertEachFaithful, assertEachUnfaithful, closeSandboxAfterTests, drawAndCheck } from "./seaborn-check";

closeSandboxAfterTests();

const rows = ["day,sex,total_bill,tip,size"];
const days = ["Thur", "Fri", "Sat", "Sun"];
for (let i = 0; i < 240; i++) {
  // every 11th bill missing, every 19th far out (fliers), the rest spread by a multiplicative hash
  const far = i % 19 === 7 ? 45 + (i % 5) * 3.5 : 0;
  const bill = i % 11 === 3 ? "" : (6 + ((i * 7919) % 2100) / 100 + (i % 4) * 3 + far).toFixed(2);
  const tip = (1 + ((i * 613) % 500) / 100).toFixed(2);
  rows.push(`${days[i % 4]},${Math.floor(i / 4) % 2 ? "Female" : "Male"},${bill},${tip},${1 + (Math.floor(i / 16) % 5)}`);
}
const csv = readCsv(rows.join("\n") + "\n");

const draw = (body: string) => drawAndCheck(csv, body);

test("every box bxp draws is measured as one box: its category, five numbers and fliers, no line left over", async () => {
  const { data, run } = await draw('df.boxplot(column="total_bill", by="day")\nplt.suptitle("")');
  assert.deepEqual(run.figures[0]!.unread, []);
  assert.deepEqual(
    data.map((s) => s.kind),
    ["box", "box", "box", "box"],
  );
  // pandas draws the groups sorted, at positions 1..4 labelled with the days
  assert.deepEqual(
    data.map((s) => s.x[0]),
    ["Fri", "Sat", "Sun", "Thur"],
  );
  for (const s of data)
    assert.ok(
      s.y.every((v, i) => i === 0 || v >= s.y[i - 1]!),
      "whislo <= q1 <= median <= q3 <= whishi",
    );
  assert.ok(
    data.some((s) => (s.fliers?.length ?? 0) > 0),
    "the tail's values are fliers",
  );
});

test("correct box plots are faithful: pandas, matplotlib and seaborn, every orientation and option", async () => {
  await assertEachFaithful(
    csv,
    [
      'df.boxplot(column="total_bill", by="day")',
      'df.boxplot(column="tip", by="size")',
      'df[["total_bill", "tip"]].plot.box()',
      'df[["total_bill", "tip"]].plot.box(vert=False)',
      'plt.boxplot(df["total_bill"].dropna())',
      'plt.boxplot([df.loc[df.day == d, "tip"] for d in ["Thur", "Fri", "Sat", "Sun"]], tick_labels=["Thur", "Fri", "Sat", "Sun"], patch_artist=True, notch=True, showmeans=True)',
      'sns.boxplot(data=df, x="day", y="total_bill")',
      'sns.boxplot(data=df, x="day", y="total_bill", hue="sex")',
      'sns.boxplot(data=df, x="total_bill", y="day", fill=False, showcaps=False)',
      'sns.boxplot(data=df, x="day", y="total_bill", whis=(0, 100))',
      'sns.boxplot(x=df["tip"])',
      'sns.catplot(data=df, x="day", y="total_bill", hue="sex", kind="box")',
    ],
    "box",
    (d) =>
      assert.ok(
        d.data.every((s) => s.kind === "box"),
        `${d.body}: ${JSON.stringify(d.data.map((s) => s.kind))}`,
      ),
  );
});

test("box plots of the value column scaled, shifted or with gaps as 0 are unfaithful, naming the change", async () => {
  await assertEachUnfaithful(csv, [
    ['df["total_bill"] = df["total_bill"] * 1.1\ndf.boxplot(column="total_bill", by="day")', "× 1.1"],
    ['df["total_bill"] = df["total_bill"] + 5\nsns.boxplot(data=df, x="day", y="total_bill", hue="sex")', "+ 5"],
    ['df["total_bill"] = df["total_bill"].fillna(0)\nsns.boxplot(data=df, x="day", y="total_bill")', "missing values read as 0"],
  ]);
});

test("boxes of some categories only are not faithful and not unfaithful", async () => {
  const { faith, why } = await draw('sns.boxplot(data=df[df.day != "Fri"], x="day", y="total_bill")');
  assert.equal(faith.verdict, "unchecked", why);
  assert.ok(
    faith.checks.some((c) => c.check === "categories complete" && c.detail.includes('not "Fri"')),
    why,
  );
});

test("seaborn's letter-value boxes are measured as boxen sets and faithful at every k_depth; changed values are unfaithful", async () => {
  await assertEachFaithful(
    csv,
    [
      'sns.boxenplot(data=df, x="day", y="total_bill")',
      'sns.boxenplot(data=df, x="total_bill", y="day", hue="sex", k_depth="full", fill=False)',
      'sns.boxenplot(data=df, x="day", y="tip", k_depth="proportion", outlier_prop=0.1, width_method="linear")',
      'sns.boxenplot(data=df, x="day", y="total_bill", k_depth="trustworthy", showfliers=False)',
      'sns.catplot(data=df, x="day", y="total_bill", kind="boxen")',
    ],
    "boxen",
    (d) =>
      assert.equal(
        d.faith.checks.find((c) => c.check === "drawn shapes"),
        undefined,
        d.why,
      ),
  );
  await assertEachUnfaithful(csv, [['df["total_bill"] = df["total_bill"] * 1.1\nsns.boxenplot(data=df, x="day", y="total_bill")', "× 1.1"]]);
});

test("so.Bars (one collection of rectangles) is read as bars: a histogram of the column is faithful", async () => {
  const { faith, data, why } = await draw('import seaborn.objects as so\nso.Plot(df, x="tip").add(so.Bars(), so.Hist()).save("chart.png")');
  assert.deepEqual(
    data.map((s) => s.kind),
    ["bar"],
  );
  assert.equal(faith.verdict, "faithful", why);
});
