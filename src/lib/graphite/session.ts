// The state a graphite run and its repairs share: the result being built, the slots, the CSV, the
// live run, the RunDeps, and the one recorded model call (../run/call.ts). The stages themselves
// are functions in ./stages/ (ask, execute, judge); the methods here are the names repair.ts and
// older callers know them by.
import { JUDGE_TEMPERATURE } from "../judge/constants";
import { recordedCall, type RunCall } from "../run/call";
import type { RunDeps } from "../run/deps";
import type { LiveRun } from "../run/live";
import type { Chart, GraphiteResult } from "../schema/graphite";
import type { SandboxRun } from "../schema/sandbox";
import type { Slot } from "../slot/slot";
import type { CsvHead } from "./csv-transfer";
import { JUDGE_MAX_TOKENS } from "./judge";
import { publishedCopy } from "./published";
import { askCoder } from "./stages/ask";
import { executeCode, settleChart } from "./stages/execute";
import { judgeCharts } from "./stages/judge";
import type { Asked, Side, StageSession } from "./stages/shape";

// The sides, their labels and a coder's answer are defined with the stages; repair.ts and older
// callers read them from here.
export { notRun } from "./stages/empty";
export { label, SIDES, type Asked, type Side } from "./stages/shape";

export const CODER_MAX_TOKENS = 1600;

export type { CallModel, SandboxLike } from "../run/deps";
/** A graphite run's RunDeps: the model client and the sandbox must be given, the rest default. */
export type GraphiteDeps = Pick<RunDeps, "callModel" | "sandbox"> & Partial<RunDeps>;

export class GraphiteSession implements StageSession {
  /** The coder prompt both sides got (byte-identical), the base of every repair prompt. */
  readonly basePrompt: string;
  /** Judge runs per scoring; more than one asks the judge K times with the charts swapped in half (./stability.ts). */
  judgeRuns = 1;
  /** One model call, recorded into the result (prompts, calls, warnings). */
  readonly call: RunCall;

  constructor(
    readonly result: GraphiteResult,
    readonly slots: Record<Side | "judge", Slot>,
    readonly csv: CsvHead,
    readonly live: LiveRun,
    readonly deps: GraphiteDeps,
    basePrompt: string,
    readonly sandboxTimeoutMs: number | undefined,
  ) {
    this.basePrompt = basePrompt;
    // The slots are read at each call: a repair may switch a slot's thinking flag in place.
    this.call = recordedCall((req) => this.deps.callModel(req), slots, result, {
      budget: (slotName, judge) => (judge ? JUDGE_MAX_TOKENS : (this.slots[slotName as Side].maxTokens ?? CODER_MAX_TOKENS)),
      // Graphite's judge is always asked at temperature 0; coders at their slot's temperature, if any.
      temperature: (slotName, judge) => (judge ? JUDGE_TEMPERATURE : this.slots[slotName as Side].temperature),
    });
  }

  /** Ask one coder; the code is extracted (fences and chatter stripped, prose labelled). */
  ask(side: Side, role: string, prompt: string, n: number, signal: AbortSignal): Promise<Asked> {
    return askCoder(this, side, role, prompt, n, signal);
  }

  /** Run one snippet with only data.csv beside it. A sandbox that fails itself throws. */
  execute(side: Side, code: string, signal: AbortSignal): Promise<SandboxRun> {
    return executeCode(this, side, code, signal);
  }

  /** Record a finished attempt as the chart's latest state (its faithfulness checked in a worker). */
  settle(side: Side, asked: Asked, run: SandboxRun): Promise<Chart> {
    return settleChart(this, side, asked, run);
  }

  /** One judge round over the charts as they are now: json, json-retry, or the labelled fallback. */
  judge(round: number, signal: AbortSignal): Promise<void> {
    return judgeCharts(this, round, signal);
  }

  publish(): void {
    // A copy (./published.ts): the widget state is plain data, and neither the stages' later
    // in-place changes nor the user's edits to the result may reach a state already published.
    this.live.publish(publishedCopy(this.result));
  }
}
