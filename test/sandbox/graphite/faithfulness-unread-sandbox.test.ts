// Filled shapes drawn for real with seaborn and matplotlib in the sandbox: what the sandbox cannot
// read is reported per axes (a sideways fill that is no violin's body, hexbin cells on a log axis
// (measure-hexbin.test.ts reads them on linear axes), a step fill
// other than seaborn's step="post" (which measure-fills.test.ts reads as bars),
// 2-D density contours on log axes, a collection of patches that are neither bars nor boxen boxes,
// series past the 64 it measures) and keeps the chart from "faithful"; what it reads (violin
// bodies, a box plot, a boxen plot, dodged bars, a line's bootstrap band, a filled KDE, a 2-D
// density's contours on linear axes) reports nothing unread and stays "faithful". The CSV is read
// by graphite's reader and handed over as a graphite run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertEachFaithful, closeSandboxAfterTests, drawAndCheck } from "./seaborn-check";
import { tipsLike } from "./seaborn-draw";

closeSandboxAfterTests();

const csv = tipsLike();

async function draw(body: string) {
  const { run, faith } = await drawAndCheck(csv, body);
  return { unread: run.figures[0]!.unread, faith };
}

test("a violin plot: its four bodies are read as violins (nothing unread) and it is faithful like the box plot of the same; a sideways fill that is no violin is still named unread", async () => {
  const violin = await draw('sns.violinplot(data=df, x="day", y="tip")');
  assert.deepEqual(violin.unread, []);
  assert.equal(violin.faith.verdict, "faithful", JSON.stringify(violin.faith.checks, null, 1));
  assert.equal(
    violin.faith.checks.find((c) => c.check === "drawn shapes"),
    undefined,
  );
  const box = await draw('sns.boxplot(data=df, x="day", y="tip")');
  assert.deepEqual(box.unread, []);
  assert.equal(box.faith.verdict, "faithful", JSON.stringify(box.faith.checks, null, 1));
  const sideways = await draw('plt.fill_betweenx(df["tip"].sort_values(), 0, df["total_bill"])');
  assert.deepEqual(sideways.unread, [{ axes: 0, what: "sideways area", count: 1 }]);
  assert.equal(sideways.faith.verdict, "unchecked");
  assert.equal(
    sideways.faith.checks.find((c) => c.check === "drawn shapes")!.detail,
    "1 filled area drawn sideways (fill_betweenx, not a violin's body) on axes 1 drawn but not measured, so the chart is not confirmed whole",
  );
});

test('hexbin cells on a log axis, a histogram filled with step="pre", 2-D density contours and a collection of circles are each named as unread', async () => {
  const cases: Array<[string, string]> = [
    // hexbins are read on linear axes (measure-hexbin.test.ts); on a log axis their centres are in log units
    ['plt.hexbin(df["total_bill"], df["tip"], gridsize=10, xscale="log")', "area"],
    // histplot(element="step") draws step="post", read as bars (measure-fills.test.ts); "pre" is not read
    ['h, e = np.histogram(df["tip"], bins=8)\nplt.fill_between(e[:-1], 0, h, step="pre")', "area"],
    // contours are read on linear axes (faithfulness-contours-sandbox.test.ts); on log axes a vertex is not the value it is drawn at
    ['sns.kdeplot(data=df, x="total_bill", y="tip", log_scale=True)', "contours"],
    [
      'from matplotlib.collections import PatchCollection\nfrom matplotlib.patches import Circle\nax = plt.gca()\nax.add_collection(PatchCollection([Circle((b, t), 0.3) for b, t in zip(df["total_bill"], df["tip"])]))\nax.autoscale()',
      "patches",
    ],
  ];
  for (const [body, what] of cases) {
    const { unread, faith } = await draw(body);
    assert.equal(unread?.length, 1, `${body}: ${JSON.stringify(unread)}`);
    assert.equal(unread[0]!.what, what, body);
    assert.notEqual(faith.verdict, "faithful", body);
    assert.equal(faith.checks.find((c) => c.check === "drawn shapes")?.status, "unchecked", body);
  }
});

test("what is read reports nothing unread: dodged bars, a line with its bootstrap band, a filled KDE, a 2-D density's contours, a boxen plot stay faithful", async () => {
  await assertEachFaithful(
    csv,
    [
      'sns.boxenplot(data=df, x="day", y="tip")',
      'sns.barplot(data=df, x="day", y="tip", hue="sex", errorbar=None)',
      'sns.lineplot(data=df, x="size", y="tip")',
      'sns.kdeplot(data=df, x="tip", fill=True)',
      'sns.kdeplot(data=df, x="total_bill", y="tip")',
    ],
    undefined,
    (d) => assert.deepEqual(d.run.figures[0]!.unread, [], d.body),
  );
});

test("series past the 64 the sandbox measures are counted as unread, so 70 lines are not 'faithful' on the first 64; 64 lines leave nothing unread", async () => {
  const many = await draw('for k in range(70):\n    plt.plot(df["tip"].to_numpy() + 0)');
  assert.deepEqual(many.unread, [{ axes: 0, what: "series", count: 6 }]);
  assert.notEqual(many.faith.verdict, "faithful");
  assert.equal(
    many.faith.checks.find((c) => c.check === "drawn shapes")!.detail,
    "6 series past the 64 the sandbox measures on axes 1 drawn but not measured, so the chart is not confirmed whole",
  );
  const fits = await draw('for k in range(64):\n    plt.plot(df["tip"].to_numpy() + 0)');
  assert.deepEqual(fits.unread, []);
  assert.equal(
    fits.faith.checks.find((c) => c.check === "drawn shapes"),
    undefined,
  );
});
