// Every demo model: what it answers, how it reports reasoning tokens, and which reasoning keys it
// leaves in its body for the client to destroy. Pure: a request in, a reply out.
import { answerFor } from "./answers";
import { ANSWERERS, type Answerer } from "./claims";
import { codeFor, CODERS, type CoderName } from "./coders";
import { JUDGES, judgeAnswer, type JudgeName } from "./judge";
import { STRICT_MODELS } from "./strict";
import { isThinker, thinkerReply, THINKERS } from "./thinkers";

export const DEMO_MODELS: string[] = [...ANSWERERS, ...JUDGES, ...CODERS, ...THINKERS, ...STRICT_MODELS];

/** Where a persona reports reasoning tokens: the nested field, the top-level one, or nowhere. */
export type UsageStyle = "details" | "top" | "none";

export interface PersonaReply {
  content: string;
  reasoningTokens: number;
  usageStyle: UsageStyle;
  /** Reasoning keys the body carries on `message` (hidden text the client must destroy). */
  hidden: Record<string, unknown>;
  finishReason: "stop" | "length";
}

interface Spec {
  style: UsageStyle;
  /** Which reasoning keys this persona's bodies carry. */
  keys: string[];
}

const SPECS: Record<string, Spec> = {
  atlas: { style: "details", keys: ["reasoning_content"] },
  beacon: { style: "top", keys: ["reasoning", "reasoning_details"] },
  cedar: { style: "none", keys: [] },
  judge: { style: "none", keys: [] },
  "judge-messy": { style: "details", keys: ["thinking", "analysis"] },
  "judge-broken": { style: "none", keys: ["chain_of_thought"] },
  "judge-unstable": { style: "top", keys: [] },
  "judge-paraphrase": { style: "none", keys: [] },
  "judge-inventor": { style: "none", keys: [] },
  "judge-crossed": { style: "details", keys: [] },
  "judge-skipper": { style: "none", keys: [] },
  analyst: { style: "details", keys: ["reasoning_content"] },
  "raw-bars": { style: "none", keys: [] },
  crasher: { style: "top", keys: ["thoughts"] },
  overthinker: { style: "details", keys: ["reasoning_content", "reasoning"] },
  socket: { style: "none", keys: [] },
  liar: { style: "details", keys: ["thoughts"] },
  // Inline thinkers report no reasoning count (as Ollama and LM Studio do): n/a, never estimated.
  sage: { style: "none", keys: [] },
  drifter: { style: "none", keys: [] },
  "judge-think": { style: "none", keys: [] },
  "judge-drifter": { style: "none", keys: [] },
  // Like OpenAI's reasoning models: reasoning hidden, only its count reported.
  strict: { style: "details", keys: [] },
  "judge-strict": { style: "details", keys: [] },
  seaborn: { style: "none", keys: [] },
};

export function isDemoModel(model: string): boolean {
  return Object.hasOwn(SPECS, model);
}

/** Text nobody downstream may ever see: tests search results for this marker. */
export const HIDDEN_MARKER = "HIDDEN-REASONING";

function hiddenFor(model: string, keys: string[]): Record<string, unknown> {
  const text = `${HIDDEN_MARKER} of ${model}: first I will think about the question at length.`;
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = k === "reasoning_details" ? [{ type: "reasoning.text", text }] : text;
  return out;
}

/** A stable small number from text, so token counts are deterministic but not all alike. */
function spread(text: string, lo: number, hi: number): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return lo + (h % (hi - lo + 1));
}

export function reply(model: string, prompt: string, maxTokens: number): PersonaReply | null {
  const spec = SPECS[model];
  if (!spec) return null;
  const base = { usageStyle: spec.style, hidden: hiddenFor(model, spec.keys), finishReason: "stop" as const };
  if (isThinker(model)) {
    const t = thinkerReply(model, prompt, maxTokens);
    return { ...base, content: t.content, finishReason: t.finishReason, reasoningTokens: 0 };
  }
  if (model === "strict") return { ...base, content: answerFor("atlas", prompt), reasoningTokens: spread(model + prompt, 100, 400) };
  if (model === "judge-strict") return { ...base, content: judgeAnswer("judge", prompt), reasoningTokens: spread(model + prompt, 100, 400) };
  if ((ANSWERERS as readonly string[]).includes(model)) {
    return { ...base, content: answerFor(model as Answerer, prompt), reasoningTokens: spread(model + prompt, 40, 220) };
  }
  if ((JUDGES as readonly string[]).includes(model)) {
    return { ...base, content: judgeAnswer(model as JudgeName, prompt), reasoningTokens: spread(model + prompt, 10, 90) };
  }
  if (model === "overthinker" && maxTokens <= 1600) {
    // The whole budget goes on hidden reasoning: HTTP 200, empty content, finish_reason "length".
    return { ...base, content: "", reasoningTokens: maxTokens, finishReason: "length" };
  }
  const reasoningTokens = model === "analyst" ? 87 : model === "overthinker" ? 1210 : spread(model + prompt, 5, 60);
  return { ...base, content: codeFor(model as CoderName, prompt), reasoningTokens };
}

const approxTokens = (s: string) => Math.ceil(s.length / 4);

/** The OpenAI-compatible body for a reply. */
export function completionBody(model: string, promptText: string, r: PersonaReply, id: string): Record<string, unknown> {
  const promptTokens = approxTokens(promptText);
  const completionTokens = approxTokens(r.content) + (r.usageStyle === "none" ? 0 : r.reasoningTokens);
  const usage: Record<string, unknown> = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
  if (r.usageStyle === "details") usage.completion_tokens_details = { reasoning_tokens: r.reasoningTokens };
  if (r.usageStyle === "top") usage.reasoning_tokens = r.reasoningTokens;
  return {
    id,
    object: "chat.completion",
    created: 1767225600,
    model,
    system_fingerprint: "duellab-demo",
    choices: [{ index: 0, message: { role: "assistant", content: r.content, ...r.hidden }, finish_reason: r.finishReason }],
    usage,
  };
}
