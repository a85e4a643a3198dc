// 2-D histograms drawn for real in the sandbox: seaborn's histplot(x=, y=) (with hue, binwidth,
// discrete, log_scale, stat, common_norm, cbar, pthresh, a category axis), displot with col=,
// plt.hist2d (cmin) and pcolormesh of np.histogram2d are measured as meshes (kind "hist2d": edges,
// cells with the masked ones null, the hue level from the legend) and confirmed "faithful"; the
// same charts drawn after × 1.1, + a constant or a shuffle of one column are "unfaithful" with a
// detail naming the change; a deliberate subset of rows is never "unfaithful". The tips-like CSV
// of seaborn-draw, read by graphite's reader and handed over as a graphite run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertEachFaithful, assertEachUnfaithful, closeSandboxAfterTests, drawAndCheck } from "./seaborn-check";
import { tipsLike } from "./seaborn-draw";

closeSandboxAfterTests();

const csv = tipsLike({ smoker: true });

const draw = (body: string) => drawAndCheck(csv, body, "hist2d");

test("seaborn's mesh is measured as a 2-D histogram: edges, one cell per bin with the empty ones masked, the hue level from the legend", async () => {
  const { shapes: meshes, run } = await draw('sns.histplot(df, x="total_bill", y="tip", hue="sex", binwidth=(5, 1), cbar=True)');
  assert.deepEqual(run.figures[0]!.unread, [], "the colorbar's mesh is no data, and not unread");
  assert.deepEqual(meshes.map((s) => s.label).sort(), ["Female", "Male"]);
  for (const s of meshes) {
    assert.ok(
      s.x.every((e, i) => i === 0 || (e as number) - (s.x[i - 1] as number) > 4.999),
      "x edges 5 apart",
    );
    assert.equal(s.cells!.length, (s.x.length - 1) * (s.y.length - 1));
    assert.ok(s.cells!.some((v) => v === null) && s.cells!.some((v) => v !== null && v > 0), "empty cells masked, others drawn");
  }
});

test("correct 2-D histograms are faithful: seaborn's options, displot facets, plt.hist2d, pcolormesh of np.histogram2d", async () => {
  await assertEachFaithful(
    csv,
    [
      'sns.histplot(df, x="total_bill", y="tip")',
      'sns.histplot(df, x="total_bill", y="tip", hue="sex")',
      'sns.histplot(df, x="total_bill", y="tip", hue="smoker", stat="density")',
      'sns.histplot(df, x="total_bill", y="tip", hue="smoker", stat="percent", common_norm=False)',
      'sns.histplot(df, x="size", y="tip", discrete=(True, False), bins=12, log_scale=(False, True))',
      'sns.histplot(df, x="total_bill", y="tip", pthresh=0.2, cbar=True)',
      'sns.histplot(df, x="total_bill", y="day", hue="day", legend=False)',
      'sns.displot(df, x="total_bill", y="tip", col="sex", binwidth=(4, 1))',
      "plt.hist2d(df.total_bill, df.tip, bins=6, cmin=1)",
      'h, xe, ye = np.histogram2d(df["total_bill"], df["tip"], bins=(8, 5))\nplt.pcolormesh(xe, ye, h.T)',
    ],
    "hist2d",
  );
});

test("falsified twins: a column × 1.1, + 5 or shuffled is unfaithful, naming the change; a deliberate subset of rows is not", async () => {
  await assertEachUnfaithful(csv, [
    ['df["tip"] = df["tip"] * 1.1\nsns.histplot(df, x="total_bill", y="tip")', "tip × 1.1"],
    ['df["total_bill"] = df["total_bill"] + 5\nsns.histplot(df, x="total_bill", y="tip", hue="sex")', "total_bill + 5"],
    ['df["tip"] = df["tip"].sample(frac=1, random_state=0).to_numpy()\nsns.histplot(df, x="total_bill", y="tip")', "from different rows"],
  ]);
  const subset = await draw('sns.histplot(df[df["tip"] > 2], x="total_bill", y="tip")');
  assert.equal(subset.faith.verdict, "unchecked", subset.why);
});
