// Real chart code, warm sandbox against a fresh Python, side by side in one run: every snippet
// in bench/charts/ (date axes, bars, histograms, subplots, images, seaborn, pandas .plot; our own
// code in the styles models write) runs once in the warm sandbox (every layer this host offers,
// static check on) and once as `python snippet.py` in a fresh process, alternating which goes
// first. Prints the median fresh/warm ratio and the worst one (target: above 1.0 for every chart,
// i.e. no chart is slower warm than fresh). Then, in one unconfined Python: measuring a figure of
// four 1,000-point date series against drawing it (target: measurement under 10% of the draw).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { Sandbox } from "../src/lib/sandbox";
import { defaultPython, repoRoot } from "../src/lib/sandbox/paths";
import { buildLogCsv } from "../src/lib/graphite/buildlog";
import { reportLoad, runBench } from "./support";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

// Drawing vs measuring, in-process: pandas (period axis) and matplotlib (date axis) charts of four
// 1,000-point date series. The old per-point mapping is timed too, as what the vectorised step saved.
const MEASURE_SCRIPT = `
import io, json, statistics, sys, time, warnings
sys.path.insert(0, sys.argv[1])
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import measure
from matplotlib.axis import Axis
warnings.simplefilter("ignore")
# As sandbox/harness.py does: the ticks the draw computed are kept for the measurement
orig_update_ticks = Axis._update_ticks
def update_ticks(self):
    ticks = orig_update_ticks(self)
    self._duellab_drawn_ticks = ticks
    return ticks
Axis._update_ticks = update_ticks
idx = pd.date_range("2020-01-01", periods=1000, freq="D")
wide = pd.DataFrame(np.random.default_rng(1).normal(size=(1000, 4)).cumsum(axis=0), index=idx, columns=list("ABCD"))
out = {}
for kind in ("pandas period axis", "matplotlib date axis"):
    draw, meas, perpoint = [], [], []
    for i in range(6):
        plt.close("all")
        if kind == "pandas period axis":
            fig = wide.plot(figsize=(10, 5), title="four series").figure
        else:
            fig, ax = plt.subplots(figsize=(10, 5))
            for c in wide.columns:
                ax.plot(wide.index, wide[c], label=c)
            ax.legend()
        t = time.perf_counter(); fig.savefig(io.BytesIO(), format="png"); draw.append(time.perf_counter() - t)
        r = fig.canvas.get_renderer()
        t = time.perf_counter(); m = measure.measure(fig, r); meas.append(time.perf_counter() - t)
        ax = fig.axes[0]
        scalar = measure._x_mapper_scalar(ax, ax.xaxis)
        t = time.perf_counter()
        for line in ax.lines:
            [scalar(float(v)) for v in np.asarray(line.get_xdata(orig=False), dtype=float)]
        perpoint.append(time.perf_counter() - t)
    assert sum(len(s["x"]) for s in m["data"]) == 4000 and isinstance(m["data"][0]["x"][0], str), m["data"][0]["x"][:2]
    out[kind] = {k: statistics.median(v[1:]) * 1000 for k, v in (("draw", draw), ("measure", meas), ("perpoint", perpoint))}
print(json.dumps(out))
`;

async function main(): Promise<number> {
  const csv = buildLogCsv();
  const chartsDir = path.join(repoRoot(), "bench", "charts");
  const snippets = fs
    .readdirSync(chartsDir)
    .filter((f) => f.endsWith(".py"))
    .sort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-bench-realcharts-"));
  fs.writeFileSync(path.join(dir, "data.csv"), csv);
  const freshEnv = { MPLBACKEND: "Agg", OPENBLAS_NUM_THREADS: "1", OMP_NUM_THREADS: "1", MKL_NUM_THREADS: "1", HOME: dir, MPLCONFIGDIR: path.join(dir, "mpl") };
  spawnSync(defaultPython(), ["-c", "import matplotlib.pyplot"], { env: freshEnv }); // font cache once, as a fair fresh baseline

  const t0 = performance.now();
  const sb = await Sandbox.start({ concurrency: 1 });
  const startMs = performance.now() - t0;
  const rows: Array<{ name: string; warm: number; fresh: number; ratio: number }> = [];
  for (const [i, f] of snippets.entries()) {
    const code = fs.readFileSync(path.join(chartsDir, f), "utf8");
    fs.writeFileSync(path.join(dir, "snippet.py"), code);
    let warm = NaN,
      fresh = NaN;
    for (const which of i % 2 ? ["fresh", "warm"] : ["warm", "fresh"]) {
      if (which === "warm") {
        const t = performance.now();
        const r = await sb.run({ code, files: { "data.csv": csv }, timeoutMs: 120_000 });
        warm = performance.now() - t;
        if (r.status !== "ok") {
          console.error(
            `realcharts bench: ${f} ended ${r.status} in the sandbox: ${r.traceback ?? r.violations.map((v) => v.detail).join("; ") ?? r.notes.join("; ")}`,
          );
          await sb.close();
          return 1;
        }
      } else {
        const t = performance.now();
        const p = spawnSync(defaultPython(), ["snippet.py"], { cwd: dir, env: freshEnv, maxBuffer: 64 << 20 });
        fresh = performance.now() - t;
        if (p.status !== 0) {
          console.error(`realcharts bench: ${f} failed in a fresh Python: ${String(p.stderr).slice(-300)}`);
          await sb.close();
          return 1;
        }
      }
    }
    rows.push({ name: f.replace(/\.py$/, ""), warm, fresh, ratio: fresh / warm });
  }
  const layers = (await sb.run({ code: "print(1)" })).layers;
  await sb.close();

  const m = spawnSync(defaultPython(), ["-c", MEASURE_SCRIPT, path.join(repoRoot(), "sandbox")], { env: freshEnv, encoding: "utf8", maxBuffer: 16 << 20 });
  fs.rmSync(dir, { recursive: true, force: true });
  if (m.status !== 0) {
    console.error(`realcharts bench: the measurement timing failed: ${m.stderr.slice(-400)}`);
    return 1;
  }
  const timing = JSON.parse(m.stdout) as Record<string, { draw: number; measure: number; perpoint: number }>;

  const ratios = rows.map((r) => r.ratio);
  const worst = rows.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const on = Object.entries(layers)
    .filter(([, l]) => l.on)
    .map(([k]) => k);
  const off = Object.entries(layers)
    .filter(([, l]) => !l.on)
    .map(([k]) => k);
  console.log(
    `realcharts: ${rows.length} snippets from bench/charts (date axes, bars, histograms, subplots, images, seaborn, pandas .plot), each once warm and once fresh, alternating`,
  );
  console.log(`realcharts: layers on: ${on.join(", ")}${off.length ? `; OFF: ${off.join(", ")}` : ""}; sandbox start ${ms(startMs)}`);
  console.log(`realcharts: warm median ${ms(median(rows.map((r) => r.warm)))}, fresh median ${ms(median(rows.map((r) => r.fresh)))}`);
  console.log(
    `realcharts: fresh/warm ratio median ${median(ratios).toFixed(1)}x, worst ${worst.ratio.toFixed(2)}x (${worst.name}: warm ${ms(worst.warm)}, fresh ${ms(worst.fresh)}) (target: every chart > 1.0x) ${worst.ratio > 1 ? "PASS" : "MISS"}`,
  );
  const slowest = [...rows]
    .sort((a, b) => a.ratio - b.ratio)
    .slice(0, 4)
    .map((r) => `${r.name} ${r.ratio.toFixed(1)}x`)
    .join(", ");
  console.log(`realcharts: lowest ratios: ${slowest}`);
  for (const [kind, t] of Object.entries(timing)) {
    const share = t.measure / t.draw;
    console.log(
      `realcharts: four 1,000-point date series, ${kind}: draw ${ms(t.draw)}, measure ${t.measure.toFixed(1)} ms = ${(share * 100).toFixed(1)}% of the draw (target < 10%) ${share < 0.1 ? "PASS" : "MISS"}; per-point date mapping (before) ${ms(t.perpoint)}`,
    );
  }
  reportLoad("realcharts");
  return 0;
}

runBench("realcharts", main);
