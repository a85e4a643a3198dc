// graphite(): two models write chart code for the same CSV; the sandbox runs both; the figures
// are measured and checked against the data; a judge scores the measurements. The I/O shell: the
// stages are in ./stages/ (ask, execute, judge), assembled here from a RunDeps as weave's are.
import util from "node:util";
import { defaultRunDeps, runDeps } from "../run/deps";
import { InputError } from "../errors/errors";
import { endRun } from "../run/failure";
import { GRAPHITE_MAX_QUESTION_CHARS } from "../run/limits";
import { openRun, runTitle } from "../run/open";
import type { StageSpec } from "../run/stages";
import { firstIssue, graphiteFields } from "../schema/options";
import type { GraphiteResult } from "../schema/graphite";
import type { ViewEvent } from "../schema/widget";
import { parseSlot, publicSlot, type Slot, type SlotInput } from "../slot/slot";
import type { CsvInput } from "./csv";
import { readCsvHead } from "./csv-offload";
import type { CsvHead } from "./csv-transfer";
import { prepareFaithPool } from "./faith-offload";
import { buildCoderPrompt } from "./prompt";
import { repairChart, type RepairOptions } from "./repair";
import { GraphiteSession, type GraphiteDeps, type Side } from "./session";
import { askCoders } from "./stages/ask";
import { emptyChart } from "./stages/empty";
import { executeCharts } from "./stages/execute";
import { judgeStage } from "./stages/judge";
import { MAX_GRAPHITE_JUDGE_RUNS } from "./stability";
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

export class GraphiteInputError extends InputError {
  override name = "GraphiteInputError";
}

interface Validated {
  /** The CSV without its rows: nothing on the kernel's thread reads them (the checks read the text in their workers). */
  csv: CsvHead;
  question: string;
  slots: Record<Side | "judge", Slot>;
  judgeRuns: number;
}

const fields = graphiteFields({ maxQuestionChars: GRAPHITE_MAX_QUESTION_CHARS, maxJudgeRuns: MAX_GRAPHITE_JUDGE_RUNS });

/**
 * The options checked, the CSV first (a big one read off the kernel's loop, its head only:
 * ./csv-offload.ts), then the fields, then the slots; the first bad one rejects with its sentence.
 * `read` is the CSV already read from `options.csv` (a batch reads each CSV once for all its runs).
 */
export async function validateGraphiteOptions(options: unknown, read?: CsvHead): Promise<Validated> {
  if (typeof options !== "object" || options === null) {
    throw new GraphiteInputError("graphite() needs an options object: graphite({ csv, question, a, b, judge }).");
  }
  const o = options as Partial<GraphiteOptions>;
  const csv = read ?? (await readCsvHead(o.csv));
  const parsed = fields.safeParse(o);
  if (!parsed.success) throw new GraphiteInputError(firstIssue(parsed.error));
  const { question, judgeRuns } = parsed.data;
  return { csv, question, judgeRuns, slots: { a: parseSlot("a", o.a), b: parseSlot("b", o.b), judge: parseSlot("judge", o.judge) } };
}

export async function graphite(options: GraphiteOptions): Promise<GraphiteRun> {
  // The warm Python process starts when the first graphite() starts (runGraphite), not on import.
  return runGraphite(options, defaultRunDeps);
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

/** `graphite` with the model client and the sandbox passed in (tests pass fakes); `read`: the CSV already read from options.csv. */
export async function runGraphite(options: GraphiteOptions, given: GraphiteDeps, read?: CsvHead): Promise<GraphiteRun> {
  const { csv, question, slots, judgeRuns } = await validateGraphiteOptions(options, read);
  const deps = runDeps(given);
  // The sandbox starts now, beside the models' answers, so the first chart of a session does not
  // wait for a cold start after them. A start that fails is retried and reported by the executing
  // stage, which asks for the sandbox again.
  deps.sandbox().catch(() => undefined);
  // ...and so do the workers the charts' faithfulness is checked in (./faith-offload.ts), which
  // read the CSV and build the readings every chart of it is searched against meanwhile.
  prepareFaithPool(csv);
  const { live, runId, nonce, startedAt } = openRun(deps, {
    view: "graphite",
    title: runTitle("Graphite", question),
    stages: GRAPHITE_STAGES,
    display: options.display,
    signal: options.signal,
  });
  const { tracker } = live;
  const result: GraphiteResult = {
    kind: "graphite",
    version: 1,
    question,
    runId,
    nonce,
    createdAt: new Date(startedAt).toISOString(),
    demo: Object.values(slots).some((s) => s.provider === "demo"),
    slots: Object.fromEntries(Object.entries(slots).map(([k, s]) => [k, publicSlot(s)])),
    csv: { name: csv.name, rowCount: csv.rowCount, columns: csv.columns, preview: csv.preview, bytes: csv.bytes, readCall: csv.readCall },
    charts: { a: emptyChart(null, 0), b: emptyChart(null, 0) },
    judge: null,
    prompts: [],
    calls: [],
    // How the CSV was read differently from a plain file (short rows, Latin-1), said up front.
    warnings: [...csv.warnings],
    timings: { stages: {}, totalMs: 0 },
  };
  const prompt = buildCoderPrompt({ csv, question, nonce });
  const session = new GraphiteSession(result, slots, csv, live, deps, prompt, options.timeoutMs);
  session.judgeRuns = judgeRuns;
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
    const asked = await askCoders(session);
    await executeCharts(session, asked);
    await judgeStage(session);

    tracker.enter("finished");
    result.timings = { stages: tracker.durations(), totalMs: deps.now() - startedAt };
    session.publish();
    tracker.finish();
    await live.fallback({ text: graphiteSummary(result) });
  } catch (e) {
    settle(null);
    throw endRun(e, { run: "graphite", title: "Graphite", live, stages: GRAPHITE_STAGES });
  }

  const run = finish(session);
  settle(run);
  return run;
}
