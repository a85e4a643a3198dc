// Scatter colours drawn for real with seaborn in the sandbox: scatterplot(hue="day") is confirmed
// point by point with each point's colour its row's day; the same chart over the day column
// shuffled is "unfaithful" though every (x, y) pair is the data's; a numeric hue of five levels
// is read level by level, one on a colour scale the legend samples is "unchecked"; a scatter with
// no hue keeps its verdict. The CSV is read
// by graphite's reader and handed over as a graphite run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Faithfulness } from "../../../src/lib/schema/graphite";
import { closeSandboxAfterTests, drawAndCheck } from "./seaborn-check";
import { tipsLike } from "./seaborn-draw";

closeSandboxAfterTests();

const csv = tipsLike();
const check = async (body: string) => (await drawAndCheck(csv, body)).faith;
const scatterCheck = (f: Faithfulness) => f.checks.find((c) => c.check.startsWith("values of scatter"))!;

test("scatterplot(hue='day'): each point's colour is its row's day, faithful", async () => {
  const f = await check('sns.scatterplot(data=df, x="total_bill", y="tip", hue="day")');
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(scatterCheck(f).detail, /coloured by day row by row/);
});

test("the same over the day column shuffled: the pairs are the data's, the colours are not, unfaithful", async () => {
  const f = await check('df["day"] = df["day"].sample(frac=1, random_state=1).to_numpy()\nsns.scatterplot(data=df, x="total_bill", y="tip", hue="day")');
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(scatterCheck(f).detail, /points are drawn in the colour of another day than their row's/);
});

test("a numeric hue of a few levels is read level by level; a colour scale the legend samples is unchecked; no hue stays faithful", async () => {
  const levels = await check('sns.scatterplot(data=df, x="total_bill", y="tip", hue="size")');
  assert.equal(levels.verdict, "faithful", JSON.stringify(levels.checks));
  assert.match(scatterCheck(levels).detail, /coloured by size row by row/);
  const scale = await check('sns.scatterplot(data=df, x="size", y="tip", hue="total_bill")');
  assert.equal(scale.verdict, "unchecked", JSON.stringify(scale.checks));
  assert.match(scatterCheck(scale).detail, /colour scale the legend shows at \d+ levels .*the colour of each point is not checked/);
  const plain = await check('sns.scatterplot(data=df, x="total_bill", y="tip")');
  assert.equal(plain.verdict, "faithful", JSON.stringify(plain.checks));
});
