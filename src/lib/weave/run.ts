// weave(): ask A and B the same question, have the judge extract and relate their claims, and
// return the graph data. The I/O shell: the stages are in ./stages/ (ask, extract, classify,
// weave-graph), every decision is made by the pure modules beside them.
import util from "node:util";
import { recordedCall } from "../run/call";
import { defaultRunDeps, runDeps, type CallModel, type RunDeps } from "../run/deps";
import { InputError } from "../errors/errors";
import { endRun } from "../run/failure";
import { WEAVE_MAX_QUESTION_CHARS } from "../run/limits";
import type { startLiveRun } from "../run/live";
import { openRun, runTitle } from "../run/open";
import type { StageSpec } from "../run/stages";
import type { CallRecord, PromptRecord } from "../schema/common";
import { firstIssue, modelsField, weaveFields } from "../schema/options";
import type { KeepRule, WeaveResult } from "../schema/weave";
import { parseSlot, publicSlot, type Slot, type SlotInput } from "../slot/slot";
import { JUDGE_TEMPERATURE } from "../judge/constants";
import { KEEP_RULES } from "../judge/stability";
import { ANSWER_MAX_TOKENS, JUDGE_MAX_TOKENS, sideKeys } from "./prompts";
import { askModels } from "./stages/ask";
import { classifyRelations } from "./stages/classify";
import type { Side, WeaveContext } from "./stages/context";
import { extractClaims } from "./stages/extract";
import { weaveGraph } from "./stages/weave-graph";
import { weaveSummary } from "./summary";

export { weakestParseMode } from "./stages/weave-graph";

export interface WeaveOptions {
  question: string;
  /** The two-model form: a and b. */
  a?: SlotInput;
  b?: SlotInput;
  /** The N-model form (2 to 8 models) instead of a and b: they become slots a, b, c, ... */
  models?: SlotInput[];
  judge: SlotInput;
  /** How many times CLASSIFY is asked per pair of answers (1–15, default 1); even runs show the lists swapped. */
  judgeRuns?: number;
  /** Which relations a repeated CLASSIFY keeps (default "majority": found in more than half of the runs). */
  keepRule?: KeepRule;
  /** Claims the judge may extract per answer (1–30, default 12). */
  maxClaims?: number;
  /** Show the live widget when running in a kernel (default true). */
  display?: boolean;
  signal?: AbortSignal;
}

export const WEAVE_STAGES: StageSpec[] = [
  { id: "asking", label: "Asking" },
  { id: "extracting", label: "Extracting claims" },
  { id: "classifying", label: "Classifying relations" },
  { id: "weaving", label: "Weaving the graph" },
  { id: "settled", label: "Settled" },
];

export const MAX_CLAIMS_LIMIT = 30;
export const MAX_MODELS = 8;
export const MAX_JUDGE_RUNS = 15;

/** Bad input, said in one sentence that tells the user what to do. */
export class WeaveInputError extends InputError {
  override name = "WeaveInputError";
}

interface Validated {
  question: string;
  sides: Side[];
  /** The models: [...] form (its result carries `multi`). */
  multi: boolean;
  slots: Record<Side | "judge", Slot>;
  maxClaims: number;
  judgeRuns: number;
  keepRule: KeepRule;
}

const fields = weaveFields({
  maxQuestionChars: WEAVE_MAX_QUESTION_CHARS,
  maxClaims: MAX_CLAIMS_LIMIT,
  maxJudgeRuns: MAX_JUDGE_RUNS,
  keepRules: KEEP_RULES as [KeepRule, ...KeepRule[]],
});
const models = modelsField(MAX_MODELS);

export function validateWeaveOptions(options: unknown): Validated {
  if (typeof options !== "object" || options === null) {
    throw new WeaveInputError("weave() needs an options object: weave({ question, a, b, judge }).");
  }
  const o = options as Partial<WeaveOptions>;
  const parsed = fields.safeParse(o);
  if (!parsed.success) throw new WeaveInputError(firstIssue(parsed.error));
  const { question, maxClaims, judgeRuns } = parsed.data;
  const keepRule = parsed.data.keepRule as KeepRule;
  const judge = parseSlot("judge", o.judge);
  if (o.models !== undefined) {
    if (o.a !== undefined || o.b !== undefined) {
      throw new WeaveInputError("Pass either models: [...] or a and b, not both.");
    }
    const list = models.safeParse(o.models);
    if (!list.success) throw new WeaveInputError(firstIssue(list.error));
    const sides = sideKeys(list.data.length);
    const slots: Record<string, Slot> = {};
    for (const [i, side] of sides.entries()) slots[side] = parseSlot(side, list.data[i]);
    slots.judge = judge;
    return { question, maxClaims, judgeRuns, keepRule, sides, multi: true, slots };
  }
  return {
    question,
    maxClaims,
    judgeRuns,
    keepRule,
    sides: ["a", "b"],
    multi: false,
    slots: { a: parseSlot("a", o.a), b: parseSlot("b", o.b), judge },
  };
}

/** The returned object is plain data; only a cell's inspection and String() show the summary. */
function withSummary(result: WeaveResult): WeaveResult {
  const line = weaveSummary(result);
  Object.defineProperty(result, util.inspect.custom, { value: () => line, enumerable: false });
  Object.defineProperty(result, "toString", { value: () => line, enumerable: false });
  return result;
}

/**
 * Runs a weave. Resolves with the result (a labelled degraded one if the judge misbehaves);
 * rejects with one clear sentence if the input is bad (a WeaveInputError) or the run stops (a
 * RunError: an answer failed, or the run was cancelled).
 */
export async function weave(options: WeaveOptions): Promise<WeaveResult> {
  return weaveWith(options, defaultRunDeps);
}

/** `weave` with the model client (and live run) passed in: tests use fakes to force failures. */
export async function runWeave(options: WeaveOptions, callModel: CallModel, startLive?: typeof startLiveRun): Promise<WeaveResult> {
  return weaveWith(options, runDeps({ callModel, startLive }));
}

/** `weave` assembled from a RunDeps, as graphite is: validate, open the run, the four stages, settle. */
export async function weaveWith(options: WeaveOptions, deps: RunDeps): Promise<WeaveResult> {
  const { question, slots, maxClaims, sides, multi, judgeRuns, keepRule } = validateWeaveOptions(options);
  const title = runTitle("Weave", question);
  const { live, runId, nonce, startedAt } = openRun(deps, {
    view: "weave",
    title: multi ? `${title} (${sides.length} models)` : title,
    stages: WEAVE_STAGES,
    display: options.display,
    signal: options.signal,
  });
  const { tracker } = live;

  const prompts: PromptRecord[] = [];
  const calls: CallRecord[] = [];
  const warnings: string[] = [];
  // A slot's own maxTokens wins; otherwise the seed's budgets (answers 1600, judge 2000).
  const budget = (slotName: Side | "judge") => slots[slotName]!.maxTokens ?? (slotName === "judge" ? JUDGE_MAX_TOKENS : ANSWER_MAX_TOKENS);
  const ctx: WeaveContext = {
    question,
    nonce,
    sides,
    many: sides.length > 2,
    multi,
    slots,
    maxClaims,
    judgeRuns,
    keepRule,
    live,
    budget,
    prompts,
    calls,
    warnings,
    call: recordedCall(
      deps.callModel,
      slots,
      { prompts, calls, warnings },
      {
        budget: (slotName) => budget(slotName),
        temperature: (slotName, judge) => (judge ? (slots.judge!.temperature ?? JUDGE_TEMPERATURE) : slots[slotName]!.temperature),
      },
    ),
    base: {
      kind: "weave" as const,
      version: 1 as const,
      question,
      runId,
      nonce,
      createdAt: new Date(startedAt).toISOString(),
      demo: Object.values(slots).some((s) => s.provider === "demo"),
      sides: [...sides] as string[],
      slots: Object.fromEntries(Object.entries(slots).map(([k, s]) => [k, publicSlot(s)])),
    },
  };

  try {
    const answers = await askModels(ctx);
    const extracted = await extractClaims(ctx, answers);
    const classified = await classifyRelations(ctx, answers, extracted);

    const relations = classified.classifiedList.reduce((t, c) => t + c.pairs.length, 0);
    tracker.enter("weaving", `${relations} relation${relations === 1 ? "" : "s"}: matching and building the panels`);
    await live.yieldToLoop();
    const graph = weaveGraph({ sides, multi }, extracted, classified);
    tracker.enter("settled");
    const result: WeaveResult = {
      ...ctx.base,
      answers,
      claims: extracted.claims,
      pairs: graph.pairs,
      parseMode: graph.parseMode,
      judge: classified.judgeSteps,
      consensus: graph.consensus,
      evidence: extracted.evidence,
      coverage: extracted.coverage,
      ...(graph.tracedConsensus ? { tracedConsensus: graph.tracedConsensus } : {}),
      panels: graph.panels,
      prompts,
      calls,
      warnings,
      timings: { stages: tracker.durations(), totalMs: deps.now() - startedAt },
      ...(graph.stability ? { stability: graph.stability } : {}),
      ...(graph.multi ? { multi: graph.multi } : {}),
    };
    live.publish(result);
    tracker.finish();
    await live.fallback({ text: weaveSummary(result) });
    return withSummary(result);
  } catch (e) {
    throw endRun(e, { run: "weave", title: "Weave", live, stages: WEAVE_STAGES });
  }
}
