// Capture and measurement: every way a snippet can produce a chart is captured exactly once, and
// the numbers come from the rendered figure (and the PNG's own IHDR), not from the code.
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

const CSV = "date,stack,build_seconds\n2025-01-13,Go,100\n2025-01-14,Go,120\n2025-01-15,Swift,300\n2025-01-16,Go,80\n";
const run = (code: string, timeoutMs?: number) => sb.run({ code, files: { "data.csv": CSV }, timeoutMs });

test("a PNG written to stdout between prints is captured once and the prints stay text", async () => {
  const r = await run(`import sys, pandas as pd, matplotlib.pyplot as plt
print("before")
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, ax = plt.subplots(figsize=(5, 3), dpi=80)
ax.plot(df["date"], df["build_seconds"], label="build")
ax.set_title("Build time"); ax.set_xlabel("date"); ax.set_ylabel("seconds"); ax.legend()
fig.savefig(sys.stdout.buffer, format="png")
print("after")
`);
  assert.equal(r.status, "ok", r.traceback ?? r.notes.join());
  assert.equal(r.pngs.length, 1);
  assert.deepEqual([r.pngs[0]!.width, r.pngs[0]!.height], [400, 240]);
  assert.equal(r.stdout, "before\nafter\n");
  const f = r.figures[0]!;
  assert.deepEqual(f.figsizeIn, [5, 3]);
  assert.equal(f.dpi, 80);
  assert.deepEqual([f.axes, f.lines, f.titles, f.xlabels, f.ylabels, f.legends], [1, 1, 1, 1, 1, 1]);
  assert.deepEqual(f.axisLabels, [{ title: "Build time", xlabel: "date", ylabel: "seconds" }]);
  assert.deepEqual(f.data[0]!.x, ["2025-01-13", "2025-01-14", "2025-01-15", "2025-01-16"], "dates are ISO strings");
  assert.deepEqual(f.data[0]!.y, [100, 120, 300, 80]);
  assert.equal(f.data[0]!.label, "build");
});

test("a PNG file is captured, and the figure is not rendered a second time", async () => {
  const r = await run(`import matplotlib.pyplot as plt
plt.plot([1, 2, 3], color="red")
plt.savefig("chart.png")
plt.show()
`);
  assert.equal(r.status, "ok");
  assert.equal(r.pngs.length, 1, "saved once, captured once");
  assert.equal(r.figures.length, 1);
  assert.deepEqual(r.figures[0]!.distinctColors, ["#ff0000"]);
  assert.equal(r.pngs[0]!.colorType, 6);
  assert.equal(r.pngs[0]!.bitDepth, 8);
});

test("a figure that was never saved is rendered by the sandbox", async () => {
  const r = await run(`import pandas as pd
df = pd.read_csv("data.csv")
df.groupby("stack")["build_seconds"].mean().plot.bar(title="mean build")
`);
  assert.equal(r.status, "ok", r.traceback ?? "");
  assert.equal(r.pngs.length, 1);
  const f = r.figures[0]!;
  assert.equal(f.patches, 2);
  const bars = f.data.find((s) => s.kind === "bar")!;
  assert.deepEqual(bars.x, ["Go", "Swift"], "categories are the tick labels");
  assert.deepEqual(bars.y, [100, 300]);
});

test("a figure saved only to memory is still rendered once by the sandbox", async () => {
  const r = await run(`import io, matplotlib.pyplot as plt
plt.scatter([1, 2, 3], [4, 5, 6])
plt.savefig(io.BytesIO(), format="png")
`);
  assert.equal(r.pngs.length, 1);
  const s = r.figures[0]!.data.find((d) => d.kind === "scatter")!;
  assert.deepEqual(s.x, [1, 2, 3]);
  assert.deepEqual(s.y, [4, 5, 6]);
});

// pandas' plotting guide closes each example's figure (plt.close("all")) before drawing the next,
// and matplotlib hands the next figure the closed one's number: a closed figure must not come
// back as a chart because a kept one shares its number, nor fill the 16-figure limit.
test("figures the snippet closed are neither rendered nor measured, and do not count against the figure limit", async () => {
  const r = await run(`import pandas as pd, matplotlib.pyplot as plt
df = pd.read_csv("data.csv")
for i in range(20):
    plt.figure()
    df["build_seconds"].plot(title=f"discarded {i}", color="red")
    plt.close("all")
fig = plt.figure()
df["build_seconds"].plot(title="kept", color="green")
plt.figure(); plt.plot([1, 2], color="blue"); plt.title("closed by object")
plt.close(plt.gcf())
fig2, ax = plt.subplots()
ax.bar(["a", "b"], [1, 2], color="black")
ax.set_title("kept too")
print(fig.number, fig2.number)
`);
  assert.equal(r.status, "ok", r.traceback ?? r.notes.join(" | "));
  assert.equal(r.stdout, "1 2\n", "the kept figures reuse the closed ones' numbers");
  assert.equal(r.pngs.length, 2);
  assert.deepEqual(
    r.figures.map((f) => f.axisLabels[0]!.title),
    ["kept", "kept too"],
  );
  assert.deepEqual(r.figures[0]!.distinctColors, ["#008000"]);
  assert.deepEqual(r.notes, [], "no figure limit was reached");
});

test("a figure saved to a file and then closed is still a chart; one closed unsaved is not", async () => {
  const r = await run(`import matplotlib.pyplot as plt
fig, ax = plt.subplots(); ax.plot([1, 2, 3]); ax.set_title("saved"); fig.savefig("saved.png"); plt.close(fig)
fig, ax = plt.subplots(); ax.plot([3, 2, 1]); ax.set_title("discarded"); plt.close(fig)
`);
  assert.equal(r.status, "ok", r.traceback ?? r.notes.join(" | "));
  assert.equal(r.pngs.length, 1);
  assert.deepEqual(
    r.figures.map((f) => f.axisLabels[0]!.title),
    ["saved"],
  );
});

test("no figure at all is no-figure, not ok", async () => {
  const r = await run(`print("just text")`);
  assert.equal(r.status, "no-figure");
  assert.equal(r.pngs.length, 0);
  assert.equal(r.stdout, "just text\n");
});

test("overlapping tick labels, text outside the figure and an empty axes are measured", async () => {
  const r = await run(`import matplotlib.pyplot as plt
fig, (a, b) = plt.subplots(1, 2, figsize=(4, 3))
labels = [f"a very long category name {i}" for i in range(12)]
a.bar(labels, range(12))
fig.text(1.2, 0.5, "off the page")
fig.savefig("chart.png")
`);
  const f = r.figures[0]!;
  assert.ok(f.overlappingText > 5, `overlapping pairs: ${f.overlappingText}`);
  assert.ok(f.outsideArtists >= 1, `outside: ${f.outsideArtists}`);
  assert.equal(f.emptyAxes, 1);
});

test("a long series is capped and says so; NaN points are left out", async () => {
  const r = await run(`import numpy as np, matplotlib.pyplot as plt
y = np.arange(5000, dtype=float); y[:3] = np.nan
plt.plot(y)
plt.savefig("c.png")
`);
  const s = r.figures[0]!.data[0]!;
  assert.equal(s.truncated, true);
  assert.equal(s.x.length, 2000);
  assert.equal(s.x[0], 3);
});

test("an exception gives status error and the verbatim traceback, pointing at the snippet's line", async () => {
  const r = await run(`import pandas as pd
df = pd.read_csv("data.csv")
x = 1
df["missing_column"].plot()
`);
  assert.equal(r.status, "error");
  assert.match(r.traceback!, /File "snippet\.py", line 4/);
  assert.match(r.traceback!, /df\["missing_column"\]\.plot\(\)/);
  assert.match(r.traceback!, /KeyError: 'missing_column'/);
  assert.equal(r.pngs.length, 0);
});

test("a syntax error is an error with the SyntaxError text", async () => {
  const r = await run(`plt.plot([1,2]\nprint(`);
  assert.equal(r.status, "error");
  assert.match(r.traceback!, /SyntaxError/);
});

test("sys.exit(0) after saving is a normal end; sys.exit(3) is an error", async () => {
  const ok = await run(`import sys, matplotlib.pyplot as plt\nplt.plot([1]); plt.savefig("a.png"); sys.exit(0)`);
  assert.equal(ok.status, "ok");
  const bad = await run(`import sys\nsys.exit(3)`);
  assert.equal(bad.status, "error");
  assert.match(bad.traceback!, /SystemExit: 3/);
});

test("every run reports the layers that were really active", async () => {
  const r = await run(`print(1)`);
  for (const k of ["namespaces", "landlock", "seccomp", "rlimits", "filecap", "cleanenv", "supervisor"]) {
    assert.ok(r.layers[k], `layer ${k} missing`);
    assert.equal(typeof r.layers[k]!.detail, "string");
  }
  for (const k of ["namespaces", "landlock", "seccomp"] as const) assert.equal(r.layers[k]!.on, sb.host[k].on, k);
  assert.equal(r.layers.rlimits!.on, true);
});

test("a bad file name is refused with one sentence saying what to do", async () => {
  await assert.rejects(sb.run({ code: "print(1)", files: { "../etc/x": "a" } }), /file name '\.\.\/etc\/x' is not allowed: use a plain name like data\.csv/);
  const r = await run(`print("still fine")`);
  assert.equal(r.stdout, "still fine\n");
});

test("cancelling through an AbortSignal kills the run at once", async () => {
  const ac = new AbortController();
  const t0 = performance.now();
  const p = sb.run({ code: "import time\ntime.sleep(60)", timeoutMs: 30000, signal: ac.signal });
  setTimeout(() => ac.abort(), 300);
  const r = await p;
  assert.equal(r.status, "killed");
  assert.ok(r.notes.some((n) => /cancelled by the caller/.test(n)));
  // Killed by the cancel, not left to its own 30 s limit (which no machine reaches sooner).
  assert.ok(performance.now() - t0 < 30000, `ended after ${(performance.now() - t0).toFixed(0)} ms`);
});

// Gallery and seaborn examples call sns.load_dataset and usetex: with HOME and MPLCONFIGDIR
// read-only they used to fail with PermissionError on a cache, hiding the real reason.
test("sns.load_dataset finds a dataset given as a file, and a usetex chart fails with TeX's own error", async () => {
  const sea = await sb.run({
    code: "import seaborn as sns\ntips = sns.load_dataset('tips')\nprint(tips.shape, list(tips.columns))\n",
    files: { "tips.csv": "total_bill,tip,sex,smoker,day,time,size\n16.99,1.01,Female,No,Sun,Dinner,2\n10.34,1.66,Male,No,Sat,Dinner,3\n" },
  });
  assert.equal(sea.status, "no-figure", sea.traceback ?? sea.notes.join(" | "));
  assert.equal(sea.stdout, "(2, 7) ['total_bill', 'tip', 'sex', 'smoker', 'day', 'time', 'size']\n");
  const tex = await sb.run({ code: "import matplotlib.pyplot as plt\nplt.rcParams['text.usetex'] = True\nplt.title('$x^2$')\nplt.savefig('c.png')\n" });
  assert.equal(tex.status, "error");
  assert.match(tex.traceback ?? "", /RuntimeError: Failed to process string with tex because latex could not be found/);
  assert.doesNotMatch(tex.traceback ?? "", /tex\.cache/, "not stopped by a read-only cache (running latex is refused: its PermissionError comes first)");
});
