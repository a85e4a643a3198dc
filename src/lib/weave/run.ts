// weave(): ask A and B the same question, have the judge extract and relate their claims, and
// return the graph data. The I/O shell: every decision is made by the pure modules beside it.
import { randomBytes, randomUUID } from "node:crypto";
import util from "node:util";
import { callModel as realCallModel } from "../providers/client";
import type { CallRequest, CallResult } from "../providers/contract";
import { promptHash } from "../providers/ledger";
import { startLiveRun, type LiveRun } from "../run/live";
import type { StageSpec } from "../run/stages";
import type { CallRecord, ParseMode, PromptRecord } from "../schema/common";
import type { Answer, JudgeStep, Pair, WeaveResult } from "../schema/weave";
import { parseSlot, publicSlot, type Slot, type SlotInput } from "../slot/slot";
import { coerceClaims, coercePairs } from "../judge/coerce";
import { lexicalPairs, sentenceClaims } from "../judge/lexical";
import { runJudgeStep, type JudgeStepOutcome } from "../judge/step";
import { computeConsensus } from "./consensus";
import { maximumMatching } from "./match";
import { buildPanels } from "./panels";
import {
  ANSWER_MAX_TOKENS,
  JUDGE_MAX_TOKENS,
  JUDGE_SYSTEM,
  JUDGE_TEMPERATURE,
  MAX_QUESTION_CHARS,
  answerPrompt,
  classifyPrompt,
  extractPrompt,
  sideLabel,
} from "./prompts";
import { weaveSummary } from "./summary";

export interface WeaveOptions {
  question: string;
  a: SlotInput;
  b: SlotInput;
  judge: SlotInput;
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
const SIDES = ["a", "b"] as const;
type Side = (typeof SIDES)[number];

/** Bad input, said in one sentence that tells the user what to do. */
export class WeaveInputError extends Error {
  override name = "WeaveInputError";
}

type CallModel = (req: CallRequest) => Promise<CallResult>;

interface Validated {
  question: string;
  slots: Record<Side | "judge", Slot>;
  maxClaims: number;
}

export function validateWeaveOptions(options: unknown): Validated {
  if (typeof options !== "object" || options === null) {
    throw new WeaveInputError('weave() needs an options object: weave({ question, a, b, judge }).');
  }
  const o = options as Partial<WeaveOptions>;
  if (typeof o.question !== "string" || o.question.trim() === "") {
    throw new WeaveInputError("The question is empty: pass question: \"...\" with the question both models should answer.");
  }
  const question = o.question.trim();
  if (question.length > MAX_QUESTION_CHARS) {
    throw new WeaveInputError(`The question is ${question.length} characters long; the limit is ${MAX_QUESTION_CHARS}: shorten it.`);
  }
  const maxClaims = o.maxClaims ?? 12;
  if (!Number.isInteger(maxClaims) || maxClaims < 1 || maxClaims > MAX_CLAIMS_LIMIT) {
    throw new WeaveInputError(`maxClaims must be a whole number from 1 to ${MAX_CLAIMS_LIMIT} (got ${String(o.maxClaims)}).`);
  }
  return {
    question,
    maxClaims,
    slots: { a: parseSlot("a", o.a), b: parseSlot("b", o.b), judge: parseSlot("judge", o.judge) },
  };
}

const errorKind = (e: unknown): string | undefined => (typeof e === "object" && e !== null ? (e as { kind?: unknown }).kind as string | undefined : undefined);
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const errorRecord = (e: unknown): CallRecord | null =>
  typeof e === "object" && e !== null && "record" in e ? ((e as { record?: CallRecord | null }).record ?? null) : null;

const PARSE_ORDER: ParseMode[] = ["json", "json-retry", "fallback-lexical"];
export function weakestParseMode(modes: ParseMode[]): ParseMode {
  return modes.reduce<ParseMode>((w, m) => (PARSE_ORDER.indexOf(m) > PARSE_ORDER.indexOf(w) ? m : w), "json");
}

/** The returned object is plain data; only a cell's inspection and String() show the summary. */
function withSummary(result: WeaveResult): WeaveResult {
  const line = weaveSummary(result);
  Object.defineProperty(result, util.inspect.custom, { value: () => line, enumerable: false });
  Object.defineProperty(result, "toString", { value: () => line, enumerable: false });
  return result;
}

class Cancelled extends Error {}

/**
 * Runs a weave. Resolves with the result (a labelled degraded one if the judge misbehaves);
 * rejects with one clear sentence if the input is bad, an answer fails or the run is cancelled.
 */
export async function weave(options: WeaveOptions): Promise<WeaveResult> {
  return runWeave(options, realCallModel);
}

/** `weave` with the model client (and live run) passed in: tests use fakes to force failures. */
export async function runWeave(options: WeaveOptions, callModel: CallModel, startLive: typeof startLiveRun = startLiveRun): Promise<WeaveResult> {
  const { question, slots, maxClaims } = validateWeaveOptions(options);
  const nonce = randomBytes(8).toString("hex");
  const runId = randomUUID();
  const title = `Weave: ${question.length > 80 ? `${question.slice(0, 77)}...` : question}`;
  const live: LiveRun = startLive({ view: "weave", title, stages: WEAVE_STAGES, display: options.display, signal: options.signal });
  const { tracker } = live;
  const startedAt = Date.now();

  const prompts: PromptRecord[] = [];
  const calls: CallRecord[] = [];
  const warnings: string[] = [];
  const base = {
    kind: "weave" as const,
    version: 1 as const,
    question,
    runId,
    nonce,
    createdAt: new Date(startedAt).toISOString(),
    demo: Object.values(slots).some((s) => s.provider === "demo"),
    sides: [...SIDES] as string[],
    slots: Object.fromEntries(Object.entries(slots).map(([k, s]) => [k, publicSlot(s)])),
  };

  const throwIfCancelled = () => {
    if (live.signal.aborted) throw new Cancelled();
  };

  // A slot's own maxTokens wins; otherwise the seed's budgets (answers 1600, judge 2000).
  const budget = (slotName: Side | "judge") => slots[slotName].maxTokens ?? (slotName === "judge" ? JUDGE_MAX_TOKENS : ANSWER_MAX_TOKENS);

  const call = async (slotName: Side | "judge", role: string, text: string, signal: AbortSignal, judge: boolean): Promise<CallResult> => {
    prompts.push({ role, sha256: promptHash(role, text), text });
    const messages = judge ? [{ role: "system" as const, content: JUDGE_SYSTEM }, { role: "user" as const, content: text }] : [{ role: "user" as const, content: text }];
    try {
      const r = await callModel({
        slotName,
        slot: slots[slotName],
        role,
        messages,
        maxTokens: budget(slotName),
        ...(judge ? { temperature: slots.judge.temperature ?? JUDGE_TEMPERATURE, isJudge: true } : slots[slotName].temperature !== undefined ? { temperature: slots[slotName].temperature } : {}),
        signal,
      });
      calls.push(r.record);
      return r;
    } catch (e) {
      const rec = errorRecord(e);
      if (rec) calls.push(rec);
      throw e;
    }
  };

  const isFatal = (e: unknown) => live.signal.aborted || errorKind(e) === "aborted";
  const isHopeless = (e: unknown) => ["auth", "unknown-model", "unreachable"].includes(errorKind(e) ?? "");

  try {
    // 1. Asking: A ∥ B, identical bytes. A failed side stops its sibling so nothing is left running.
    tracker.enter("asking", "Model A and Model B answering the same question in parallel");
    await live.yieldToLoop();
    const prompt = answerPrompt(question, nonce);
    const sibling = new AbortController();
    const stopSibling = () => sibling.abort(live.signal.reason);
    live.signal.addEventListener("abort", stopSibling, { once: true });
    const answered: Side[] = [];
    const settled = await Promise.allSettled(
      SIDES.map(async (side) => {
        const r = await call(side, sideLabel(side), prompt, sibling.signal, false).catch((e) => {
          sibling.abort(e);
          throw e;
        });
        answered.push(side);
        if (answered.length < SIDES.length) tracker.detail(`Model ${sideLabel(side)} answered in ${(r.latencyMs / 1000).toFixed(1)} s; waiting for the other`);
        return r;
      }),
    );
    live.signal.removeEventListener("abort", stopSibling);
    throwIfCancelled();
    // Report the side that failed first-hand, not the sibling we stopped because of it.
    const firstHand = settled.findIndex((s) => s.status === "rejected" && errorKind(s.reason) !== "aborted");
    const failed = firstHand >= 0 ? firstHand : settled.findIndex((s) => s.status === "rejected");
    if (failed >= 0) {
      const reason = (settled[failed] as PromiseRejectedResult).reason;
      throw new StageFailure("asking", `Model ${sideLabel(SIDES[failed]!)} could not answer: ${errorText(reason)}`);
    }
    const answers = {} as Record<Side, Answer>;
    SIDES.forEach((side, i) => {
      const r = (settled[i] as PromiseFulfilledResult<CallResult>).value;
      answers[side] = { text: r.content, usage: r.usage, reasoningTokens: r.reasoningTokens, finishReason: r.finishReason, latencyMs: r.latencyMs };
      if (r.content.trim() === "") throw new StageFailure("asking", `Model ${sideLabel(side)} returned an empty answer (finish reason ${r.finishReason ?? "n/a"}): try a larger budget or another model.`);
      if (r.finishReason === "length") warnings.push(`Model ${sideLabel(side)}'s answer was cut off at its ${budget(side)}-token budget (finish reason "length"): its claims cover only what it wrote.`);
    });
    live.publish({ ...base, answers, prompts: [...prompts], calls: [...calls], warnings: [...warnings] });

    // 2. Extracting: one judge job per answer, concurrently.
    tracker.enter("extracting", "The judge is splitting each answer into atomic claims");
    await live.yieldToLoop();
    const extracted = await Promise.all(
      SIDES.map((side) =>
        runJudgeStep<string[]>({
          what: `Model ${sideLabel(side)}'s claims`,
          ask: async (attempt) => (await call("judge", `judge-extract-${sideLabel(side)}`, extractPrompt(side, answers[side].text, nonce, maxClaims, attempt), live.signal, true)).content,
          read: (v) => {
            const c = coerceClaims(v, maxClaims);
            if (!c) return { ok: false, reason: "it is not a list of claims" };
            if (c.claims.length === 0) return { ok: false, reason: "the list holds no claims" };
            return { ok: true, value: c.claims };
          },
          fallback: () => sentenceClaims(answers[side].text, maxClaims),
          fallbackLabel: "claims were split from the answer's sentences, not extracted by the judge",
          isFatal,
          isHopeless,
        }),
      ),
    );
    throwIfCancelled();
    const claims = {} as Record<Side, string[]>;
    const extractSteps = {} as Record<Side, JudgeStep>;
    SIDES.forEach((side, i) => {
      const out = extracted[i]!;
      claims[side] = out.value;
      extractSteps[side] = out.step;
      if (out.warning) warnings.push(out.warning);
    });
    live.publish({ ...base, answers, claims, judge: { extract: extractSteps }, prompts: [...prompts], calls: [...calls], warnings: [...warnings] });

    // 3. Classifying: one call over both lists. No claims on a side means nothing to relate.
    tracker.enter("classifying", "The judge is relating A's claims to B's");
    await live.yieldToLoop();
    let classified: JudgeStepOutcome<Pair[]>;
    if (claims.a.length === 0 || claims.b.length === 0) {
      const empty = SIDES.filter((s) => claims[s].length === 0).map((s) => `Model ${sideLabel(s)}`).join(" and ");
      classified = { value: [], step: { parseMode: "json", raw: [], failure: null, rung: null }, warning: `No relations classified: ${empty} gave no claims.` };
    } else {
      classified = await runJudgeStep<Pair[]>({
        what: "the relations between the claims",
        ask: async (attempt) => (await call("judge", "judge-classify", classifyPrompt(claims.a, claims.b, nonce, attempt), live.signal, true)).content,
        read: (v) => {
          const p = coercePairs(v, claims.a.length, claims.b.length, "judge");
          return p ? { ok: true, value: p.pairs } : { ok: false, reason: "it holds no list of pairs" };
        },
        fallback: () => lexicalPairs(claims.a, claims.b),
        fallbackLabel: "relations are word overlap (Jaccard ≥ 0.32, negation > 0.45), not the judge's reading; every such edge is marked lexical",
        isFatal,
        isHopeless,
      });
    }
    throwIfCancelled();
    if (classified.warning) warnings.push(classified.warning);
    const pairs = classified.value;
    live.publish({ ...base, answers, claims, pairs, judge: { extract: extractSteps, classify: classified.step }, prompts: [...prompts], calls: [...calls], warnings: [...warnings] });

    // 4. Weaving: pure.
    tracker.enter("weaving", `${pairs.length} relation${pairs.length === 1 ? "" : "s"}: matching and building the panels`);
    await live.yieldToLoop();
    const matches = maximumMatching(pairs, claims.a, claims.b);
    const consensus = computeConsensus(claims.a.length, claims.b.length, pairs, matches);
    const panels = buildPanels(claims.a, claims.b, pairs, matches);
    const parseMode = weakestParseMode([...SIDES.map((s) => extractSteps[s].parseMode), classified.step.parseMode]);

    tracker.enter("settled");
    const result: WeaveResult = {
      ...base,
      answers,
      claims,
      pairs,
      parseMode,
      judge: { extract: extractSteps, classify: classified.step },
      consensus,
      panels,
      prompts,
      calls,
      warnings,
      timings: { stages: tracker.durations(), totalMs: Date.now() - startedAt },
    };
    live.publish(result);
    live.fallback({ text: weaveSummary(result) });
    tracker.finish();
    return withSummary(result);
  } catch (e) {
    const stage = tracker.state.stages.find((s) => s.status === "active" || s.status === "cancelled");
    if (e instanceof Cancelled || live.signal.aborted) {
      if (tracker.state.status === "running" || tracker.state.status === "idle") tracker.cancel();
      throw new Error(`Weave was cancelled while ${stage ? stage.label.toLowerCase() : "starting"}.`);
    }
    if (e instanceof StageFailure) {
      tracker.fail(e.message, e.stage);
      throw new Error(`Weave stopped at "${WEAVE_STAGES.find((s) => s.id === e.stage)?.label}": ${e.message}`);
    }
    const message = `Weave failed while ${stage ? stage.label.toLowerCase() : "running"}: ${errorText(e)}`;
    tracker.fail(errorText(e));
    throw new Error(message, { cause: e });
  }
}

class StageFailure extends Error {
  constructor(readonly stage: string, message: string) {
    super(message);
  }
}
