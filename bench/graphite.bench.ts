// graphite() overhead: with every model call at a fixed 300 ms (the loopback demo server), a run
// should take about 2 model round trips (coders in parallel, then the judge) plus the sandbox,
// plus little else. Budget: 2 x 300 ms + the slower of the two sandbox runs + 60 ms, where the
// sandbox runs are timed side by side in the same process just before each graphite() run.
// Exits non-zero only if the benchmark itself could not run.
process.env.DUELLAB_DEMO_LATENCY_MS = "300";

import { performance } from "node:perf_hooks";
import { graphite, runGraphite } from "../src/lib/graphite/run";
import type { CallRequest, CallResult } from "../src/lib/providers/contract";
import type { SandboxRun } from "../src/lib/schema/sandbox";
import { buildLogCsv } from "../src/lib/graphite/buildlog";
import { ANALYST_CODE, RAW_BARS_CODE } from "../src/lib/demo/coders";
import { extractCode } from "../src/lib/graphite/code";
import { sharedSandbox } from "../src/lib/sandbox/sandbox";
import { ensureDemoServer } from "../src/lib/demo/server";
import { request } from "undici";

const LATENCY = 300;
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function main(): Promise<void> {
  const csv = buildLogCsv();
  const sb = await sharedSandbox();
  const codes = [extractCode(RAW_BARS_CODE).code, extractCode(ANALYST_CODE).code];
  const files = { "data.csv": csv };
  // Warm-up: first sandbox runs and the first model calls (server start) are not what we measure.
  for (const code of codes) await sb.run({ code, files });
  await graphite({
    csv,
    question: "warm-up",
    a: { provider: "demo", model: "raw-bars" },
    b: { provider: "demo", model: "analyst" },
    judge: { provider: "demo", model: "judge" },
    display: false,
  });

  // What "a 300 ms call" really costs here: a bare undici request to the same server, same run.
  // (On this kind of VM a 300 ms timer fires a few percent late, and waking from idle adds more.)
  const base = await ensureDemoServer();
  const bareCall = async (): Promise<number> => {
    const t = performance.now();
    const res = await request(`${base}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "judge", messages: [{ role: "user", content: `ping ${Math.random()}` }] }),
    });
    await res.body.text();
    return performance.now() - t;
  };
  await bareCall();
  const bare: number[] = [];
  const budgetsMeasured: number[] = [];
  const totals: number[] = [];
  const budgets: number[] = [];
  const slower: number[] = [];
  const sums: number[] = [];
  const both: number[] = [];
  const stages: Record<string, number[]> = {};
  for (let i = 0; i < ROUNDS; i++) {
    const times: number[] = [];
    for (const code of codes) {
      const t = performance.now();
      const r = await sb.run({ code, files });
      if (r.status !== "ok") throw new Error(`reference snippet ended ${r.status}`);
      times.push(performance.now() - t);
    }
    const t2 = performance.now();
    await Promise.all(codes.map((code) => sb.run({ code, files })));
    both.push(performance.now() - t2);
    const call = Math.max(await bareCall(), await bareCall());
    bare.push(call);
    const slow = Math.max(...times);
    slower.push(slow);
    sums.push(times[0]! + times[1]!);
    const t0 = performance.now();
    const r = await graphite({
      csv,
      question: `Which stack is slowest? (round ${i + 1})`,
      a: { provider: "demo", model: "raw-bars" },
      b: { provider: "demo", model: "analyst" },
      judge: { provider: "demo", model: "judge" },
      display: false,
    });
    const total = performance.now() - t0;
    if (r.charts.a.run.status !== "ok" || r.charts.b.run.status !== "ok" || !r.judge) throw new Error("the benchmark run did not complete");
    totals.push(total);
    budgets.push(2 * LATENCY + slow + 60);
    budgetsMeasured.push(2 * call + slow + 60);
    for (const [k, v] of Object.entries(r.timings.stages)) (stages[k] ??= []).push(v);
  }
  const f = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`graphite(): ${ROUNDS} runs, every model call ${LATENCY} ms (loopback demo server), real sandbox`);
  console.log(`  sandbox, one run each (slower of the two), median: ${f(median(slower))}`);
  console.log(`  sandbox, both submitted concurrently, median:       ${f(median(both))}`);
  console.log(`  graphite() total, median:                           ${f(median(totals))}`);
  console.log(
    `  stages, median: ${Object.entries(stages)
      .map(([k, v]) => `${k} ${f(median(v))}`)
      .join(", ")}`,
  );
  const ratios = totals.map((t, i) => t / budgets[i]!);
  console.log(`  budget 2 x ${LATENCY} + slower sandbox run + 60 ms, median: ${f(median(budgets))}`);
  console.log(
    `  ratio total / nominal budget: median ${median(ratios).toFixed(2)} (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}) — ${median(ratios) <= 1 ? "within budget" : "OVER budget"}`,
  );
  const measuredRatios = totals.map((t, i) => t / budgetsMeasured[i]!);
  console.log(`  a bare undici request to the same ${LATENCY} ms server, same rounds, median: ${f(median(bare))}`);
  console.log(`  budget 2 x bare call + slower sandbox run + 60 ms, median: ${f(median(budgetsMeasured))}`);
  console.log(
    `  ratio total / measured budget: median ${median(measuredRatios).toFixed(2)} (min ${Math.min(...measuredRatios).toFixed(2)}, max ${Math.max(...measuredRatios).toFixed(2)}) — ${median(measuredRatios) <= 1 ? "within budget" : "OVER budget"}`,
  );
  // The two sandbox runs overlap (the sandbox runs up to two at once): back to back would cost more.
  console.log(`  the two sandbox runs back to back would take, median: ${f(median(sums))}; submitted together: ${f(median(both))}`);
  // graphite()'s own work alone: instant scripted models and the two recorded sandbox runs.
  const recorded: SandboxRun[] = [];
  for (const code of codes) recorded.push(await sb.run({ code, files }));
  const judgeJson = '{"a":{"insight":3,"clarity":4,"verdict":"x"},"b":{"insight":8,"clarity":9,"verdict":"y"},"ship":"b"}';
  const instant = async (req: CallRequest): Promise<CallResult> => {
    const content = req.slotName === "judge" ? judgeJson : codes[req.slotName === "a" ? 0 : 1]!;
    const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
    return {
      content,
      usage,
      reasoningTokens: null,
      finishReason: "stop",
      latencyMs: 0,
      retriedEmpty: false,
      promptSha256: "0".repeat(64),
      record: {
        role: req.role,
        slot: req.slotName,
        model: "m",
        usage,
        reasoningTokens: null,
        finishReason: "stop",
        latencyMs: 0,
        retriedEmpty: false,
        error: null,
      },
    };
  };
  const own: number[] = [];
  for (let i = 0; i < 2 * ROUNDS; i++) {
    const t = performance.now();
    await runGraphite(
      {
        csv,
        question: "overhead",
        a: { provider: "demo", model: "raw-bars" },
        b: { provider: "demo", model: "analyst" },
        judge: { provider: "demo", model: "judge" },
        display: false,
      },
      { callModel: instant, sandbox: async () => ({ run: async (req) => recorded[req.code === codes[0] ? 0 : 1]! }) },
    );
    own.push(performance.now() - t);
  }
  console.log(
    `  graphite()'s own work (instant models, recorded sandbox runs: CSV, prompts, faithfulness, facts, judge parse), median: ${f(median(own))} (budget slack: 60 ms)`,
  );
  await sb.close();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`graphite benchmark could not run: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
