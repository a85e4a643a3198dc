import { test } from "node:test";
import assert from "node:assert/strict";
import { graphiteMany, runGraphiteMany } from "../../../src/lib/batch/graphite-many";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import type { CallRequest } from "../../../src/lib/providers/contract";
import type { FigureMeasure, SandboxRun } from "../../../src/lib/schema/sandbox";
import { signTest, wilson } from "../../../src/lib/stats/binomial";
import { lastUser, scripted } from "./support";

// Twenty tasks whose outcomes are fixed by construction: A crashes on tasks 0 and 1 (its repair
// fixes task 0 only), B crashes on 2, 3 and 4 (its repair fixes 2 and 3), and the judge ships A on
// tasks 0–13 and B on 14–19. So A's designed win rate is 14/20 = 0.7.
const N = 20;
const crashesFirst = { a: new Set([0, 1]), b: new Set([2, 3, 4]) };
const repairFixes = { a: new Set([0]), b: new Set([2, 3]) };
const shipOf = (k: number) => (k < 14 ? "a" : "b");
const taskNo = (text: string) => Number(/Task: Task (\d+)\?/.exec(text)?.[1] ?? NaN);

const code = (crash: boolean, k: number) =>
  [
    "import pandas as pd",
    "import matplotlib.pyplot as plt",
    "df = pd.read_csv('data.csv')",
    `plt.plot(df['build_seconds'])  # task ${k}`,
    crash ? "df['CRASH']" : "",
    "plt.savefig('chart.png')",
  ].join("\n");

function model(req: CallRequest) {
  const text = lastUser(req);
  const k = taskNo(text);
  if (req.slotName === "judge") {
    const ship = shipOf(k);
    return scripted(req, JSON.stringify({ a: { insight: 7, clarity: 7, verdict: "fine" }, b: { insight: 6, clarity: 6, verdict: "fine" }, ship }));
  }
  const side = req.slotName as "a" | "b";
  const repair = req.role.endsWith("-repair");
  const crash = repair ? !repairFixes[side].has(k) : crashesFirst[side].has(k);
  return scripted(req, code(crash, k));
}

const fig: FigureMeasure = {
  figsizeIn: [10, 5],
  dpi: 100,
  axes: 1,
  lines: 1,
  patches: 0,
  titles: 1,
  xlabels: 1,
  ylabels: 1,
  legends: 0,
  distinctColors: ["#1f77b4"],
  overlappingText: 0,
  outsideArtists: 0,
  emptyAxes: 0,
  axisLabels: [{ title: "t", xlabel: "x", ylabel: "y" }],
  data: [],
};
const sandboxRun = (ok: boolean): SandboxRun => ({
  status: ok ? "ok" : "error",
  pngs: ok ? [{ base64: "iVBORw0KGgo=", width: 1000, height: 500, bitDepth: 8, colorType: 6 }] : [],
  figures: ok ? [fig] : [],
  stdout: "",
  stderr: ok ? "" : "KeyError: 'CRASH'",
  traceback: ok ? null : "Traceback (most recent call last):\n  File \"chart.py\", line 5\nKeyError: 'CRASH'",
  violations: [],
  durationMs: 5,
  layers: {},
  notes: [],
});
const sandbox = async () => ({ run: async (req: { code: string }) => sandboxRun(!req.code.includes("CRASH")) });

test("a graphite batch of designed outcomes gives the designed win rate, a CI covering it, and the designed grid", async () => {
  const tasks = Array.from({ length: N }, (_, k) => `Task ${k}?`);
  const slots = {
    a: { provider: "demo" as const, model: "analyst" },
    b: { provider: "demo" as const, model: "raw-bars" },
    judge: { provider: "demo" as const, model: "judge" },
  };
  const r = await runGraphiteMany(tasks, { csv: buildLogCsv(), ...slots, concurrency: 4, display: false }, { callModel: async (req) => model(req), sandbox });
  assert.equal(r.status, "done");
  assert.equal(r.progress.done, N);
  const g = r.aggregates!;
  assert.equal(g.kind, "graphite");
  if (g.kind !== "graphite") return;
  assert.equal(g.winRate.value, 0.7);
  assert.equal(g.winRate.aWins.length, 14);
  assert.equal(g.winRate.bWins.length, 6);
  assert.ok(g.winRate.lo! < 0.7 && 0.7 < g.winRate.hi!);
  const w = wilson(14, 20);
  assert.deepEqual([g.winRate.lo, g.winRate.hi], [w.lo, w.hi]);
  assert.equal(g.winRate.signTestP, signTest(14, 6));
  assert.ok(Math.abs(g.winRate.signTestP! - 0.1153183) < 1e-6);
  assert.deepEqual([g.firstTry.a!.value, g.afterRepair.a!.value, g.firstTry.b!.value, g.afterRepair.b!.value], [18 / 20, 19 / 20, 17 / 20, 19 / 20]);
  const key = (k: number) => r.items[k]!.key;
  assert.deepEqual(g.grid.onlyB, [key(1)]);
  assert.deepEqual(g.grid.onlyA, [key(4)]);
  assert.deepEqual(g.grid.bothFailed, []);
  assert.equal(g.grid.bothSucceeded.length, 18);
  // The win-rate runs open exactly the runs that were decided.
  assert.deepEqual(new Set(g.winRate.runs), new Set(r.items.map((i) => i.key)));
  assert.equal(r.items[1]!.summary!.repairs!.a, 1);
  assert.match(String(r), /A's win rate 70\.0% \(95% CI 48\.1%–85\.5%, 14–6, sign test p=0\.115\)/);
});

test("graphite batch input errors name the task", async () => {
  await assert.rejects(
    graphiteMany(["Q?"], {
      a: { provider: "demo", model: "analyst" },
      b: { provider: "demo", model: "crasher" },
      judge: { provider: "demo", model: "judge" },
      display: false,
    }),
    /Task 1 of the batch names no CSV and no default was given/,
  );
});

test("on the real sandbox and demo models: the crasher fails first, its repair renders", async () => {
  const r = await graphiteMany(["Did the build cache make builds faster?"], {
    csv: buildLogCsv(),
    a: { provider: "demo", model: "analyst" },
    b: { provider: "demo", model: "crasher" },
    judge: { provider: "demo", model: "judge" },
    display: false,
  });
  const s = r.items[0]!.summary!;
  assert.deepEqual(s.firstTryOk, { a: true, b: false });
  assert.deepEqual(s.finalOk, { a: true, b: true });
  assert.deepEqual(s.repairs, { a: 0, b: 1 });
  const g = r.aggregates!;
  if (g.kind !== "graphite") throw new Error("not graphite");
  assert.equal(g.firstTry.b!.value, 0);
  assert.equal(g.afterRepair.b!.value, 1);
});
