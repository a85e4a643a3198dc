// What a graphite run publishes to its widget: each published state stays as it was published
// while the run goes on (a repair that works, a repair that fails, the user editing the result
// returned), it is plain data, and it is the result as JSON gives it
// (../../../src/lib/graphite/published.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import { publishedCopy } from "../../../src/lib/graphite/published";
import { runGraphite, type GraphiteRun } from "../../../src/lib/graphite/run";
import type { GraphiteDeps } from "../../../src/lib/graphite/session";
import { startLiveRun, type LiveRun } from "../../../src/lib/run/live";
import type { SandboxRun } from "../../../src/lib/schema/sandbox";
import { callResult } from "../support/fake-client";
import { run as fakeRun, figure, series } from "./make";

const slot = (model: string) => ({ provider: "demo" as const, model });
const base = { csv: buildLogCsv(), question: "What changed?", a: slot("x"), b: slot("y"), judge: slot("judge"), display: false };
const JUDGE = '{"a":{"insight":4,"clarity":5,"verdict":"ok"},"b":{"insight":7,"clarity":8,"verdict":"better"},"ship":"b"}';
const CRASHING = 'import pandas as pd\ndf = pd.read_csv("data.csv")\ndf["language"]\n';
const WORKING = 'import pandas as pd\ndf = pd.read_csv("data.csv")\ndf["build_seconds"].plot()\n';
const SANDBOX_DIES = "# the sandbox dies on this one\n";
const TB = "Traceback (most recent call last):\n  File \"snippet.py\", line 3, in <module>\nKeyError: 'language'\n";

/** A run with 2,000 points in its series. */
const drawn = () =>
  fakeRun({ figures: [figure([series({ x: Array.from({ length: 2000 }, (_, i) => i), y: Array.from({ length: 2000 }, (_, i) => (i * 7) % 13) })])] });

/** A graphite run whose every published state is kept beside its JSON text at the time. */
async function recordedRun(repairs: string[]): Promise<{ r: GraphiteRun; published: { state: any; text: string }[] }> {
  const published: { state: any; text: string }[] = [];
  const startLive = (o: Parameters<typeof startLiveRun>[0]): LiveRun => ({
    ...startLiveRun(o),
    publish: (state) => published.push({ state, text: JSON.stringify(state) }),
  });
  let repair = 0;
  const callModel: GraphiteDeps["callModel"] = async (req) => {
    const content = req.slotName === "judge" ? JUDGE : req.role === "A-repair" ? repairs[repair++]! : req.slotName === "a" ? CRASHING : WORKING;
    return callResult(req, content, { usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 }, latencyMs: 5, promptSha256: "0".repeat(64) });
  };
  const sandbox: GraphiteDeps["sandbox"] = async () => ({
    run: async (req): Promise<SandboxRun> => {
      if (req.code === SANDBOX_DIES) throw new Error("the sandbox process died");
      return req.code === CRASHING ? fakeRun({ status: "error", pngs: [], traceback: TB }) : drawn();
    },
  });
  const r = await runGraphite(base, { callModel, sandbox, startLive });
  return { r, published };
}

test("a published state stays as it was published: through a repair that works, one that fails, and edits to the result", { timeout: 60_000 }, async () => {
  const { r, published } = await recordedRun([SANDBOX_DIES, WORKING]);
  const afterRun = published.length;
  assert.ok(afterRun >= 2, "the run published after executing and when finished");
  const first = published[0]!.state;
  assert.equal(first.charts.a.run.status, "error");
  assert.equal(first.charts.a.attempts.length, 1);

  await assert.rejects(r.repair("a"), /The repair of chart A failed while executing/);
  await r.repair("a");
  // The user edits the result they were given, in place, at every level.
  r.charts.a.code = "edited";
  r.charts.a.attempts.push(r.charts.a.attempts[0]!);
  r.charts.b.faithfulness.checks[0]!.detail = "edited";
  r.warnings.push("edited");
  (r.judge as { ship: string }).ship = "edited";

  assert.ok(published.length > afterRun + 1, "the failed repair and the working one published too");
  for (const [i, p] of published.entries())
    assert.deepEqual(p.state, JSON.parse(p.text), `published state ${i + 1} of ${published.length} changed after it was published`);
  const failed = published[afterRun]!.state;
  assert.equal(failed.charts.a.run.status, "error");
  assert.ok(failed.warnings.some((w: string) => w.startsWith("The repair of chart A failed while executing")));
  const last = published.at(-1)!.state;
  assert.equal(last.charts.a.run.status, "ok");
  assert.equal(last.charts.a.attempts.length, 2, "the initial attempt and the repair that ran (the sandbox failed the other)");
  assert.equal(last.charts.a.code, WORKING);
  assert.equal(last.judge.round, 2);
  assert.equal(first.charts.a.attempts.length, 1, "the first state still shows the first attempt only");
  assert.equal(typeof last.repair, "undefined", "published state is plain data");
});

test("the published copy is the result as JSON gives it, every array its own, undefined and functions left out", { timeout: 60_000 }, async () => {
  const { r } = await recordedRun([]);
  const copy = publishedCopy(r);
  assert.deepEqual(copy, JSON.parse(JSON.stringify(r)));
  assert.equal(typeof (copy as { repair?: unknown }).repair, "undefined");
  const ys = r.charts.b.run.figures[0]!.data[0]!.y;
  assert.equal(ys.length, 2000);
  assert.notEqual(copy.charts.b.run.figures[0]!.data[0]!.y, ys, "the raw points are copied: an edit to them does not reach the copy");
  ys[0] = 99;
  assert.equal(copy.charts.b.run.figures[0]!.data[0]!.y[0], 0);
  r.warnings.push("later");
  assert.ok(!copy.warnings.includes("later"));

  const made = publishedCopy({ a: 1, gone: undefined, f: () => 1, list: [{ n: 1 }], values: [null, 2], empty: [] as number[] });
  assert.deepEqual(made, { a: 1, list: [{ n: 1 }], values: [null, 2], empty: [] });
});
