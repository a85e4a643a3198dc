// Error bars, dodged strips, fixed-bin histograms, hue levels (histograms, lines, ECDFs), boxes and violins drawn with seaborn in the
// sandbox: the data's own are faithful (the error bars confirmed as seaborn's errorbar="sd" or
// ("pi", 50)), and the same charts over a column moved, stretched or shuffled by one added line are
// "unfaithful", the detail naming the change. The CSV is read by graphite's reader and handed over
// as a graphite run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertEachFaithful, assertEachUnfaithful, closeSandboxAfterTests, drawAndCheck } from "./seaborn-check";
import { tipsLike } from "./seaborn-draw";

closeSandboxAfterTests();

const csv = tipsLike();

test("barplot and pointplot error bars of sd and a 50% interval are confirmed as seaborn computes them", async () => {
  for (const [body, named] of [
    [
      'sns.barplot(data=df, x="day", y="total_bill", errorbar="sd")',
      /match error bar of total_bill where day == "Thur": mean ± standard deviation \(ddof=1\) \(seaborn's errorbar="sd"\)/,
    ],
    [
      'sns.pointplot(data=df, x="day", y="tip", hue="sex", errorbar=("pi", 50))',
      /match error bar of tip where day == "\w+" and sex == "\w+": .*errorbar=\("pi", 50\)/,
    ],
  ] as const) {
    const d = await drawAndCheck(csv, body);
    assert.equal(d.faith.verdict, "faithful", d.why);
    assert.ok(
      d.faith.checks.some((c) => c.status === "pass" && named.test(c.detail)),
      d.why,
    );
  }
});

test("dodged strips and fixed-bin histograms of the data's own values are faithful", async () => {
  await assertEachFaithful(csv, [
    'sns.stripplot(data=df, x="day", y="total_bill", hue="sex", dodge=True)',
    'sns.histplot(data=df, x="total_bill", binrange=(0, 80), binwidth=2)',
  ]);
});

test("the same charts over a column moved, stretched or shuffled: unfaithful, naming the change", async () => {
  await assertEachUnfaithful(csv, [
    [
      'df["total_bill"] = df["total_bill"] + 100\nsns.barplot(data=df, x="day", y="total_bill", errorbar="sd")',
      /the error bar at "\w+" is total_bill where day == "\w+" read as mean ± standard deviation .*moved \+ 100/,
    ],
    [
      'df["total_bill"] = df["total_bill"] * 1.5\nsns.stripplot(data=df, x="day", y="total_bill", hue="sex", dodge=True)',
      /points at "\w+" are the 20 values of total_bill where day == "\w+" and sex == "\w+" each × 1\.5/,
    ],
    [
      'df["total_bill"] = df["total_bill"].sample(frac=1, random_state=0).to_numpy()\nsns.stripplot(data=df, x="day", y="total_bill", hue="sex", dodge=True)',
      /values from other rows/,
    ],
    ['df["total_bill"] = df["total_bill"] * 2\nsns.histplot(data=df, x="total_bill", binrange=(0, 80), binwidth=2)', /histogram of total_bill stretched × 2 /],
  ]);
});

test("hue levels' histograms read together: seaborn's common_norm densities faithful; a shuffled column unfaithful, named by the legend's hue", async () => {
  const d = await drawAndCheck(csv, 'sns.histplot(data=df, x="total_bill", hue="sex", stat="density")', "bar");
  assert.deepEqual(d.run.figures[0]!.legendTitles, ["sex"], "the legend is titled with the hue column");
  assert.equal(d.faith.verdict, "faithful", d.why);
  assert.ok(
    d.faith.checks.some(
      (c) => c.status === "pass" && /histogram of total_bill where sex == "(Male|Female)" \(density over all 2 levels' values together/.test(c.detail),
    ),
    d.why,
  );
  await assertEachUnfaithful(csv, [
    [
      'df["total_bill"] = df["total_bill"].sample(frac=1, random_state=0).values\nsns.histplot(data=df, x="total_bill", hue="sex", multiple="stack")',
      /together are the histogram of total_bill exactly .*moved between rows \(shuffled\)/,
    ],
  ]);
});

test("a box plot and a violin plot of a shuffled column: values drawn at categories whose rows lack them, unfaithful", async () => {
  const shuffle = 'df["total_bill"] = df["total_bill"].sample(frac=1, random_state=0).values\n';
  await assertEachFaithful(csv, ['sns.boxplot(data=df, x="day", y="total_bill")'], "box");
  await assertEachUnfaithful(csv, [
    [
      `${shuffle}sns.boxplot(data=df, x="day", y="total_bill")`,
      /the boxes draw values of total_bill \(their whisker ends and fliers\), but \d+ of those \d+ are no value of total_bill in the rows of their category/,
    ],
    [`${shuffle}sns.boxplot(data=df, x="day", y="total_bill", hue="sex")`, /values from other rows \(total_bill shuffled across rows\?\)/],
    [
      `${shuffle}sns.violinplot(data=df, x="day", y="total_bill")`,
      /the violins' whiskers \(seaborn's inner box\) end at values of total_bill, but \d+ of those \d+ ends are no value of total_bill/,
    ],
  ]);
});

test("seaborn's hue lines (unlabelled) of a shuffled column's means: unfaithful, named through the legend's hue", async () => {
  await assertEachFaithful(csv, ['sns.lineplot(data=df, x="size", y="tip", hue="sex", errorbar=None)'], "line");
  await assertEachUnfaithful(csv, [
    [
      'df["tip"] = df["tip"].sample(frac=1, random_state=0).values\nsns.lineplot(data=df, x="size", y="tip", hue="sex", errorbar=None)',
      /means of tip over groups of size and sex .*the values of tip were moved between rows \(shuffled\)/,
    ],
  ]);
});

test("seaborn's hue ECDFs: the data's own faithful; a shuffled column's steps from other rows, unfaithful", async () => {
  await assertEachFaithful(csv, ['sns.ecdfplot(data=df, x="total_bill", hue="sex")'], "line");
  await assertEachUnfaithful(csv, [
    [
      'df["total_bill"] = df["total_bill"].sample(frac=1, random_state=0).values\nsns.ecdfplot(data=df, x="total_bill", hue="sex")',
      /the curve is an empirical CDF of \d+ values of total_bill, as many as sex == "(Male|Female)".* has, but \d+ (or more )?of its steps are no value of total_bill/,
    ],
  ]);
});

test("a Categorical's level whose rows were dropped: seaborn keeps its empty slot, unfaithful naming it; a text column's subset stays unchecked", async () => {
  const cat = 'df["day"] = pd.Categorical(df["day"], ["Thur", "Fri", "Sat", "Sun"])\n';
  await assertEachFaithful(csv, [`${cat}sns.boxplot(data=df, x="day", y="total_bill")`], "box");
  await assertEachUnfaithful(csv, [
    [
      `${cat}df = df[df["day"] != "Sun"]\nsns.boxplot(data=df, x="day", y="total_bill")`,
      /the axis shows the category "Sun" \(the data has \d+ rows where day == "Sun"\) with nothing drawn at it/,
    ],
    [`${cat}df = df[df["day"] != "Sun"]\nsns.countplot(data=df, x="day")`, /the axis shows the category "Sun"/],
    [
      'df["sex"] = pd.Categorical(df["sex"], ["Male", "Female"])\ndf = df[df["sex"] != "Female"]\nsns.scatterplot(data=df, x="total_bill", y="tip", hue="sex")',
      /the legend \(sex\) lists "Female" \(the data has \d+ rows where sex == "Female"\) but nothing is drawn for it/,
    ],
  ]);
  const d = await drawAndCheck(csv, 'df = df[df["day"] != "Sun"]\nsns.boxplot(data=df, x="day", y="total_bill")');
  assert.equal(d.faith.verdict, "unchecked", d.why);
  assert.match(d.why, /a deliberate subset/);
});
