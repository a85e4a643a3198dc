// Densities drawn sideways and the legend handles seaborn adds, drawn for real with seaborn in the
// sandbox: kdeplot(y=...) and a JointGrid's right-hand marginal are read as the column's density
// with the axes exchanged ("faithful"), the same grid over a column moved by a constant is
// "unfaithful"; a PairGrid with a hue legend reports no empty series (its legend handles draw
// nothing and are not measured). The CSV is read by graphite's reader and handed over as a run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Faithfulness } from "../../../src/lib/schema/graphite";
import { closeSandboxAfterTests, drawAndCheck } from "./seaborn-check";
import { tipsLike } from "./seaborn-draw";

closeSandboxAfterTests();

const csv = tipsLike();
const values = (f: Faithfulness) => f.checks.filter((c) => c.check.startsWith("values of"));

test("kdeplot(y=...) is the column's density drawn sideways: faithful", async () => {
  const f = (await drawAndCheck(csv, 'sns.kdeplot(data=df, y="total_bill")')).faith;
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /kernel density of total_bill .*drawn sideways/);
});

test("a JointGrid with histogram and KDE marginals is faithful; over the bill + 5 it is unfaithful", async () => {
  const body = 'g = sns.JointGrid(data=df, x="total_bill", y="tip")\ng.plot_joint(sns.scatterplot)\ng.plot_marginals(sns.histplot, kde=True)';
  const ok = (await drawAndCheck(csv, body)).faith;
  assert.equal(ok.verdict, "faithful", JSON.stringify(ok.checks));
  assert.ok(
    values(ok).some((c) => /drawn sideways/.test(c.detail)),
    "the right-hand marginal's KDE is read sideways",
  );
  const moved = (await drawAndCheck(csv, `df["total_bill"] = df["total_bill"] + 5\n${body}`)).faith;
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
});

test("a PairGrid with a hue legend: no empty series is measured, the diagonal scatters are confirmed", async () => {
  const { run, faith: f } = await drawAndCheck(csv, 'g = sns.PairGrid(df[["total_bill", "tip", "day"]], hue="day")\ng.map(sns.scatterplot)\ng.add_legend()');
  assert.ok(
    run.figures[0]!.data.every((s) => s.y.length > 0),
    "a legend handle (no points) was measured as a series",
  );
  assert.equal(f.verdict, "faithful", JSON.stringify(values(f).filter((c) => c.status !== "pass")));
  assert.ok(values(f).some((c) => /against itself/.test(c.detail)));
});
