// weaveMany() over 100 questions against loopback demo models whose every call takes a fixed
// 300 ms, 8 at a time. Each weave is three calls deep (A ∥ B, extract A ∥ B, classify), so the
// ideal is 100 × 3 × 300 ms / 8 = 11.25 s; the target is within 1.2 × that. The same batch at 0 ms,
// measured in the same process, shows the batch's own CPU cost (which on a shared 2-core box is
// what eats into the margin).
import { runWeaveMany } from "../src/lib/batch/weave-many";
import { DEMO_QUESTIONS } from "../src/lib/demo/questions";
import { startDemoServer } from "../src/lib/demo/server";
import os from "node:os";

const LATENCY_MS = 300;
const ITEMS = 100;
const CONCURRENCY = 8;
const DEPTH = 3;
const TARGET = 1.2;

async function batch(url: string, items: number) {
  const slot = (model: string) => ({ provider: "custom" as const, baseUrl: url, model });
  const questions = Array.from({ length: items }, (_, i) => DEMO_QUESTIONS[i % DEMO_QUESTIONS.length]!);
  const t = performance.now();
  const r = await runWeaveMany(questions, { a: slot("atlas"), b: slot("beacon"), judge: slot("judge"), concurrency: CONCURRENCY, display: false });
  return { ms: performance.now() - t, r };
}

async function main() {
  const slow = await startDemoServer({ latencyMs: LATENCY_MS });
  const fast = await startDemoServer({ latencyMs: 0 });
  try {
    await batch(fast.url, 8); // warm up module loading and connections
    const zero = await batch(fast.url, ITEMS);
    const real = await batch(slow.url, ITEMS);
    const ideal = (ITEMS * DEPTH * LATENCY_MS) / CONCURRENCY;
    const ratio = real.ms / ideal;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`weaveMany: ${ITEMS} questions, concurrency ${CONCURRENCY}, every call ${LATENCY_MS} ms (loopback demo server)`);
    console.log(`  measured              ${s(real.ms)}  (${real.r.progress.done} done, ${real.r.progress.failed} failed, ${real.r.cost.calls} calls)`);
    console.log(`  ideal                 ${s(ideal)}  (${ITEMS} × ${DEPTH} × ${LATENCY_MS} ms / ${CONCURRENCY})`);
    console.log(`  measured / ideal      ${ratio.toFixed(3)}  (target ≤ ${TARGET}: ${ratio <= TARGET ? "within" : "OVER"})`);
    const floor = Math.ceil(ITEMS / CONCURRENCY) * DEPTH * LATENCY_MS;
    console.log(`  item-granular floor   ${s(floor)}  (${Math.ceil(ITEMS / CONCURRENCY)} waves of whole items; floor / ideal ${(floor / ideal).toFixed(3)})`);
    console.log(`  same batch at 0 ms    ${s(zero.ms)}  (the batch's own cost with no model time)`);
    console.log(
      `  per item at 300 ms    ${(real.ms / ITEMS).toFixed(0)} ms wall / item; ${((real.ms * CONCURRENCY) / ITEMS).toFixed(0)} ms per item per slot (ideal ${DEPTH * LATENCY_MS})`,
    );
    console.log(
      `  load average          ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${os.cpus().length} cores (other work on the box slows the 300 ms batch too)`,
    );
    if (real.r.progress.done !== ITEMS)
      console.log(`  note: only ${real.r.progress.done} of ${ITEMS} items finished: ${real.r.items.find((i) => i.error)?.error ?? ""}`);
  } finally {
    await slow.close();
    await fast.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`batch bench could not run: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
