// weave(): ask A and B the same question, have the judge extract and relate their claims, and
// return the graph data. The I/O shell: every decision is made by the pure modules beside it.
import { randomBytes, randomUUID } from "node:crypto";
import util from "node:util";
import { defaultRunDeps } from "../run/deps";
import { judgeEmptyRetry, noteAdaptations } from "../providers/judge-empty";
import type { CallRequest, CallResult } from "../providers/contract";
import { promptHash } from "../providers/ledger";
import { errorKind, errorRecord, errorText, isHopeless } from "../run/error-record";
import { Cancelled, InputError, StageFailure } from "../run/errors";
import { endRun } from "../run/failure";
import { startLiveRun, type LiveRun } from "../run/live";
import type { StageSpec } from "../run/stages";
import type { CallRecord, ParseMode, PromptRecord } from "../schema/common";
import type { Answer, JudgeStep, KeepRule, MultiWeave, Pair, PairwiseWeave, Stability, WeaveResult } from "../schema/weave";
import { parseSlot, publicSlot, type Slot, type SlotInput } from "../slot/slot";
import { coerceClaims } from "../judge/coerce";
import { sentenceClaims } from "../judge/lexical";
import { judgeRunLine, KEEP_RULES, spreadOf } from "../judge/stability";
import { runJudgeStep } from "../judge/step";
import { classifiedParseMode, classifyPair, pairConsensus, type Classified } from "./classify";
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
  sideKeys,
  sideLabel,
} from "./prompts";
import { groupClaims, GROUP_RULE } from "./multi/group";
import { agreementMatrix, distribution, modelPairs } from "./multi/matrix";
import { CLASSIFY_CONCURRENCY, limiter } from "./multi/limit";
import { weaveSummary } from "./summary";

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
type Side = string;

/** Bad input, said in one sentence that tells the user what to do. */
export class WeaveInputError extends InputError {
  override name = "WeaveInputError";
}

type CallModel = (req: CallRequest) => Promise<CallResult>;

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
  const judgeRuns = o.judgeRuns ?? 1;
  if (!Number.isInteger(judgeRuns) || judgeRuns < 1 || judgeRuns > MAX_JUDGE_RUNS) {
    throw new WeaveInputError(`judgeRuns must be a whole number from 1 to ${MAX_JUDGE_RUNS} (got ${String(o.judgeRuns)}).`);
  }
  const keepRule = o.keepRule ?? "majority";
  if (!KEEP_RULES.includes(keepRule)) {
    throw new WeaveInputError(`keepRule must be one of ${KEEP_RULES.map((r) => `"${r}"`).join(", ")} (got ${JSON.stringify(o.keepRule)}).`);
  }
  const judge = parseSlot("judge", o.judge);
  if (o.models !== undefined) {
    if (o.a !== undefined || o.b !== undefined) {
      throw new WeaveInputError("Pass either models: [...] or a and b, not both.");
    }
    if (!Array.isArray(o.models) || o.models.length < 2 || o.models.length > MAX_MODELS) {
      throw new WeaveInputError(`models must be a list of 2 to ${MAX_MODELS} slots (got ${Array.isArray(o.models) ? o.models.length : typeof o.models}).`);
    }
    const sides = sideKeys(o.models.length);
    const slots: Record<string, Slot> = {};
    sides.forEach((side, i) => (slots[side] = parseSlot(side, o.models![i])));
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

/**
 * Runs a weave. Resolves with the result (a labelled degraded one if the judge misbehaves);
 * rejects with one clear sentence if the input is bad, an answer fails or the run is cancelled.
 */
export async function weave(options: WeaveOptions): Promise<WeaveResult> {
  return runWeave(options, defaultRunDeps.callModel);
}

/** `weave` with the model client (and live run) passed in: tests use fakes to force failures. */
export async function runWeave(options: WeaveOptions, callModel: CallModel, startLive: typeof startLiveRun = startLiveRun): Promise<WeaveResult> {
  const { question, slots, maxClaims, sides: SIDES, multi, judgeRuns, keepRule } = validateWeaveOptions(options);
  const many = SIDES.length > 2;
  const nonce = randomBytes(8).toString("hex");
  const runId = randomUUID();
  const title = `Weave: ${question.length > 80 ? `${question.slice(0, 77)}...` : question}`;
  const live: LiveRun = startLive({ view: "weave", title: multi ? `${title} (${SIDES.length} models)` : title, stages: WEAVE_STAGES, display: options.display, signal: options.signal });
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

  const call = async (slotName: Side | "judge", role: string, text: string, signal: AbortSignal, judge: boolean, maxTokens = budget(slotName)): Promise<CallResult> => {
    prompts.push({ role, sha256: promptHash(role, text), text });
    const messages = judge ? [{ role: "system" as const, content: JUDGE_SYSTEM }, { role: "user" as const, content: text }] : [{ role: "user" as const, content: text }];
    try {
      const r = await callModel({
        slotName,
        slot: slots[slotName],
        role,
        messages,
        maxTokens,
        ...(judge ? { temperature: slots.judge.temperature ?? JUDGE_TEMPERATURE, isJudge: true } : slots[slotName].temperature !== undefined ? { temperature: slots[slotName].temperature } : {}),
        signal,
      });
      calls.push(r.record);
      noteAdaptations(warnings, r.record);
      const retry = judgeEmptyRetry(r, role, maxTokens);
      if (judge && retry) {
        warnings.push(retry.warning);
        return await call(slotName, retry.role, text, signal, judge, retry.maxTokens);
      }
      return r;
    } catch (e) {
      const rec = errorRecord(e);
      if (rec) calls.push(rec);
      if (rec) noteAdaptations(warnings, rec);
      throw e;
    }
  };

  const isFatal = (e: unknown) => live.signal.aborted || errorKind(e) === "aborted";

  try {
    // 1. Asking: A ∥ B, identical bytes. A failed side stops its sibling so nothing is left running.
    tracker.enter("asking", many ? `${SIDES.length} models answering the same question in parallel` : "Model A and Model B answering the same question in parallel");
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
        if (answered.length < SIDES.length) {
          tracker.detail(many ? `${answered.length} of ${SIDES.length} answered; Model ${sideLabel(side)} took ${(r.latencyMs / 1000).toFixed(1)} s` : `Model ${sideLabel(side)} answered in ${(r.latencyMs / 1000).toFixed(1)} s; waiting for the other`);
        }
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
      throw new StageFailure("asking", `Model ${sideLabel(SIDES[failed]!)} could not answer: ${errorText(reason)}`, reason);
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

    // 3. Classifying: one CLASSIFY (or judgeRuns of them) per pair of answers, MODEL A = the lower
    // index. No claims on a side means nothing to relate.
    const pairList = modelPairs(SIDES);
    const judgeSlot = limiter(CLASSIFY_CONCURRENCY);
    tracker.enter("classifying", many ? `The judge is relating the claims of ${pairList.length} pairs of answers` : "The judge is relating A's claims to B's");
    await live.yieldToLoop();
    const classifiedList: Classified[] = await Promise.all(
      pairList.map(async ([x, y]): Promise<Classified> => {
        const pairName = `${sideLabel(x)}-${sideLabel(y)}`;
        if (claims[x]!.length === 0 || claims[y]!.length === 0) {
          const empty = [x, y].filter((s) => claims[s]!.length === 0).map((s) => `Model ${sideLabel(s)}`).join(" and ");
          const step: JudgeStep = { parseMode: "json", raw: [], failure: null, rung: null };
          return { pairs: [], step, steps: [step], stability: null, warnings: [`No relations classified${many ? ` for ${pairName}` : ""}: ${empty} gave no claims.`], runPairs: Array.from({ length: judgeRuns }, () => []) };
        }
        return classifyPair({
          claimsX: claims[x]!,
          claimsY: claims[y]!,
          what: many ? `the relations between ${sideLabel(x)}'s and ${sideLabel(y)}'s claims` : "the relations between the claims",
          runs: judgeRuns,
          rule: keepRule,
          ask: async ({ k, order, attempt }) => {
            const role = `judge-classify${many ? `-${pairName}` : ""}${judgeRuns > 1 ? `-run${k}` : ""}`;
            const [first, second] = order === "straight" ? [claims[x]!, claims[y]!] : [claims[y]!, claims[x]!];
            const text = classifyPrompt(first, second, nonce, attempt, judgeRunLine(k, judgeRuns, order));
            return (await judgeSlot(() => call("judge", role, text, live.signal, true))).content;
          },
          isFatal,
          isHopeless,
        });
      }),
    );
    throwIfCancelled();
    for (const c of classifiedList) warnings.push(...c.warnings);
    const ab = classifiedList[0]!;
    const pairs = ab.pairs;
    const classifyJudge = (c: Classified) => ({ ...c.step, parseMode: classifiedParseMode(c) });
    const judgeSteps = { extract: extractSteps, classify: classifyJudge(ab), ...(judgeRuns > 1 ? { classifyRuns: ab.steps } : {}) };
    live.publish({ ...base, answers, claims, pairs, judge: judgeSteps, prompts: [...prompts], calls: [...calls], warnings: [...warnings] });

    // 4. Weaving: pure.
    const relations = classifiedList.reduce((t, c) => t + c.pairs.length, 0);
    tracker.enter("weaving", `${relations} relation${relations === 1 ? "" : "s"}: matching and building the panels`);
    await live.yieldToLoop();
    const matches = maximumMatching(pairs, claims.a!, claims.b!);
    const consensus = computeConsensus(claims.a!.length, claims.b!.length, pairs, matches);
    const panels = buildPanels(claims.a!, claims.b!, pairs, matches);
    const parseMode = weakestParseMode([...SIDES.map((s) => extractSteps[s]!.parseMode), ...classifiedList.map(classifiedParseMode)]);
    const multiWeave = multi ? weaveMany(SIDES, claims, pairList, classifiedList) : undefined;
    const stability: Stability | undefined = ab.stability ?? undefined;
    tracker.enter("settled");
    const result: WeaveResult = {
      ...base,
      answers,
      claims,
      pairs,
      parseMode,
      judge: judgeSteps,
      consensus,
      panels,
      prompts,
      calls,
      warnings,
      timings: { stages: tracker.durations(), totalMs: Date.now() - startedAt },
      ...(stability ? { stability } : {}),
      ...(multiWeave ? { multi: multiWeave } : {}),
    };
    live.publish(result);
    live.fallback({ text: weaveSummary(result) });
    tracker.finish();
    return withSummary(result);
  } catch (e) {
    throw endRun(e, { run: "weave", title: "Weave", live, stages: WEAVE_STAGES });
  }
}

/** The hypergraph, the distribution and the matrix of an N-model weave, from each pair's relations. */
function weaveMany(sides: string[], claims: Record<string, string[]>, pairList: Array<[string, string]>, classified: Classified[]): MultiWeave {
  const pairwise: PairwiseWeave[] = pairList.map(([x, y], i) => {
    const c = classified[i]!;
    return {
      x,
      y,
      pairs: c.pairs,
      classify: { ...c.step, parseMode: classifiedParseMode(c) },
      consensus: pairConsensus(claims[x]!, claims[y]!, c.pairs),
      ...(c.stability ? { stability: c.stability } : {}),
    };
  });
  const { groups, groupEdges } = groupClaims(sides, claims, pairwise.map((p) => ({ x: p.x, y: p.y, pairs: p.pairs, matches: p.consensus.matches })));
  const { matrix, spread } = agreementMatrix(sides, pairwise);
  const runs = Math.max(...classified.map((c) => c.runPairs.length));
  // Repeated judge runs: the core share regrouped from each run's own relations, so the headline is a spread.
  const coreSpread =
    runs > 1
      ? spreadOf(
          Array.from({ length: runs }, (_, k) => {
            const ofRun = pairList.map(([x, y], i) => ({ x, y, pairs: classified[i]!.runPairs[k] ?? null }));
            if (ofRun.some((p) => p.pairs === null)) return null;
            const regrouped = groupClaims(sides, claims, ofRun.map((p) => ({ ...p, pairs: p.pairs!, matches: maximumMatching(p.pairs!, claims[p.x]!, claims[p.y]!) })));
            return distribution(regrouped.groups, sides.length).coreShare;
          }),
        )
      : undefined;
  return { models: [...sides], pairwise, groups, groupEdges, distribution: distribution(groups, sides.length), matrix, matrixSpread: spread, groupRule: GROUP_RULE, ...(coreSpread ? { coreSpread } : {}) };
}
