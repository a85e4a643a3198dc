// The batch runner: a fixed number of workers take items in order, each item is one ordinary run
// (display off), rate limits and server errors are waited out and retried, every finished item
// is appended to the results file at once, and one live widget shows the whole batch. Generic
// over the kind of run: ./weave-many.ts and ./graphite-many.ts supply the runner.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import util from "node:util";
import { defaultRunDeps } from "../run/deps";
import type { CallRequest, CallResult } from "../providers/contract";
import { causeKind, errorRecord, errorText } from "../errors/record";
import { startLiveRun } from "../run/live";
import type { StageSpec } from "../run/stages";
import type { BatchItem, BatchKind, BatchResult, ItemSummary } from "../schema/batch";
import { concurrencyField, firstIssue } from "../schema/options";
import type { CallRecord, SlotPublic } from "../schema/common";
import { graphiteAggregates, weaveAggregates } from "./aggregate";
import { DEFAULT_RETRY, retryWait, type RetryPolicy } from "./backoff";
import { batchCost } from "./cost";
import { etaMs } from "./eta";
import { headerFor } from "./results-file";
import { openResults, type ResultsStore } from "./store";
import { BatchInputError, type Task } from "./tasks";
import { batchSummary, tokensText } from "./text";

export type CallModel = (req: CallRequest) => Promise<CallResult>;

export interface ItemRunner {
  run(task: Task, ctx: { signal: AbortSignal; callModel: CallModel }): Promise<unknown>;
  summarize(result: unknown): ItemSummary;
}

/** What the batch options add to a run's own options. */
export interface BatchOptions {
  /** Items running at once (1–64; default 4 for weave, 2 for graphite). */
  concurrency?: number;
  /** JSONL file the results are appended to; an existing file of the same batch is resumed. */
  resultsFile?: string;
  /** Tries per item on rate limits and server errors, and the backoff between them. */
  retry?: Partial<RetryPolicy>;
  /** Show the live batch widget in a kernel (default true). */
  display?: boolean;
  signal?: AbortSignal;
  title?: string;
}

/** Things tests replace: the model client, the clock, the waits. */
export interface BatchDeps {
  callModel?: CallModel;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  startLive?: typeof startLiveRun;
  /** How often the live widget is refreshed at most (ms, default 400). */
  publishEveryMs?: number;
  /** Called after each item ends (tests stop a batch part-way with it). */
  onItemEnd?: (item: BatchItem) => void;
}

export interface BatchSpec {
  kind: BatchKind;
  title: string;
  tasks: Task[];
  keys: string[];
  slots: Record<string, SlotPublic>;
  demo: boolean;
  runner: ItemRunner;
  options: BatchOptions;
  defaultConcurrency: number;
}

export const BATCH_STAGES: StageSpec[] = [
  { id: "running", label: "Running the items" },
  { id: "aggregating", label: "Aggregating" },
  { id: "done", label: "Done" },
];

export const MAX_CONCURRENCY = 64;

export type BatchRun = BatchResult;

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

export function checkConcurrency(value: unknown, fallback: number): number {
  const c = concurrencyField(MAX_CONCURRENCY, fallback).safeParse(value);
  if (!c.success) throw new BatchInputError(firstIssue(c.error));
  return c.data;
}

function withSummary(r: BatchResult): BatchResult {
  const line = () => batchSummary(r);
  Object.defineProperty(r, util.inspect.custom, { value: line, enumerable: false, configurable: true });
  Object.defineProperty(r, "toString", { value: line, enumerable: false, configurable: true });
  return r;
}

export async function runBatch(spec: BatchSpec, deps: BatchDeps = {}): Promise<BatchRun> {
  const { options } = spec;
  const concurrency = checkConcurrency(options.concurrency, spec.defaultConcurrency);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const callModel = deps.callModel ?? defaultRunDeps.callModel;
  const sleep = deps.sleep ?? sleepFor;
  const random = deps.random ?? Math.random;
  const every = deps.publishEveryMs ?? 400;
  const createdAt = new Date().toISOString();
  const runId = randomUUID();

  const store: ResultsStore | null = options.resultsFile ? await openResults(options.resultsFile, headerFor(spec.kind, spec.slots, createdAt)) : null;
  const live = (deps.startLive ?? startLiveRun)({ view: "batch", title: spec.title, stages: BATCH_STAGES, display: options.display, signal: options.signal });
  const { tracker } = live;
  // Each running item and each waiting worker listens on the batch's signal.
  setMaxListeners(4 * MAX_CONCURRENCY, live.signal);

  // Calls of tries that did not produce the item's result (earlier failed runs included).
  const failedCalls: CallRecord[][] = spec.tasks.map(() => []);
  const items: BatchItem[] = spec.tasks.map((t, index) => {
    const key = spec.keys[index]!;
    const prev = store?.previous.get(key);
    if (prev?.status === "done") return { ...prev, index, resumed: true };
    if (prev) failedCalls[index]!.push(...prev.calls);
    return {
      key,
      index,
      question: t.question,
      status: "pending",
      attempts: 0,
      resumed: false,
      startedAt: null,
      endedAt: null,
      error: null,
      calls: prev ? [...prev.calls] : [],
      summary: null,
      result: null,
    };
  });
  const warnings: string[] = [...(store?.warnings ?? [])];
  const resumed = items.filter((i) => i.resumed).length;
  if (resumed) warnings.push(`${resumed} of ${items.length} items were read back from ${store!.path} and not asked again.`);
  const rerun = items.filter((i) => !i.resumed && i.calls.length > 0).length;
  if (rerun)
    warnings.push(
      `${rerun} item${rerun === 1 ? "" : "s"} that failed or were interrupted in an earlier run are asked again; their earlier calls are counted in the cost.`,
    );

  const startedAt = Date.now();
  let finishedHere = 0;
  let retries = 0;
  let cooldownUntil = 0;
  let status: BatchResult["status"] = "running";

  const snapshot = (withAggregates: boolean): BatchResult => {
    const count = (s: BatchItem["status"]) => items.filter((i) => i.status === s).length;
    const progress = {
      total: items.length,
      done: count("done"),
      failed: count("failed"),
      running: count("running"),
      pending: count("pending"),
      cancelled: count("cancelled"),
      resumed,
      retries,
      elapsedMs: Date.now() - startedAt,
      etaMs: status === "running" ? etaMs({ finishedHere, elapsedMs: Date.now() - startedAt, remaining: count("pending") + count("running") }) : 0,
    };
    const models = Object.fromEntries(Object.entries(spec.slots).map(([k, s]) => [k, s.model]));
    const aggregates = withAggregates ? (spec.kind === "weave" ? weaveAggregates(items, models) : graphiteAggregates(items)) : null;
    return {
      kind: "batch",
      version: 1,
      batchKind: spec.kind,
      batchId: runId,
      title: spec.title,
      createdAt,
      status,
      demo: spec.demo,
      slots: spec.slots,
      concurrency,
      resultsFile: store?.path ?? null,
      items: items.map((i) => ({ ...i })),
      progress,
      cost: batchCost(items, failedCalls),
      aggregates,
      warnings: [...warnings],
    };
  };
  // The widget gets at most one update per `every` ms: a batch state carries every stored result.
  let timer: NodeJS.Timeout | null = null;
  let lastPublish = 0;
  // Sending the state costs CPU the items need (it carries every stored result), so the gap
  // between updates grows to ten times what the last one took.
  let gap = every;
  const publishNow = () => {
    timer = null;
    const t0 = Date.now();
    const s = snapshot(true);
    const g = s.progress;
    const eta = g.etaMs === null ? "ETA n/a" : `ETA ${Math.ceil(g.etaMs / 1000)} s`;
    if (tracker.state.status === "running")
      tracker.detail(`${g.done + g.failed} of ${g.total} ended (${g.failed} failed), ${g.running} running · ${eta} · ${tokensText(s)}`);
    live.publish(s);
    lastPublish = Date.now();
    gap = Math.max(every, 10 * (lastPublish - t0));
  };
  const schedule = () => {
    if (!live.handle || timer) return;
    timer = setTimeout(publishNow, Math.max(0, lastPublish + gap - Date.now()));
  };

  const runItem = async (item: BatchItem, task: Task) => {
    item.status = "running";
    item.startedAt = Date.now();
    schedule();
    for (let attempt = 1; ; attempt++) {
      item.attempts = attempt;
      const calls: CallRecord[] = [];
      // Every call of the try is recorded as it ends, so the live cost grows and a failed try's
      // calls are still counted. Why a try failed is read from the run's error, not from here.
      const recording: CallModel = async (req) => {
        try {
          const r = await callModel(req);
          calls.push(r.record);
          return r;
        } catch (e) {
          const rec = errorRecord(e);
          if (rec) calls.push(rec);
          throw e;
        } finally {
          item.calls = [...failedCalls[item.index]!, ...calls];
          schedule();
        }
      };
      // One signal per try, linked to the batch's: whatever a run hangs on it goes away with the try.
      const tryCtl = new AbortController();
      const stop = () => tryCtl.abort(live.signal.reason);
      if (live.signal.aborted) stop();
      else live.signal.addEventListener("abort", stop, { once: true });
      try {
        const result = await spec.runner.run(task, { signal: tryCtl.signal, callModel: recording });
        item.calls = [...failedCalls[item.index]!, ...calls];
        item.summary = spec.runner.summarize(result);
        item.result = result;
        item.status = "done";
        item.error = null;
        live.signal.removeEventListener("abort", stop);
        break;
      } catch (e) {
        live.signal.removeEventListener("abort", stop);
        failedCalls[item.index]!.push(...calls);
        item.calls = [...failedCalls[item.index]!];
        if (live.signal.aborted) {
          item.status = "cancelled";
          item.error = errorText(e);
          break;
        }
        // A RunError keeps the provider error that stopped it as its cause: retry on its kind.
        const cause = causeKind(e);
        const wait = retryWait(attempt, cause, policy, random());
        if (wait === null) {
          item.status = "failed";
          item.error = attempt > 1 ? `${errorText(e)} (after ${attempt} tries)` : errorText(e);
          break;
        }
        retries++;
        // A rate limit is about the provider, not this item: hold every worker back, not only this one.
        if (cause === "rate-limit") cooldownUntil = Math.max(cooldownUntil, Date.now() + wait);
        await sleep(wait, live.signal);
        if (live.signal.aborted) {
          item.status = "cancelled";
          item.error = "The batch was cancelled while this item waited to be retried.";
          break;
        }
      }
    }
    item.endedAt = Date.now();
    if (item.status === "done" || item.status === "failed") finishedHere++;
    await store?.append(item);
    deps.onItemEnd?.(item);
    schedule();
  };

  tracker.enter("running", `${items.length - resumed} to run, ${resumed} read back, ${concurrency} at a time`);
  publishNow();
  await live.yieldToLoop();

  const queue = items.filter((i) => i.status === "pending");
  const worker = async () => {
    for (;;) {
      if (live.signal.aborted) return;
      const wait = cooldownUntil - Date.now();
      if (wait > 0) await sleep(wait, live.signal);
      if (live.signal.aborted) return;
      const item = queue.shift();
      if (!item) return;
      await runItem(item, spec.tasks[item.index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  if (timer) clearTimeout(timer);
  timer = null;

  const cancelled = live.signal.aborted;
  if (!cancelled) tracker.enter("aggregating", "Computing the aggregates and their intervals");
  status = cancelled ? "cancelled" : "done";
  const result = snapshot(true);
  if (cancelled)
    result.warnings.push(
      `The batch was cancelled: ${result.progress.done} of ${result.progress.total} items are done${store ? `; run it again with the same resultsFile (${store.path}) to resume` : ""}.`,
    );
  try {
    await store?.flush();
  } catch (e) {
    result.warnings.push(errorText(e));
  }
  live.publish(result);
  if (!cancelled) tracker.finish();
  await live.fallback({ text: batchSummary(result) });
  return withSummary(result);
}
