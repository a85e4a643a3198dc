// graphite(): two models write chart code for the same CSV; the sandbox runs both; the figures
// are measured and checked against the data; a judge scores the measurements. The I/O shell.
import { randomUUID } from "node:crypto";
import util from "node:util";
import { defaultRunDeps } from "../run/deps";
import { errorKind, errorText } from "../run/error-record";
import { Cancelled, InputError, StageFailure } from "../run/errors";
import { endRun } from "../run/failure";
import { startLiveRun } from "../run/live";
import type { StageSpec } from "../run/stages";
import type { Chart, GraphiteResult } from "../schema/graphite";
import type { ViewEvent } from "../schema/widget";
import { parseSlot, publicSlot, type Slot, type SlotInput } from "../slot/slot";
import { readCsv, type CsvData, type CsvInput } from "./csv";
import { buildCoderPrompt, newNonce } from "./prompt";
import { repairChart, type RepairOptions } from "./repair";
import { GraphiteSession, label, notRun, SIDES, type Asked, type GraphiteDeps, type Side } from "./session";
import { readJudgeRuns } from "./stability";
import { graphiteSummary } from "./summary";

export interface GraphiteOptions {
  /** CSV text, bytes, or { path }. `buildLogCsv()` is the built-in dataset. */
  csv: CsvInput;
  question: string;
  a: SlotInput;
  b: SlotInput;
  judge: SlotInput;
  /** Show the live widget when running in a kernel (default true). */
  display?: boolean;
  signal?: AbortSignal;
  /** Wall-clock limit per sandbox run (the sandbox's default is 20 s). */
  timeoutMs?: number;
  /** Judge runs per scoring (1–15, default 1); even runs show the charts swapped. See ./stability.ts. */
  judgeRuns?: number;
}

/** The result: plain data (JSON.stringify gives all of it) plus a non-enumerable repair(). */
export type GraphiteRun = GraphiteResult & { repair(side: Side, opts?: RepairOptions): Promise<GraphiteRun> };

export const GRAPHITE_STAGES: StageSpec[] = [
  { id: "asking", label: "Asking" },
  { id: "executing", label: "Executing" },
  { id: "judging", label: "Judging" },
  { id: "finished", label: "Finished" },
];

export const MAX_QUESTION_CHARS = 4000;

export class GraphiteInputError extends InputError {
  override name = "GraphiteInputError";
}

interface Validated {
  csv: CsvData;
  question: string;
  slots: Record<Side | "judge", Slot>;
  judgeRuns: number;
}

export function validateGraphiteOptions(options: unknown): Validated {
  if (typeof options !== "object" || options === null) {
    throw new GraphiteInputError("graphite() needs an options object: graphite({ csv, question, a, b, judge }).");
  }
  const o = options as Partial<GraphiteOptions>;
  const csv = readCsv(o.csv);
  if (typeof o.question !== "string" || o.question.trim() === "") {
    throw new GraphiteInputError('The question is empty: pass question: "..." saying what the chart should help decide.');
  }
  const question = o.question.trim();
  if (question.length > MAX_QUESTION_CHARS) {
    throw new GraphiteInputError(`The question is ${question.length} characters long; the limit is ${MAX_QUESTION_CHARS}: shorten it.`);
  }
  const judgeRuns = readJudgeRuns(o.judgeRuns);
  if (typeof judgeRuns === "string") throw new GraphiteInputError(judgeRuns);
  return { csv, question, judgeRuns, slots: { a: parseSlot("a", o.a), b: parseSlot("b", o.b), judge: parseSlot("judge", o.judge) } };
}

const defaultDeps: GraphiteDeps = {
  callModel: defaultRunDeps.callModel,
  // The warm Python process starts on first use, not on import.
  sandbox: defaultRunDeps.sandbox,
};

export async function graphite(options: GraphiteOptions): Promise<GraphiteRun> {
  return runGraphite(options, defaultDeps);
}

function emptyChart(error: string | null, latencyMs: number): Chart {
  return {
    code: "",
    run: notRun(error ? "the model could not be asked" : "not yet"),
    usage: { promptTokens: null, completionTokens: null, totalTokens: null },
    reasoningTokens: null,
    latencyMs,
    faithfulness: { verdict: "unchecked", checks: [{ check: "plotted data", status: "unchecked", detail: "no code was run" }] },
    attempts: [],
    error,
  };
}

/** Attach the summary and repair() without making them data. */
function finish(session: GraphiteSession): GraphiteRun {
  const r = session.result as GraphiteRun;
  const line = () => graphiteSummary(r);
  Object.defineProperty(r, util.inspect.custom, { value: line, enumerable: false, configurable: true });
  Object.defineProperty(r, "toString", { value: line, enumerable: false, configurable: true });
  Object.defineProperty(r, "repair", {
    value: async (side: Side, opts?: RepairOptions) => {
      await repairChart(session, side, opts);
      return r;
    },
    enumerable: false,
    configurable: true,
  });
  return r;
}

/** `graphite` with the model client and the sandbox passed in (tests pass fakes). */
export async function runGraphite(options: GraphiteOptions, deps: GraphiteDeps): Promise<GraphiteRun> {
  const { csv, question, slots, judgeRuns } = validateGraphiteOptions(options);
  const nonce = newNonce();
  const startedAt = Date.now();
  const title = `Graphite: ${question.length > 80 ? `${question.slice(0, 77)}...` : question}`;
  const live = (deps.startLive ?? startLiveRun)({ view: "graphite", title, stages: GRAPHITE_STAGES, display: options.display, signal: options.signal });
  const { tracker } = live;
  const result: GraphiteResult = {
    kind: "graphite",
    version: 1,
    question,
    runId: randomUUID(),
    nonce,
    createdAt: new Date(startedAt).toISOString(),
    demo: Object.values(slots).some((s) => s.provider === "demo"),
    slots: Object.fromEntries(Object.entries(slots).map(([k, s]) => [k, publicSlot(s)])),
    csv: { name: csv.name, rowCount: csv.rowCount, columns: csv.columns, preview: csv.preview, bytes: csv.bytes },
    charts: { a: emptyChart(null, 0), b: emptyChart(null, 0) },
    judge: null,
    prompts: [],
    calls: [],
    warnings: [],
    timings: { stages: {}, totalMs: 0 },
  };
  const prompt = buildCoderPrompt({ csv, question, nonce });
  const session = new GraphiteSession(result, slots, csv, live, deps, prompt, options.timeoutMs);
  session.judgeRuns = judgeRuns;
  const cancelled = () => live.signal.aborted;
  // The repair button can be pressed as soon as a crash is shown (before the judge is done): the
  // request waits for the run to settle, then runs; a failed run ignores it.
  let settle: (run: GraphiteRun | null) => void = () => undefined;
  const settled = new Promise<GraphiteRun | null>((resolve) => (settle = resolve));
  live.onEvent((e: ViewEvent) => {
    if (e?.type !== "repair" || (e.side !== "a" && e.side !== "b")) return;
    void settled
      .then(async (run) => {
        if (run) await run.repair(e.side, e.thinking === undefined ? {} : { thinking: e.thinking });
        else live.setPending([]);
      })
      .catch(() => undefined);
  });

  try {
    // 1. Asking: A and B get byte-identical prompts, concurrently. One side failing is shown on
    // that side; both failing ends the run (there is nothing to compare).
    tracker.enter("asking", "Model A and Model B writing chart code in parallel");
    await live.yieldToLoop();
    const done: Side[] = [];
    const asked = await Promise.allSettled(
      SIDES.map(async (side) => {
        const a = await session.ask(side, label(side), prompt, 0, live.signal);
        done.push(side);
        if (done.length < SIDES.length) tracker.detail(`Model ${label(side)} answered in ${(a.attempt.latencyMs / 1000).toFixed(1)} s; waiting for the other`);
        return a;
      }),
    );
    if (cancelled() || asked.some((s) => s.status === "rejected" && errorKind(s.reason) === "aborted")) throw new Cancelled();
    const failures = SIDES.flatMap((side, i) => (asked[i]!.status === "rejected" ? [[side, errorText((asked[i] as PromiseRejectedResult).reason)] as const] : []));
    if (failures.length === SIDES.length) {
      // The cause kept is the first side's error: a batch retries on its kind (a rate limit, say).
      const first = asked.find((s): s is PromiseRejectedResult => s.status === "rejected")?.reason;
      throw new StageFailure("asking", `Neither model could be asked: ${failures.map(([s, m]) => `Model ${label(s)}: ${m}`).join(" ")}`, first);
    }
    for (const [side, message] of failures) {
      const rec = result.calls.filter((c) => c.slot === side).at(-1);
      result.charts[side] = emptyChart(message, rec?.latencyMs ?? 0);
      result.warnings.push(`Model ${label(side)} could not be asked, so chart ${label(side)} is missing: ${message}`);
    }

    // 2. Executing: both snippets in the sandbox, concurrently.
    tracker.enter("executing", "Running both snippets in the sandbox");
    await live.yieldToLoop();
    const runs = await Promise.all(
      SIDES.map(async (side, i) => {
        const s = asked[i]!;
        if (s.status !== "fulfilled") return null;
        try {
          return await session.execute(side, s.value.attempt.code, live.signal);
        } catch (e) {
          if (cancelled()) throw new Cancelled();
          throw new StageFailure("executing", `The sandbox could not run chart ${label(side)}'s code: ${errorText(e)}`, e);
        }
      }),
    );
    if (cancelled()) throw new Cancelled();
    for (const [i, side] of SIDES.entries()) {
      const s = asked[i]!;
      if (s.status === "fulfilled") {
        session.settle(side, s.value as Asked, runs[i]!);
        await live.yieldToLoop(); // the faithfulness search is CPU work: let clicks through
      }
    }
    session.publish();

    // 3. Judging: measured facts only.
    tracker.enter("judging", "The judge is scoring the measured figures");
    await live.yieldToLoop();
    await session.judge(1, live.signal);
    if (cancelled()) throw new Cancelled();

    tracker.enter("finished");
    result.timings = { stages: tracker.durations(), totalMs: Date.now() - startedAt };
    session.publish();
    live.fallback({ text: graphiteSummary(result) });
    tracker.finish();
  } catch (e) {
    settle(null);
    throw endRun(e, { run: "graphite", title: "Graphite", live, stages: GRAPHITE_STAGES });
  }

  const run = finish(session);
  settle(run);
  return run;
}
