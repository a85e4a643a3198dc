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

// `ax.axis("off")` leaves an axes' tick labels and axis labels undrawn (image grids, seaborn's
// kdeplot grids, every matplotlib widget's axes). They are not on the image, so they are not
// measured: before, their labels were counted as "outside" and "overlapping" text that no reader
// could see (a public seaborn example measured 30 labels outside its figure with every axis off).
const imageGrid = (axisOff: boolean) => [
  "import numpy as np, matplotlib.pyplot as plt",
  "rng = np.random.default_rng(1)",
  "fig, axes = plt.subplots(3, 3, figsize=(3, 3))",
  "fig.subplots_adjust(0, 0, 1, 1, 0, 0)  # the images fill the figure: tick labels would sit outside it",
  "for ax in axes.flat:",
  "    ax.imshow(rng.random((8, 8)))",
  axisOff ? "    ax.set_axis_off()" : "    pass",
  "plt.show()",
];

test("an image grid with every axis off has no text outside; with axes on, its tick labels are outside", async () => {
  const off = (await run(imageGrid(true))).figures[0]!;
  assert.equal(off.axes, 9);
  assert.equal(off.outsideArtists, 0);
  assert.equal(off.overlappingText, 0);
  const on = (await run(imageGrid(false))).figures[0]!;
  assert.ok(on.outsideArtists! > 0, `tick labels drawn outside the figure are counted: ${on.outsideArtists}`);
});

test("a Slider's axes (drawn with its axis off) add no phantom overlaps; the chart's own labels count", async () => {
  const r = await run([
    "import numpy as np, matplotlib.pyplot as plt",
    "from matplotlib.widgets import Slider",
    "t = np.linspace(0, 1, 200)",
    "fig, ax = plt.subplots()",
    "fig.subplots_adjust(bottom=0.25)",
    "ax.plot(t, np.sin(2 * np.pi * 3 * t))",
    "ax.set_xlabel('time [s]')",
    "freq = Slider(fig.add_axes([0.25, 0.1, 0.65, 0.03]), 'Frequency [Hz]', 0.1, 30.0, valinit=3)",
    "plt.show()",
  ]);
  const f = r.figures[0]!;
  assert.equal(f.axes, 2);
  assert.equal(f.overlappingText, 0);
  assert.equal(f.xlabels, 1);
});

test("3D axes draw their own ticks: counted while on, not once set_axis_off", async () => {
  const tiny3d = (off: boolean) => [
    "import matplotlib.pyplot as plt",
    "fig = plt.figure(figsize=(1.2, 1.2))",
    "ax = fig.add_subplot(projection='3d')",
    "ax.scatter([0, 1e6, 2e6], [0, 1e6, 2e6], [0, 1, 2])",
    off ? "ax.set_axis_off()" : "pass",
    "plt.show()",
  ];
  const on = (await run(tiny3d(false))).figures[0]!;
  assert.ok(on.outsideArtists! > 0, `3D tick labels past the edge of a 1.2 in figure are counted: ${on.outsideArtists}`);
  const off = (await run(tiny3d(true))).figures[0]!;
  assert.equal(off.outsideArtists, 0);
  assert.equal(off.overlappingText, 0);
});

// Rotated text is measured as a rotated rectangle by turning it to 0 degrees and back. It must
// come back at the very angle it had: a -30 degree label (stored as 330) came back at 150, so the
// next draw of the same figure showed every label upside down.
test("measuring leaves rotated labels as they were: a figure saved twice gives the same PNG twice", async () => {
  const r = await run([
    "import matplotlib.pyplot as plt",
    "fig, ax = plt.subplots()",
    "ax.bar(['alpha', 'beta', 'gamma'], [3, 1, 2])",
    "plt.setp(ax.get_xticklabels(), rotation=-30, ha='right', rotation_mode='anchor')",
    "fig.savefig('first.png')",
    "fig.savefig('second.png')",
    "print(sorted({t.get_rotation() for t in ax.get_xticklabels()}))",
  ]);
  assert.equal(r.pngs.length, 2);
  assert.ok(r.pngs[0]!.base64 === r.pngs[1]!.base64, "the second save draws the labels as the first did");
  assert.equal(r.stdout.trim(), "[330.0]");
  assert.equal(r.figures.length, 1);
  assert.equal(r.figures[0]!.overlappingText, 0);
});

test("fill_between is measured as a band (lower and upper edge per x, dates as ISO, NaN splitting it into parts); hexbin and violins are not bands", async () => {
  const r = await run([
    "import numpy as np, pandas as pd, matplotlib.pyplot as plt, seaborn as sns",
    "fig, (a, b, c) = plt.subplots(1, 3)",
    "a.fill_between([1, 2, 3, 5], [0, np.nan, 0.5, 2], [2, 3, 4, 5])",
    "b.fill_between(pd.date_range('2024-01-01', periods=3), [3, 1, 2], [1, 2, 0])",
    "b.hexbin(np.arange(20.0), np.arange(20.0) % 7, gridsize=3)",
    "sns.violinplot(x=['p'] * 10 + ['q'] * 10, y=np.arange(20.0), ax=c)",
    "plt.show()",
  ]);
  const bands = r.figures[0]!.data.filter((s) => s.kind === "band");
  assert.equal(bands.length, 2, JSON.stringify(r.figures[0]!.data.map((s) => s.kind)));
  // the NaN at x = 2 splits the fill in two; both parts are kept, the gap is not
  assert.deepEqual(
    { x: bands[0]!.x, lower: bands[0]!.lower, y: bands[0]!.y, axes: bands[0]!.axes },
    { x: [1, 3, 5], lower: [0, 0.5, 2], y: [2, 4, 5], axes: 0 },
  );
  // lower is the lower edge whichever of y1, y2 it came from
  assert.deepEqual(
    { x: bands[1]!.x, lower: bands[1]!.lower, y: bands[1]!.y },
    { x: ["2024-01-01", "2024-01-02", "2024-01-03"], lower: [1, 1, 0], y: [3, 2, 2] },
  );
});
