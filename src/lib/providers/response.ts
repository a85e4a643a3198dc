// Reading a provider's answer. Pure: text in, a verdict out. Every reasoning key is destroyed here,
// after the content has been read, so the body never travels further than this function.
import type { Usage } from "../schema/common";
import { destroyReasoning, readContent, readReasoningTokens, readUsage } from "./reasoning";
import { snippet } from "../errors/redact";
import { clip, readErrorBody } from "./error-body";

export type Completion = {
  ok: true;
  content: string;
  usage: Usage;
  reasoningTokens: number | null;
  finishReason: string | null;
  /** How many reasoning keys were found and destroyed (for tests and audits; never their text). */
  destroyedKeys: number;
};
export type CompletionProblem = { ok: false; problem: "not-json" | "truncated" | "no-choices" | "error-object"; detail: string };

/** True when `text` opens a JSON object/array that never closes: the body was cut off. */
export function looksTruncated(text: string): boolean {
  const t = text.trim();
  if (!t || (t[0] !== "{" && t[0] !== "[")) return false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const ch of t) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") depth--;
  }
  return depth > 0 || inString;
}

/** The provider's own error message in an error body, whole up to 500 characters, never cut in a URL. */
export function providerMessage(body: string): string | null {
  const e = readErrorBody(body);
  return e.message ? clip(e.message) || null : null;
}

export function parseCompletion(text: string): Completion | CompletionProblem {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (looksTruncated(text)) return { ok: false, problem: "truncated", detail: `${text.length} bytes ending "${snippet(text.slice(-40), 40)}"` };
    return { ok: false, problem: "not-json", detail: text.trim() ? `"${snippet(text, 80)}"` : "an empty body" };
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, problem: "no-choices", detail: `"${snippet(text, 80)}"` };
  }
  const b = body as Record<string, unknown>;
  if (b.error && !Array.isArray(b.choices)) {
    return { ok: false, problem: "error-object", detail: providerMessage(text) ?? "no message" };
  }
  const choices = b.choices;
  if (!Array.isArray(choices) || choices.length === 0 || !choices[0] || typeof choices[0] !== "object") {
    // Destroy before echoing: a reasoning-only body must not leak through the error message.
    destroyReasoning(b);
    return { ok: false, problem: "no-choices", detail: `"${snippet(JSON.stringify(b), 80)}"` };
  }
  const choice = choices[0] as Record<string, unknown>;
  const message = choice.message ?? choice.delta;
  const content = readContent(message);
  const usage = readUsage(b.usage);
  const reasoningTokens = readReasoningTokens(b.usage);
  const finishReason = typeof choice.finish_reason === "string" ? choice.finish_reason : null;
  const destroyedKeys = destroyReasoning(b);
  return { ok: true, content, usage, reasoningTokens, finishReason, destroyedKeys };
}
