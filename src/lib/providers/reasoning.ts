// Hidden reasoning is destroyed at the edge: the content is read first, then every reasoning key
// is deleted wherever it sits in the body, so nothing downstream can see it. Only counts survive.
import type { Usage } from "../schema/common";

export const REASONING_KEYS = ["reasoning_content", "reasoning", "reasoning_details", "thinking", "chain_of_thought", "analysis", "thoughts"] as const;

const KEYS = new Set<string>(REASONING_KEYS);

/** Delete every reasoning key anywhere in a parsed body (in place); returns how many were found. */
export function destroyReasoning(value: unknown): number {
  let n = 0;
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
    } else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        if (KEYS.has(k)) {
          delete o[k];
          n++;
        } else walk(o[k]);
      }
    }
  };
  walk(value);
  return n;
}

/** The visible answer: a string, or the text parts of a content array; anything else is "". */
export function readContent(message: unknown): string {
  if (!message || typeof message !== "object") return "";
  const c = (message as Record<string, unknown>).content;
  if (typeof c === "string") return c;
  if (Array.isArray(c)) {
    return c
      .map((p) => (p && typeof p === "object" && (p as Record<string, unknown>).type === "text" ? String((p as Record<string, unknown>).text ?? "") : ""))
      .join("");
  }
  return "";
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);

/** Reasoning tokens as reported: completion_tokens_details first, then top-level; else null. */
export function readReasoningTokens(usage: unknown): number | null {
  if (!usage || typeof usage !== "object") return null;
  const u = usage as Record<string, unknown>;
  const details = u.completion_tokens_details;
  if (details && typeof details === "object") {
    const r = num((details as Record<string, unknown>).reasoning_tokens);
    if (r !== null) return r;
  }
  return num(u.reasoning_tokens);
}

export function readUsage(usage: unknown): Usage {
  const u = usage && typeof usage === "object" ? (usage as Record<string, unknown>) : {};
  return { promptTokens: num(u.prompt_tokens), completionTokens: num(u.completion_tokens), totalTokens: num(u.total_tokens) };
}

/** Add two counts where either is known; two unknowns stay unknown (null, never 0). */
export function addCounts(a: number | null, b: number | null): number | null {
  return a === null && b === null ? null : (a ?? 0) + (b ?? 0);
}

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: addCounts(a.promptTokens, b.promptTokens),
    completionTokens: addCounts(a.completionTokens, b.completionTokens),
    totalTokens: addCounts(a.totalTokens, b.totalTokens),
  };
}
