// The I/O shared by a graphite run and its repairs: one model call, one sandbox run, one judge
// round, each recorded into the result (prompts, calls, warnings). Every decision is made by the
// pure modules beside it; this file only wires them to the client, the sandbox and the widget.
import type { CallRequest, CallResult } from "../providers/contract";
import { judgeEmptyRetry, noteAdaptations } from "../providers/judge-empty";
import { promptHash } from "../providers/ledger";
import type { RunDeps } from "../run/deps";
import type { LiveRun } from "../run/live";
import { errorKind, errorRecord, isHopeless } from "../run/error-record";
import type { Attempt, Chart, GraphiteResult } from "../schema/graphite";
import type { SandboxRun } from "../schema/sandbox";
import type { Slot } from "../slot/slot";
import { extractCode } from "./code";
import type { CsvData } from "./csv";
import { chartFacts } from "./facts";
import { checkFaithfulness } from "./faithfulness";
import { buildJudgePrompt, JUDGE_MAX_TOKENS, JUDGE_SYSTEM, runGraphiteJudge } from "./judge";
import { runGraphiteJudgeRuns, withRunLine } from "./stability";

export const CODER_MAX_TOKENS = 1600;
export const JUDGE_TEMPERATURE = 0;
export const SIDES = ["a", "b"] as const;
export type Side = (typeof SIDES)[number];
export const label = (s: Side) => s.toUpperCase();

export type { CallModel, SandboxLike } from "../run/deps";
/** A graphite run's RunDeps: the model client and the sandbox must be given, the rest default. */
export type GraphiteDeps = Pick<RunDeps, "callModel" | "sandbox"> & Partial<RunDeps>;

// Kept importable from here for code written against the earlier layout.
export { errorKind, errorText } from "../run/error-record";

/** A run that never happened is said to be one: status error, no traceback, a note saying why. */
export function notRun(reason: string): SandboxRun {
  return { status: "error", pngs: [], figures: [], stdout: "", stderr: "", traceback: null, violations: [], durationMs: 0, layers: {}, notes: [`not run: ${reason}`] };
}

export interface Asked {
  attempt: Omit<Attempt, "run">;
  prose: boolean;
}

export class GraphiteSession {
  /** The coder prompt both sides got (byte-identical), the base of every repair prompt. */
  readonly basePrompt: string;
  /** Judge runs per scoring; more than one asks the judge K times with the charts swapped in half (./stability.ts). */
  judgeRuns = 1;

  constructor(
    readonly result: GraphiteResult,
    readonly slots: Record<Side | "judge", Slot>,
    readonly csv: CsvData,
    readonly live: LiveRun,
    readonly deps: GraphiteDeps,
    basePrompt: string,
    readonly sandboxTimeoutMs: number | undefined,
  ) {
    this.basePrompt = basePrompt;
  }

  private async call(slotName: Side | "judge", role: string, text: string, signal: AbortSignal, judge: boolean, budget?: number): Promise<CallResult> {
    this.result.prompts.push({ role, sha256: promptHash(role, text), text });
    const slot = this.slots[slotName];
    const req: CallRequest = {
      slotName,
      slot,
      role,
      messages: judge ? [{ role: "system", content: JUDGE_SYSTEM }, { role: "user", content: text }] : [{ role: "user", content: text }],
      maxTokens: budget ?? (judge ? JUDGE_MAX_TOKENS : (slot.maxTokens ?? CODER_MAX_TOKENS)),
      signal,
    };
    if (judge) {
      req.temperature = JUDGE_TEMPERATURE;
      req.isJudge = true;
    } else if (slot.temperature !== undefined) req.temperature = slot.temperature;
    try {
      const r = await this.deps.callModel(req);
      this.result.calls.push(r.record);
      noteAdaptations(this.result.warnings, r.record);
      const retry = judgeEmptyRetry(r, role, req.maxTokens);
      if (judge && retry) {
        this.result.warnings.push(retry.warning);
        return await this.call(slotName, retry.role, text, signal, judge, retry.maxTokens);
      }
      return r;
    } catch (e) {
      const rec = errorRecord(e);
      if (rec) this.result.calls.push(rec);
      if (rec) noteAdaptations(this.result.warnings, rec);
      throw e;
    }
  }

  /** Ask one coder; the code is extracted (fences and chatter stripped, prose labelled). */
  async ask(side: Side, role: string, prompt: string, n: number, signal: AbortSignal): Promise<Asked> {
    const r = await this.call(side, role, prompt, signal, false);
    const ex = extractCode(r.content);
    const who = `Model ${label(side)}${n > 0 ? ` (repair ${n})` : ""}`;
    if (ex.stripped.length) this.result.warnings.push(`${who}: removed ${ex.stripped.join(" and ")} before running the code.`);
    if (ex.prose) this.result.warnings.push(`${who} returned prose instead of code; it was run as-is, so Python reports the failure.`);
    return {
      prose: ex.prose,
      attempt: {
        n,
        kind: n === 0 ? "initial" : "repair",
        code: ex.code,
        rawCode: r.content,
        usage: r.usage,
        reasoningTokens: r.reasoningTokens,
        finishReason: r.finishReason,
        latencyMs: r.latencyMs,
        promptSha256: r.promptSha256,
      },
    };
  }

  /** Run one snippet with only data.csv beside it. A sandbox that fails itself throws. */
  async execute(side: Side, code: string, signal: AbortSignal): Promise<SandboxRun> {
    const sb = await this.deps.sandbox();
    const run = await sb.run({ code, files: { "data.csv": this.csv.text }, signal, ...(this.sandboxTimeoutMs ? { timeoutMs: this.sandboxTimeoutMs } : {}) });
    for (const note of run.notes) this.result.warnings.push(`Chart ${label(side)}: ${note}`);
    return run;
  }

  /** Record a finished attempt as the chart's latest state. */
  settle(side: Side, asked: Asked, run: SandboxRun): Chart {
    const attempt: Attempt = { ...asked.attempt, run };
    const prev = this.result.charts[side];
    const chart: Chart = {
      code: attempt.code,
      run,
      usage: attempt.usage,
      reasoningTokens: attempt.reasoningTokens,
      latencyMs: attempt.latencyMs,
      faithfulness: checkFaithfulness(this.csv, run.figures),
      attempts: [...(prev?.attempts ?? []), attempt],
      error: null,
    };
    this.result.charts[side] = chart;
    return chart;
  }

  /** One judge round over the charts as they are now: json, json-retry, or the labelled fallback. */
  async judge(round: number, signal: AbortSignal): Promise<void> {
    const r = this.result;
    const note = (s: Side) => (r.charts[s].error ? `the model could not be asked (${r.charts[s].error})` : null);
    const factsA = chartFacts("a", r.charts.a.run, r.charts.a.faithfulness, note("a"));
    const factsB = chartFacts("b", r.charts.b.run, r.charts.b.faithfulness, note("b"));
    const role = round > 1 ? `judge-graphite-round-${round}` : "judge-graphite";
    const isFatal = (e: unknown) => signal.aborted || errorKind(e) === "aborted";
    const { judge, warnings } =
      this.judgeRuns > 1
        ? await runGraphiteJudgeRuns({
            runs: this.judgeRuns,
            round,
            factsText: `${factsA}\n\n${factsB}`,
            // Swapped: B's measured facts are shown as CHART A; the verdict is mapped back.
            facts: (order) =>
              order === "straight"
                ? { first: factsA, second: factsB }
                : { first: chartFacts("a", r.charts.b.run, r.charts.b.faithfulness, note("b")), second: chartFacts("b", r.charts.a.run, r.charts.a.faithfulness, note("a")) },
            ask: async (k, _order, runLine, shown, attempt) =>
              (await this.call("judge", `${role}-run${k}`, withRunLine(buildJudgePrompt({ question: r.question, factsA: shown.first, factsB: shown.second, nonce: r.nonce, round, attempt }), r.nonce, runLine), signal, true)).content,
            isFatal,
            isHopeless,
          })
        : await runGraphiteJudge({
            ask: async (attempt) => (await this.call("judge", role, buildJudgePrompt({ question: r.question, factsA, factsB, nonce: r.nonce, round, attempt }), signal, true)).content,
            factsText: `${factsA}\n\n${factsB}`,
            round,
            isFatal,
            isHopeless,
          });
    r.judge = judge;
    r.warnings.push(...warnings);
  }

  publish(): void {
    // A JSON copy: the widget state is pure data, and later in-place changes must be re-published.
    this.live.publish(JSON.parse(JSON.stringify(this.result)));
  }
}
