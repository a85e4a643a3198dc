// Demo models that think out loud, the way local reasoning models on Ollama, LM Studio, vLLM or
// llama.cpp do without a reasoning parser: their thinking is written into `content` as a leading
// `<think>…</think>` block — braces and draft JSON included — and a long thought can be cut off by
// the budget before it ever closes. The client must destroy all of it. Pure.
import { answerFor } from "./answers";
import { judgeAnswer } from "./judge";
import { readChartJudge, readClassify, readExtract } from "./prompts";

/** sage: answers like beacon, after an inline <think> block with braces in it.
 *  drifter: answers like cedar, but its first answer (≤ 1600 tokens) is cut off mid-thought.
 *  judge-think: judges like `judge`, after a <think> block holding a WRONG draft of the JSON.
 *  judge-drifter: judges like `judge`, but at ≤ 2000 tokens it is cut off mid-thought. */
export const THINKERS = ["sage", "drifter", "judge-think", "judge-drifter"] as const;
export type Thinker = (typeof THINKERS)[number];

export function isThinker(model: string): model is Thinker {
  return (THINKERS as readonly string[]).includes(model);
}

/** Text nobody downstream may ever see: tests search results for this marker. */
export const INLINE_MARKER = "INLINE-THINKING";

/** A draft that would change the result if it were read as the answer. */
function wrongDraft(prompt: string): string {
  if (readExtract(prompt)) return `{"claims": ["Let me reason.", "${INLINE_MARKER} draft claim"]}`;
  if (readClassify(prompt)) return `{"pairs": [{"a": 0, "b": 0, "relation": "contradict", "strength": 1}]}`;
  if (readChartJudge(prompt))
    return `{"a": {"insight": 1, "clarity": 1, "verdict": "draft"}, "b": {"insight": 1, "clarity": 1, "verdict": "draft"}, "ship": "neither"}`;
  return `{"draft": true}`;
}

function thinking(who: string, prompt: string): string {
  return [
    `<think>`,
    `${INLINE_MARKER} of ${who}. Let me reason about what is asked before answering.`,
    `A first draft could be ${wrongDraft(prompt)} — no, that is not right; check every item again.`,
    `Okay. I will answer now.`,
    `</think>`,
    ``,
    ``,
  ].join("\n");
}

/** The same thinking, stopped mid-sentence by the budget: the block never closes. */
function cutOff(who: string, prompt: string): string {
  return thinking(who, prompt)
    .split("\n")
    .slice(0, 3)
    .join("\n")
    .replace(/ again\.$/, ' again, and then {"');
}

export interface ThinkerReply {
  content: string;
  finishReason: "stop" | "length";
  /** Completion tokens the reply stands for (a cut-off reply used its whole budget). */
  tokens: number | null;
}

export function thinkerReply(model: Thinker, prompt: string, maxTokens: number): ThinkerReply {
  switch (model) {
    case "sage":
      return { content: thinking(model, prompt) + answerFor("beacon", prompt), finishReason: "stop", tokens: null };
    case "drifter":
      if (maxTokens <= 1600) return { content: cutOff(model, prompt), finishReason: "length", tokens: maxTokens };
      return { content: thinking(model, prompt) + answerFor("cedar", prompt), finishReason: "stop", tokens: null };
    case "judge-think":
      return { content: thinking(model, prompt) + judgeAnswer("judge", prompt), finishReason: "stop", tokens: null };
    case "judge-drifter":
      if (maxTokens <= 2000) return { content: cutOff(model, prompt), finishReason: "length", tokens: maxTokens };
      return { content: thinking(model, prompt) + judgeAnswer("judge", prompt), finishReason: "stop", tokens: null };
  }
}
