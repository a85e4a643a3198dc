// A live run outside a kernel: nothing is displayed, everything else works the same.
import assert from "node:assert/strict";
import { test } from "node:test";
import { inKernel, showWidget } from "../../src/lib/jupyter/index";
import { runSummaryText, startLiveRun } from "../../src/lib/run/live";
import { scriptedRun } from "../support/scripted-run";

const stages = [
  { id: "ask", label: "Asking" },
  { id: "judge", label: "Judging" },
  { id: "settled", label: "Settled" },
];

test("plain Node is not a kernel: showWidget returns null and displays nothing", () => {
  assert.equal(inKernel(), false);
  assert.equal(showWidget({ view: "run", run: null as never, result: null, pending: [] }, { text: "x" }), null);
});

test("outside a kernel the run has no handle but tracks, publishes and yields", async () => {
  const live = startLiveRun({ view: "weave", title: "T", stages });
  assert.equal(live.handle, null);
  live.tracker.enter("ask");
  live.publish({ partial: true });
  live.setPending(["repair-a"]);
  live.fallback({ text: "t" });
  await live.yieldToLoop();
  live.tracker.finish();
  assert.equal(live.tracker.state.status, "done");
  assert.equal(live.signal.aborted, false);
});

test("the caller's AbortSignal cancels the run and aborts its signal with the same reason", () => {
  const ac = new AbortController();
  const live = startLiveRun({ view: "run", title: "T", stages, signal: ac.signal });
  live.tracker.enter("ask");
  ac.abort(new Error("stop"));
  assert.equal(live.signal.aborted, true);
  assert.equal((live.signal.reason as Error).message, "stop");
  assert.equal(live.tracker.state.status, "cancelled");
  assert.equal(live.tracker.state.stages[0].status, "cancelled");
});

test("an already-aborted signal starts the run cancelled", () => {
  const live = startLiveRun({ view: "run", title: "T", stages, signal: AbortSignal.abort() });
  assert.equal(live.signal.aborted, true);
  assert.equal(live.tracker.state.status, "cancelled");
});

test("aborting after the run finished leaves it done", () => {
  const ac = new AbortController();
  const live = startLiveRun({ view: "run", title: "T", stages, signal: ac.signal });
  live.tracker.enter("ask");
  live.tracker.finish();
  ac.abort();
  assert.equal(live.tracker.state.status, "done");
});

test("the text summary names the status, the active or failed stage, and measured times", () => {
  let t = 1000;
  const live = startLiveRun({ view: "run", title: "Weave", stages, display: false });
  (live.tracker as unknown as { now: () => number }).now = () => t;
  live.tracker.enter("ask");
  assert.equal(runSummaryText(live.tracker.state), "Weave: running (Asking)");
  t = 1250;
  live.tracker.enter("judge");
  t = 3750;
  live.tracker.fail("judge (demo/judge-broken): no JSON");
  assert.equal(runSummaryText(live.tracker.state), "Weave: error (Judging failed: judge (demo/judge-broken): no JSON) [Asking 250 ms, Judging 2.5 s]");
});

test("the scripted run walks every stage outside a kernel and honours an abort", async () => {
  const done = await scriptedRun({ stepMs: 5 });
  assert.equal(done.status, "done");
  assert.deepEqual(Object.keys(done.durations), ["asking", "extracting", "classifying", "weaving", "settled"]);
  assert.equal(done.commId, null);
  const ac = new AbortController();
  // The first stage never ends on its own, so only the abort can end the run, however late it lands.
  const cancelled = scriptedRun({ until: () => new Promise<void>(() => {}), signal: ac.signal, onStart: () => setTimeout(() => ac.abort(), 20) });
  assert.equal((await cancelled).status, "cancelled");
});

test("the scripted run can be held: a stage ends when `until` says so, and an abort ends a held stage", async () => {
  const order: string[] = [];
  const free = await scriptedRun({ until: async (stage) => void order.push(stage) });
  assert.equal(free.status, "done");
  assert.deepEqual(order, ["asking", "extracting", "classifying", "weaving"]);
  const ac = new AbortController();
  let reached!: () => void;
  const atExtracting = new Promise<void>((r) => (reached = r));
  const held = scriptedRun({ signal: ac.signal, until: (stage) => (stage === "asking" ? Promise.resolve() : (reached(), new Promise<void>(() => {}))) });
  await atExtracting;
  ac.abort();
  const out = await held;
  assert.equal(out.status, "cancelled");
  assert.deepEqual(Object.keys(out.durations), ["asking", "extracting"], "it never got past the held stage");
});
