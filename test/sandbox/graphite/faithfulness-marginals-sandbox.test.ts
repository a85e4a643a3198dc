// Densities drawn sideways and the legend handles seaborn adds, drawn for real with seaborn in the
// sandbox: kdeplot(y=...) and a JointGrid's right-hand marginal are read as the column's density
// with the axes exchanged ("faithful"), the same grid over a column moved by a constant is
// "unfaithful"; a PairGrid with a hue legend reports no empty series (its legend handles draw
// nothing and are not measured). The CSV is read by graphite's reader and handed over as a run does.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { sharedSandbox } from "../../../src/lib/sandbox/sandbox";
import { drawWithSeaborn, tipsLike } from "./seaborn-draw";

after(async () => {
  await (await sharedSandbox()).close();
});

const csv = tipsLike();
const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));

test("kdeplot(y=...) is the column's density drawn sideways: faithful", async () => {
  const run = await drawWithSeaborn(csv, 'sns.kdeplot(data=df, y="total_bill")');
  const f = checkFaithfulness(csv, run.figures);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /kernel density of total_bill .*drawn sideways/);
});

test("a JointGrid with histogram and KDE marginals is faithful; over the bill + 5 it is unfaithful", async () => {
  const body = 'g = sns.JointGrid(data=df, x="total_bill", y="tip")\ng.plot_joint(sns.scatterplot)\ng.plot_marginals(sns.histplot, kde=True)';
  const ok = checkFaithfulness(csv, (await drawWithSeaborn(csv, body)).figures);
  assert.equal(ok.verdict, "faithful", JSON.stringify(ok.checks));
  assert.ok(
    values(ok).some((c) => /drawn sideways/.test(c.detail)),
    "the right-hand marginal's KDE is read sideways",
  );
  const moved = checkFaithfulness(csv, (await drawWithSeaborn(csv, `df["total_bill"] = df["total_bill"] + 5\n${body}`)).figures);
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
});

test("a PairGrid with a hue legend: no empty series is measured, the diagonal scatters are confirmed", async () => {
  const run = await drawWithSeaborn(csv, 'g = sns.PairGrid(df[["total_bill", "tip", "day"]], hue="day")\ng.map(sns.scatterplot)\ng.add_legend()');
  assert.ok(
    run.figures[0]!.data.every((s) => s.y.length > 0),
    "a legend handle (no points) was measured as a series",
  );
  const f = checkFaithfulness(csv, run.figures);
  assert.equal(f.verdict, "faithful", JSON.stringify(values(f).filter((c) => c.status !== "pass")));
  assert.ok(values(f).some((c) => /against itself/.test(c.detail)));
});
