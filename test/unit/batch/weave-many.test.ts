import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runWeaveMany, weaveMany } from "../../../src/lib/batch/weave-many";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { startDemoServer } from "../../../src/lib/demo/server";
import { startLiveRun } from "../../../src/lib/run/live";
import type { BatchResult } from "../../../src/lib/schema/batch";
import type { WeaveResult } from "../../../src/lib/schema/weave";
import { answerQuestion, counting, DEMO } from "./support";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "dl-batch-"));
const [Q0, Q1] = DEMO_QUESTIONS as [string, string];

test("a batch of designed demo questions gives the designed consensus, and its interval covers it", async () => {
  // The demo claim bank makes atlas vs beacon 41.2% on Q0 and 45.5% on Q1, every time.
  const one0 = (await weaveMany([Q0], { ...DEMO, display: false })).items[0]!.summary!.consensus;
  const one1 = (await weaveMany([Q1], { ...DEMO, display: false })).items[0]!.summary!.consensus;
  assert.deepEqual([one0, one1], [41.2, 45.5]);
  const r = await weaveMany([Q0, Q1, Q0, Q1, Q0, Q1], { ...DEMO, concurrency: 3, display: false });
  assert.equal(r.status, "done");
  assert.equal(r.progress.done, 6);
  const a = r.aggregates!;
  assert.equal(a.kind, "weave");
  if (a.kind !== "weave") return;
  assert.ok(Math.abs(a.consensus.value! - (41.2 + 45.5) / 2) < 1e-9);
  assert.ok(a.consensus.lo! <= 43.35 && 43.35 <= a.consensus.hi!);
  assert.ok(a.consensus.lo! >= 41.2 && a.consensus.hi! <= 45.5);
  assert.equal(a.consensus.n, 6);
  assert.deepEqual([...a.consensus.runs].sort(), r.items.map((i) => i.key).sort());
  assert.deepEqual(a.consensusSpread, { min: 41.2, q1: 41.2, median: 43.35, q3: 45.5, max: 45.5 });
  assert.equal(a.perModel.a!.model, "atlas");
  // The cost is the sum of every run's own call records.
  const tokens = r.items.flatMap((i) => (i.result as WeaveResult).calls).reduce((s, c) => s + (c.usage.totalTokens ?? 0), 0);
  assert.equal(r.cost.totalTokens, tokens);
  assert.equal(r.cost.calls, 6 * 5);
  assert.match(
    String(r),
    /^Batch of 6 weave runs \(done\): 6 done, 0 failed · consensus 43\.4% \(95% CI 4\d\.\d%–4\d\.\d%, n=6\) · [\d,]+ tokens in 30 calls$/,
  );
});

test("an interrupted batch resumes from its results file without asking a finished item again", async () => {
  const file = path.join(tmp(), "results.jsonl");
  const questions = [Q0, Q1, "Resume question 3?", "Resume question 4?", "Resume question 5?", "Resume question 6?"];
  const ctl = new AbortController();
  const first = counting();
  const r1 = await runWeaveMany(
    questions,
    { ...DEMO, concurrency: 2, resultsFile: file, signal: ctl.signal, display: false },
    {
      callModel: first.callModel,
      onItemEnd: (item) => {
        if (item.status === "done" && !ctl.signal.aborted) ctl.abort(new Error("test interrupt"));
      },
    },
  );
  assert.equal(r1.status, "cancelled");
  const doneFirst = r1.items.filter((i) => i.status === "done");
  assert.ok(doneFirst.length >= 1 && doneFirst.length < 6, `done in first run: ${doneFirst.length}`);
  assert.match(r1.warnings.at(-1)!, /The batch was cancelled: \d of 6 items are done; run it again with the same resultsFile/);

  const second = counting();
  const r2 = await runWeaveMany(questions, { ...DEMO, concurrency: 2, resultsFile: file, display: false }, { callModel: second.callModel });
  assert.equal(r2.status, "done");
  assert.equal(r2.progress.done, 6);
  assert.equal(r2.progress.resumed, doneFirst.length);
  const askedAgain = new Set(second.calls.filter((c) => c.role === "A").map(answerQuestion));
  for (const d of doneFirst) assert.ok(!askedAgain.has(d.question), `asked again: ${d.question}`);
  // Exactly the unfinished items were asked, each once per answer, extraction and classification.
  assert.equal(askedAgain.size, 6 - doneFirst.length);
  assert.equal(second.calls.length, 5 * (6 - doneFirst.length));
  // The resumed items are the stored runs themselves.
  for (const d of doneFirst) {
    const again = r2.items.find((i) => i.key === d.key)!;
    assert.equal(again.resumed, true);
    assert.equal((again.result as WeaveResult).runId, (d.result as WeaveResult).runId);
  }
  // A third run asks nothing at all.
  const third = counting();
  const r3 = await runWeaveMany(questions, { ...DEMO, resultsFile: file, display: false }, { callModel: third.callModel });
  assert.equal(third.calls.length, 0);
  assert.equal(r3.progress.resumed, 6);
  assert.match(r3.warnings[0]!, /6 of 6 items were read back from .*results\.jsonl and not asked again/);
  // Other models cannot resume this file.
  await assert.rejects(
    runWeaveMany(questions, { ...DEMO, b: { provider: "demo", model: "cedar" }, resultsFile: file, display: false }),
    /was written for other models .*b=demo:beacon.*not these .*b=demo:cedar/,
  );
});

test("rate limits are waited out and retried; an auth error fails its item at once and the rest go on", async () => {
  let limited = 0;
  const c = counting((req) => {
    const q = req.role === "A" ? answerQuestion(req) : "";
    if (q === "Limited?" && limited < 1) {
      limited++;
      return "rate-limit";
    }
    if (q === "Locked?") return "auth";
    return null;
  });
  const waits: number[] = [];
  const r = await runWeaveMany(
    ["Limited?", "Locked?", "Fine?"],
    { ...DEMO, concurrency: 1, retry: { baseDelayMs: 40 }, display: false },
    {
      callModel: c.callModel,
      random: () => 0.5,
      sleep: async (ms) => void waits.push(ms),
    },
  );
  const [lim, locked, fine] = r.items;
  assert.equal(lim!.status, "done");
  assert.equal(lim!.attempts, 2);
  assert.equal(waits[0], 40);
  assert.equal(locked!.status, "failed");
  assert.equal(locked!.attempts, 1);
  assert.match(locked!.error!, /Model A could not answer: Slot a: scripted auth failure\./);
  assert.equal(fine!.status, "done");
  assert.equal(r.progress.retries, 1);
  assert.equal(r.progress.failed, 1);
  // The rate-limited try's call is paid for and counted; so is the one B made before it was stopped.
  assert.ok(r.cost.failedTryTokens! >= 11);
  assert.equal(
    r.cost.calls,
    r.items.reduce((s, i) => s + i.calls.length, 0),
  );
  assert.ok(lim!.calls.some((cr) => cr.error?.includes("scripted rate-limit")));
});

test("bad input gets one sentence before any call", async () => {
  await assert.rejects(weaveMany([Q0], { ...DEMO, concurrency: 0, display: false }), /concurrency must be a whole number from 1 to 64 \(got 0\)\./);
  await assert.rejects(weaveMany([Q0, "x".repeat(20000)], { ...DEMO, display: false }), /Question 2 of the batch: The question is 20000 characters long/);
  await assert.rejects(weaveMany([Q0], { a: DEMO.a, b: DEMO.b, display: false } as never), /Question 1 of the batch: Slot judge is missing/);
  await assert.rejects(weaveMany([], { ...DEMO, display: false }), /The task list is empty/);
});

test("the live widget gets throttled progress: done, running, ETA, cost; the last state is final", { timeout: 120_000 }, async (t) => {
  const published: BatchResult[] = [];
  // The answers to Q1 wait until the batch has been published mid-way with two runs going (both
  // Q0 runs done, both Q1 runs held): that state exists however fast or loaded the machine is.
  const srv = await startDemoServer();
  const hold = srv.hold((c) => c.prompt.includes(Q1));
  t.signal.addEventListener("abort", () => hold.open());
  const startLive: typeof startLiveRun = (o) => {
    const live = startLiveRun({ ...o, display: false });
    const publish = (r: unknown) => {
      const s = structuredClone(r) as BatchResult;
      published.push(s);
      if (s.progress.done > 0 && s.progress.running === 2 && s.progress.etaMs !== null) hold.open();
    };
    return { ...live, handle: { id: "fake" } as never, publish };
  };
  const slot = (model: string) => ({ provider: "custom" as const, baseUrl: srv.url, model });
  const r = await runWeaveMany(
    [Q0, Q1, Q0, Q1],
    { a: slot("atlas"), b: slot("beacon"), judge: slot("judge"), concurrency: 2, display: false },
    { startLive, publishEveryMs: 0 },
  ).finally(() => srv.close());
  assert.ok(published.length >= 3, `publishes: ${published.length}`);
  assert.equal(published[0]!.progress.done, 0);
  assert.equal(published[0]!.progress.etaMs, null);
  const done = published.map((p) => p.progress.done);
  assert.deepEqual(
    done,
    [...done].sort((x, y) => x - y),
  );
  assert.ok(published.some((p) => p.progress.running === 2));
  assert.ok(published.some((p) => p.progress.done > 0 && p.progress.done < 4 && p.progress.etaMs !== null));
  const last = published.at(-1)!;
  assert.equal(last.status, "done");
  assert.equal(last.progress.done, 4);
  assert.equal(last.cost.totalTokens, r.cost.totalTokens);
  assert.equal(JSON.stringify(last).includes("apiKey"), false);
});

test("an N-model batch aggregates per model over every side, the core share and groups by size", async () => {
  const s = (model: string) => ({ provider: "demo" as const, model });
  const r = await weaveMany([Q0, Q0], { models: [s("atlas"), s("beacon"), s("cedar")], judge: s("judge"), display: false });
  const a = r.aggregates!;
  if (a.kind !== "weave") throw new Error("not weave");
  assert.deepEqual(Object.keys(a.perModel), ["a", "b", "c"]);
  assert.equal(a.perModel.c!.model, "cedar");
  // Recomputed from the stored runs' raw counts, not copied.
  const d = (r.items[0]!.result as WeaveResult).multi!.distribution;
  assert.equal(a.coreShare!.value, Math.round((d.all / d.groups) * 1000) / 10);
  for (const k of ["1", "2", "3"]) assert.equal(a.groupsBySize![k]!.value, Math.round(((d.byCount[k] ?? 0) / d.groups) * 1000) / 10);
  const sum = ["1", "2", "3"].reduce((t, k) => t + a.groupsBySize![k]!.value!, 0);
  assert.ok(Math.abs(sum - 100) < 0.2, String(sum));
  const claimsC = (r.items[0]!.result as WeaveResult).claims.c!.length;
  const sharedC = (r.items[0]!.result as WeaveResult).multi!.groups.filter((g) => g.size >= 2 && g.members.c !== undefined).length;
  assert.equal(a.perModel.c!.shared.value, Math.round((sharedC / claimsC) * 1000) / 10);
});
