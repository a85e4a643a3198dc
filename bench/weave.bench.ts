// weave() against loopback demo models whose every call takes a fixed 300 ms. The critical path is
// three calls deep (A ∥ B, extract A ∥ B, classify), so a run should take 900 ms plus at most 60 ms
// of our own overhead. The same runs against a 0 ms server, interleaved, show that overhead alone.
import { startDemoServer } from "../src/lib/demo/server";
import { DEMO_QUESTIONS } from "../src/lib/demo/questions";
import { weave } from "../src/lib/weave/run";
import type { WeaveResult } from "../src/lib/schema/weave";

const LATENCY_MS = 300;
const DEPTH = 3;
const BUDGET_MS = 60;
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function once(url: string): Promise<{ ms: number; r: WeaveResult }> {
  const slot = (model: string) => ({ provider: "custom" as const, baseUrl: url, model });
  const t = performance.now();
  const r = await weave({ question: DEMO_QUESTIONS[0]!, a: slot("atlas"), b: slot("beacon"), judge: slot("judge"), display: false });
  return { ms: performance.now() - t, r };
}

async function main() {
  const slow = await startDemoServer({ latencyMs: LATENCY_MS });
  const fast = await startDemoServer({ latencyMs: 0 });
  try {
    await once(fast.url); // warm up module loading and connections
    await once(slow.url);
    const slowMs: number[] = [];
    const fastMs: number[] = [];
    let last: WeaveResult | null = null;
    for (let i = 0; i < RUNS; i++) {
      const s = await once(slow.url);
      slowMs.push(s.ms);
      last = s.r;
      fastMs.push((await once(fast.url)).ms);
    }
    const critical = DEPTH * LATENCY_MS;
    const total = median(slowMs);
    const overhead = total - critical;
    const fmt = (n: number) => n.toFixed(1);
    console.log(`weave on demo models, every call ${LATENCY_MS} ms, ${RUNS} runs (median), interleaved with a 0 ms server`);
    console.log(`  measured total        ${fmt(total)} ms  (runs: ${slowMs.map(fmt).join(", ")})`);
    console.log(`  critical path         ${critical} ms  (${DEPTH} calls deep: A ∥ B, extract A ∥ B, classify)`);
    console.log(`  overhead              ${fmt(overhead)} ms  (budget ${BUDGET_MS} ms: ${overhead <= BUDGET_MS ? "within" : "OVER"})`);
    console.log(`  total / critical      ${(total / critical).toFixed(3)}`);
    console.log(`  same run at 0 ms      ${fmt(median(fastMs))} ms  (our whole cost with no model time)`);
    if (last) {
      // Attribute the last run's overhead: time the client spent beyond the server's fixed latency
      // on the critical path (per call record), and what is left, which is weave's own.
      const lat = (role: string) => last!.calls.filter((c) => c.role === role).map((c) => c.latencyMs);
      const inCalls =
        Math.max(...lat("A"), ...lat("B")) + Math.max(...lat("judge-extract-A"), ...lat("judge-extract-B")) + Math.max(...lat("judge-classify")) - critical;
      const lastTotal = last.timings.totalMs;
      console.log(
        `  last run ${lastTotal} ms   = ${critical} ms model latency + ${inCalls} ms in the client beyond it + ${lastTotal - critical - inCalls} ms weave's own`,
      );
      const st = last.timings.stages;
      console.log(
        `  stages (last run)     ${Object.entries(st)
          .map(([k, v]) => `${k} ${v} ms`)
          .join(", ")}`,
      );
      console.log(`  sequential would be   ${5 * LATENCY_MS} ms (5 calls): concurrency saves ${(5 * LATENCY_MS - total).toFixed(0)} ms`);
    }
  } finally {
    await slow.close();
    await fast.close();
  }
}

main().catch((e) => {
  console.error(`weave benchmark could not run: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
