// graphite's faithfulness check against the sandbox, side by side in one run: every chart of the
// small CSV (the build log, 215 rows, with the 35 snippets of bench/charts/) and of a 50,000-row CSV
// (bench/graphite-check-data.ts) runs once in the real sandbox; then its measured figures are
// checked ROUNDS times on this thread (the check's own time) and once through the worker pool the
// kernel uses (what a run waits for). Prints the check's median / p90 / p99 / worst per chart beside
// the sandbox's for the same charts (target: p99 ≤ 1 s on the big CSV), how many were stopped at
// the time limit, the time reading the CSV takes on one thread beside the loop's longest hold while
// graphite() reads it (a CSV of 256 KB or more in a worker, csv-offload.ts), and the kernel's
// event-loop delay while a graphite batch of 10 tasks (20 charts, instant models, the real sandbox,
// all at once) runs on each CSV, starting with the CSV not yet read (target ≤ 50 ms), with the
// garbage collector's pauses on the kernel's thread meanwhile (gc-pauses.ts) and the kernel's heap
// before, at most during and after the batch (graphite() holds the CSV without its rows: the less
// heap, the less the collector holds the loop); then the same batch under a CPU profile
// (loop-work.ts) names the loop's longest stretch of its own work. Each batch's longest holds are
// split by the kernel thread's own scheduler counters (loop-probe.ts: on a core, of which the
// collector, beside ready but waiting for a core, which is the machine's doing), and in the
// profiled batch the profile's samples inside each hold name what ran. The check's own data (the
// CSV read here, the figures) is let go before the batch, as a kernel would not hold it.
// `--batch-only` runs the batches alone (to compare settings such as DUELLAB_HELPER_NICE=0, the
// helpers at the kernel's priority). Exits non-zero only when the bench could not run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { buildLogCsv } from "../src/lib/graphite/buildlog";
import { runGraphiteMany } from "../src/lib/batch/graphite-many";
import { forgetCsvReads, readCsv } from "../src/lib/graphite/csv";
import { csvReads, forgetCsvHeads, readCsvHead } from "../src/lib/graphite/csv-offload";
import { checkFaithfulness } from "../src/lib/graphite/faithfulness";
import { FAITH_TIMEOUT_MS, FaithPool, warmFaithPool } from "../src/lib/graphite/faith-offload";
import type { CallRequest, CallResult } from "../src/lib/providers/contract";
import type { FigureMeasure } from "../src/lib/schema/sandbox";
import { helperNice, niceThread } from "../src/lib/sandbox/priority";
import { sharedSandbox } from "../src/lib/sandbox/sandbox";
import { BIG_CHARTS, bigChartCode, bigCsv } from "./graphite-check-data";
import { watchGc } from "./gc-pauses";
import { watchLoopWork } from "./loop-work";
import { addGc, holdLines, watchHolds } from "./loop-probe";
import { reportLoad, runBench } from "./support";

const ROUNDS = 3;
const BATCH_RUNS = 10;
const P99_TARGET_MS = 1000;
const LOOP_TARGET_MS = 50;
/** `--batch-only`: the batches alone (a quicker run, to compare settings such as DUELLAB_HELPER_NICE). */
const BATCH_ONLY = process.argv.includes("--batch-only");
/** `--nice-ab=K` (with --batch-only): K pairs of batches in this one process, the helpers at nice 0 and at nice 10 in turn (0,10,10,0,…), so the machine's load falls on both alike. */
const NICE_AB = Number(/^--nice-ab=(\d+)$/.exec(process.argv.find((a) => a.startsWith("--nice-ab=")) ?? "")?.[1] ?? 0);

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (x: number) => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);
const dist = (xs: number[]) => `median ${ms(pct(xs, 0.5))}, p90 ${ms(pct(xs, 0.9))}, p99 ${ms(pct(xs, 0.99))}, worst ${ms(Math.max(...xs))}`;

interface Chart {
  name: string;
  code: string;
}

function smallCharts(): Chart[] {
  const dir = path.join(__dirname, "charts");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".py"))
    .sort()
    .map((f) => ({ name: f.replace(/\.py$/, ""), code: fs.readFileSync(path.join(dir, f), "utf8") }));
}

const bigCharts = (): Chart[] => Object.entries(BIG_CHARTS).map(([name, body]) => ({ name, code: bigChartCode(body) }));

/** Instant models: each coder answers with the chart its question names; the judge with fixed JSON. */
function instantModels(charts: Chart[]): (req: CallRequest) => Promise<CallResult> {
  const judge = '{"a":{"insight":5,"clarity":5,"verdict":"x"},"b":{"insight":6,"clarity":6,"verdict":"y"},"ship":"b"}';
  return async (req) => {
    const i = Number(/chart #(\d+)/.exec(req.messages.map((m) => m.content).join("\n"))?.[1] ?? 0);
    const content = req.slotName === "judge" ? judge : charts[(2 * i + (req.slotName === "a" ? 0 : 1)) % charts.length]!.code;
    const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
    const common = { usage, reasoningTokens: null, finishReason: "stop", latencyMs: 0, retriedEmpty: false };
    return { content, ...common, promptSha256: "0".repeat(64), record: { role: req.role, slot: req.slotName, model: "m", ...common, error: null } };
  };
}

/** The check side by side with the sandbox, then the batch; the check's data is let go before the batch (a kernel would not hold it). */
/** A graphite batch of BATCH_RUNS tasks (two charts each) on `text`, all at once, instant models, the real sandbox. */
function runBatchOf20(text: string, callModel: (req: CallRequest) => Promise<CallResult>) {
  return runGraphiteMany(
    Array.from({ length: BATCH_RUNS }, (_, i) => `chart #${i}`),
    {
      csv: text,
      a: { provider: "demo", model: "a" },
      b: { provider: "demo", model: "b" },
      judge: { provider: "demo", model: "judge" },
      concurrency: BATCH_RUNS,
      repair: false,
      display: false,
    },
    { callModel, sandbox: sharedSandbox },
  );
}

async function measureCsv(tag: string, text: string, charts: Chart[]): Promise<{ p99: number | null; loop: number }> {
  if (BATCH_ONLY && NICE_AB > 0) return { p99: null, loop: await measureNiceAB(tag, text, charts) };
  if (BATCH_ONLY) {
    console.log(`graphite-check: ${tag}: the batch only (--batch-only; helpers at nice ${helperNice()}):`);
    return { p99: null, loop: await measureBatch(text, charts, null) };
  }
  const { p99, slowestCheck } = await measureCheck(tag, text, charts);
  const loop = await measureBatch(text, charts, slowestCheck);
  return { p99, loop };
}

async function measureCheck(tag: string, text: string, charts: Chart[]): Promise<{ p99: number; slowestCheck: number }> {
  const sb = await sharedSandbox();
  forgetCsvReads();
  const tr = performance.now();
  const csv = readCsv(text);
  const readMs = performance.now() - tr;
  // The same first read as graphite() does it (its head only): the loop's longest hold while it reads.
  forgetCsvReads();
  forgetCsvHeads();
  const readLoop = monitorEventLoopDelay({ resolution: 5 });
  readLoop.enable();
  const tra = performance.now();
  const viaWorker = csvReads.worker;
  await readCsvHead(text);
  const readOffMs = performance.now() - tra;
  readLoop.disable();
  const readWhere = csvReads.worker > viaWorker ? "in a worker" : "on the kernel's thread (under 256 KB)";
  const sandboxMs: number[] = [];
  const checkMs: number[] = [];
  const offMs: number[] = [];
  const perChart: { name: string; check: number; sandbox: number }[] = [];
  const figures: FigureMeasure[][] = [];
  for (const c of charts) {
    const t = performance.now();
    const run = await sb.run({ code: c.code, files: { "data.csv": csv.text } });
    sandboxMs.push(performance.now() - t);
    if (run.status !== "ok")
      console.log(`graphite-check: ${tag}: chart "${c.name}" ended ${run.status} in the sandbox (${(run.traceback ?? "").split("\n").at(-2) ?? ""})`);
    figures.push(run.figures);
  }
  charts.forEach((c, i) => {
    const own: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const t = performance.now();
      checkFaithfulness(csv, figures[i]!);
      own.push(performance.now() - t);
    }
    checkMs.push(...own);
    perChart.push({ name: c.name, check: pct(own, 0.5), sandbox: sandboxMs[i]! });
  });
  // Through the kernel's pool: a fresh pool, so its first check includes reading the CSV in the worker.
  const pool = new FaithPool();
  let stopped = 0;
  for (const f of figures) {
    const t = performance.now();
    const v = await pool.check(csv, f);
    offMs.push(performance.now() - t);
    if (v.checks[0]?.detail.startsWith("took too long")) stopped++;
  }
  await pool.close();
  const slowest = [...perChart].sort((a, b) => b.check - a.check).slice(0, 3);
  console.log(`graphite-check: ${tag}: ${csv.rowCount} rows, ${charts.length} charts, the check ${ROUNDS}× each on this thread:`);
  console.log(
    `  reading the CSV (once per distinct text): ${ms(readMs)} on one thread; as graphite() reads it (${readWhere}): ${ms(readOffMs)}, the loop held at most ${ms(readLoop.max / 1e6)}`,
  );
  console.log(`  check, per chart:    ${dist(checkMs)}`);
  console.log(`  sandbox, same chart: ${dist(sandboxMs)}`);
  const ratios = perChart.map((p) => p.check / p.sandbox);
  console.log(`  check ÷ sandbox per chart: median ${pct(ratios, 0.5).toFixed(2)}×, worst ${Math.max(...ratios).toFixed(2)}×`);
  console.log(`  slowest checks: ${slowest.map((s) => `${s.name} ${ms(s.check)} (sandbox ${ms(s.sandbox)})`).join("; ")}`);
  console.log(
    `  through the worker pool (what a run waits for, the first check reading the CSV in the worker): ${dist(offMs)}; ${stopped} of ${charts.length} stopped at the ${FAITH_TIMEOUT_MS / 1000} s limit`,
  );
  const p99 = pct(checkMs, 0.99);
  console.log(`  p99 ${ms(p99)} against the ${P99_TARGET_MS} ms target: ${p99 <= P99_TARGET_MS ? "met" : "MISSED"}`);
  return { p99, slowestCheck: Math.max(...perChart.map((p) => p.check)) };
}

async function measureBatch(text: string, charts: Chart[], slowestCheck: number | null): Promise<number> {
  // A graphite batch of 10 tasks (20 charts), all at once, on a CSV not yet read: the kernel's loop
  // while it runs. Beside it, the same loop with nothing to do for 10 s just before (what this
  // machine's load alone does to a timer), and how busy the loop itself was (event-loop
  // utilization: its own work, not the machine's): on a machine busier than its cores the delay
  // measures the machine too.
  // The check phase above leaves 100-150 MB of its figures and readings as garbage on this heap; a
  // kernel checks in workers and never holds it, so with --expose-gc it is collected first (a
  // scavenge of it inside the batch measured the bench's own work, not graphite's).
  const collected = typeof globalThis.gc === "function" && slowestCheck !== null;
  if (collected) globalThis.gc!();
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((r) => setTimeout(r, 10_000));
  idle.disable();
  const callModel = instantModels(charts);
  forgetCsvReads();
  forgetCsvHeads();
  const reads0 = { ...csvReads };
  const batchOf20 = () => runBatchOf20(text, callModel);
  const h = monitorEventLoopDelay({ resolution: 5 });
  const t = performance.now();
  const elu0 = performance.eventLoopUtilization();
  const heap0 = process.memoryUsage().heapUsed;
  let heapPeak = heap0;
  const sampleHeap = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 100);
  const stopGc = watchGc();
  h.enable();
  const stopHolds = watchHolds();
  // Counted, then let go: the profiled batch below runs without this one's results held.
  const { charted, heapAfter } = await batchOf20().then((b) => ({
    charted: b.items.filter((it) => it.result).length * 2,
    heapAfter: process.memoryUsage().heapUsed,
  }));
  h.disable();
  const holds = stopHolds();
  clearInterval(sampleHeap);
  const gc = await stopGc();
  const elu = performance.eventLoopUtilization(elu0).utilization;
  const wall = performance.now() - t;
  // What the kernel still holds once the batch's results are let go (only under node --expose-gc:
  // a full collection here would otherwise be the bench's own doing).
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const heapLive = collect ? process.memoryUsage().heapUsed : null;
  const reads = `the CSV read ${csvReads.worker - reads0.worker} time(s) in a worker (${csvReads.slices - reads0.slices} slices of rows sent to the kernel) and ${csvReads.inline - reads0.inline} on the kernel's thread`;
  const loop = h.max / 1e6;
  console.log(
    `  a graphite batch of ${BATCH_RUNS} tasks (${charted} charts; ${reads}) in ${ms(wall)}: the event loop was held at most ${ms(loop)}, p99 ${ms(h.percentile(99) / 1e6)} (target ≤ ${LOOP_TARGET_MS} ms: ${loop <= LOOP_TARGET_MS ? "met" : "MISSED"}); the same loop idle just before: at most ${ms(idle.max / 1e6)}, p99 ${ms(idle.percentile(99) / 1e6)}; the loop was busy ${(elu * 100).toFixed(1)}% of the batch; with the check on the loop it would have been held at least ${slowestCheck === null ? "n/a (not measured with --batch-only)" : ms(slowestCheck)} (the slowest check)`,
  );
  console.log(
    `  the garbage collector on the kernel's thread during the batch: ${gc.count} pauses, the longest ${ms(gc.longestMs)} (${gc.longestKind}), ${ms(gc.totalMs)} in all`,
  );
  console.log(`  the loop's longest holds, the kernel's thread over each (Linux schedstat):`);
  for (const line of holdLines(addGc(holds, gc.entries))) console.log(`    ${line}`);
  console.log(
    `  the kernel's heap (used): ${mb(heap0)} before the batch${collected ? " (the check phase's garbage collected first)" : ""}, at most ${mb(heapPeak)} during it (sampled every 100 ms), ${mb(heapAfter)} after it with its results held${heapLive === null ? "" : `; ${mb(heapLive)} live after a full collection, its results let go`}`,
  );
  // The same batch again under a CPU profile (the profiler's own work would inflate the figures above).
  forgetCsvReads();
  forgetCsvHeads();
  const stopWatching = await watchLoopWork();
  const stopHolds2 = watchHolds(3);
  await batchOf20();
  const holds2 = stopHolds2();
  const work = await stopWatching(holds2.map((x) => ({ from: x.at, to: x.at + x.wallMs })));
  console.log(
    `  the same batch again under a CPU profile: the loop's longest stretch of its own work (no idle sample in it): ${ms(work.longestMs)}: ${work.what}`,
  );
  console.log(`  its longest holds, and the profile's samples in each:`);
  for (const [i, line] of holdLines(holds2).entries()) console.log(`    ${line}; ${work.inWindows[i]}`);
  return loop;
}

/** The helpers' threads at nice `n`: the sandbox's processes, the checking workers found at start (`workers`), and any worker started from now on. */
async function setHelperNice(n: number, workers: number[]): Promise<void> {
  process.env.DUELLAB_HELPER_NICE = String(n);
  (await sharedSandbox()).renice(n);
  for (const tid of workers) niceThread(tid, n);
}

async function measureNiceAB(tag: string, text: string, charts: Chart[]): Promise<number> {
  // The checking workers are started at nice 10 and found by it: the only threads of this process not at 0.
  process.env.DUELLAB_HELPER_NICE = "10";
  warmFaithPool();
  await new Promise((r) => setTimeout(r, 3000));
  const workers = fs
    .readdirSync(`/proc/self/task`)
    .map(Number)
    .filter((tid) => os.getPriority(tid) === 10);
  console.log(`graphite-check: ${tag}: ${NICE_AB} pairs of batches, the helpers at nice 0 and 10 in turn (${workers.length} checking-worker threads found):`);
  const callModel = instantModels(charts);
  const got: Record<number, { max: number; p99: number }[]> = { 0: [], 10: [] };
  for (let k = 0; k < 2 * NICE_AB; k++) {
    const n = k % 4 === 0 || k % 4 === 3 ? 0 : 10;
    await setHelperNice(n, workers);
    forgetCsvReads();
    forgetCsvHeads();
    const h = monitorEventLoopDelay({ resolution: 5 });
    const stopGc = watchGc();
    const stopHolds = watchHolds(1);
    h.enable();
    await runBatchOf20(text, callModel);
    h.disable();
    const holds = stopHolds();
    const gc = await stopGc();
    got[n]!.push({ max: h.max / 1e6, p99: h.percentile(99) / 1e6 });
    const longest = holdLines(addGc(holds, gc.entries))[0] ?? "no hold over 10 ms";
    console.log(
      `  nice ${String(n).padStart(2)}: held at most ${ms(h.max / 1e6)}, p99 ${ms(h.percentile(99) / 1e6)}; GC longest ${ms(gc.longestMs)}; the longest hold: ${longest} (load ${os.loadavg()[0]!.toFixed(1)})`,
    );
  }
  const med = (xs: number[]) => pct(xs, 0.5);
  for (const n of [0, 10])
    console.log(
      `  nice ${String(n).padStart(2)}, median of ${got[n]!.length}: held at most ${ms(med(got[n]!.map((g) => g.max)))}, p99 ${ms(med(got[n]!.map((g) => g.p99)))}`,
    );
  await setHelperNice(10, workers);
  return med(got[10]!.map((g) => g.max));
}

runBench("graphite-check", async () => {
  reportLoad("graphite-check");
  const sb = await sharedSandbox();
  await sb.run({ code: bigChartCode(`sns.countplot(x="cut", data=df)`), files: { "data.csv": bigCsv(100) } }); // warm: seaborn loaded
  await measureCsv("small CSV (build log)", buildLogCsv(), smallCharts());
  await measureCsv("50,000-row CSV", bigCsv(), bigCharts());
  reportLoad("graphite-check");
  await sb.close();
  return 0;
});
