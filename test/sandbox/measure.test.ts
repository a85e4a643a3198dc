// Measurements of what was really drawn: a hidden axis (the x axis matplotlib's twinx and pandas'
// secondary_y hide on the twin) draws no labels, so none are counted as overlapping, while text
// that really overlaps still is; and pandas date charts are measured with ISO dates throughout.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Sandbox } from "../../src/lib/sandbox";

let sb: Sandbox;
before(async () => {
  sb = await Sandbox.start();
});
after(async () => {
  await sb?.close();
});

const run = async (lines: string[]) => {
  const r = await sb.run({ code: lines.join("\n") + "\n" });
  assert.equal(r.status, "ok", r.traceback ?? r.stderr);
  return r;
};

test("twinx: the twin's hidden x axis adds no text, so nothing overlaps; the right y label counts", async () => {
  const r = await run([
    "import matplotlib.pyplot as plt",
    "fig, ax = plt.subplots()",
    "ax.plot([1, 2, 3], [1, 2, 3]); ax.set_xlabel('x')",
    "ax2 = ax.twinx(); ax2.plot([1, 2, 3], [30, 20, 10], color='r'); ax2.set_ylabel('right')",
    "plt.show()",
  ]);
  const f = r.figures[0]!;
  assert.equal(f.axes, 2);
  assert.equal(f.overlappingText, 0);
  assert.equal(f.ylabels, 1);
});

test("pandas secondary_y over 1,000 days: no phantom overlaps, ISO dates on both axes' series", async () => {
  const r = await run([
    "import numpy as np, pandas as pd, matplotlib.pyplot as plt",
    "idx = pd.date_range('2020-01-01', periods=1000, freq='D')",
    "df = pd.DataFrame(np.random.default_rng(0).normal(size=(1000, 2)).cumsum(axis=0), index=idx, columns=['A', 'B'])",
    "ax = df.A.plot(); df.B.plot(secondary_y=True, style='g')",
    "plt.show()",
  ]);
  const f = r.figures[0]!;
  assert.equal(f.overlappingText, 0);
  assert.equal(f.data.length, 2);
  for (const s of f.data) {
    assert.equal(s.x.length, 1000);
    assert.equal(s.x[0], "2020-01-01");
    assert.equal(s.x[999], "2022-09-26");
  }
});

test("text that really overlaps is still counted", async () => {
  const r = await run([
    "import matplotlib.pyplot as plt",
    "fig, ax = plt.subplots()",
    "ax.plot([0, 1], [0, 1])",
    "ax.text(0.5, 0.5, 'first label here', fontsize=14)",
    "ax.text(0.5, 0.5, 'second label here', fontsize=14)",
    "plt.show()",
  ]);
  assert.equal(r.figures[0]!.overlappingText, 1);
});
