// How a request is adapted to what a model refuses (OpenAI's reasoning family refuses max_tokens,
// any temperature but its default, and — o1-mini — the system role). Detected from a 400, applied
// once, and remembered per provider + base URL + model for the rest of the process, so the extra
// round trip is paid once. The pure part says what to send; the cache is a small in-memory seam.
import type { Refusal } from "./error-body";

export interface Adaptation {
  /** Which name the token budget goes under. */
  budgetParam: "max_tokens" | "max_completion_tokens";
  /** Temperature refused: the model runs at its own default. */
  dropTemperature: boolean;
  /** System role refused: the system text goes first in the first user message. */
  systemAsUser: boolean;
}

/** OpenAI accepts max_completion_tokens on every current chat model; others get max_tokens. */
export function defaultAdaptation(provider: string): Adaptation {
  return { budgetParam: provider === "openai" ? "max_completion_tokens" : "max_tokens", dropTemperature: false, systemAsUser: false };
}

/** The adaptation a refusal calls for, or null when it is already applied (nothing left to try). */
export function adapt(a: Adaptation, r: Refusal, sent: { temperature: boolean; system: boolean }): Adaptation | null {
  switch (r) {
    case "max_tokens":
      return a.budgetParam === "max_tokens" ? { ...a, budgetParam: "max_completion_tokens" } : null;
    case "max_completion_tokens":
      return a.budgetParam === "max_completion_tokens" ? { ...a, budgetParam: "max_tokens" } : null;
    case "temperature":
      return !a.dropTemperature && sent.temperature ? { ...a, dropTemperature: true } : null;
    case "system-role":
      return !a.systemAsUser && sent.system ? { ...a, systemAsUser: true } : null;
  }
}

/**
 * What an adaptation changed against the provider's default, as sentences for the record, the
 * result's warnings, the summary and the widget. `who` is "judge", "model A", ...; T = 0 is part
 * of the judge's method, so a judge at its default temperature must say so.
 */
export function adaptationNotes(
  a: Adaptation,
  o: { provider: string; who: string; model: string; temperature: number | undefined; isJudge: boolean; hadSystem: boolean },
): string[] {
  const out: string[] = [];
  const base = defaultAdaptation(o.provider);
  const name = `${o.who} ${o.model}`;
  if (a.budgetParam !== base.budgetParam) out.push(`${name} refuses ${base.budgetParam}: its budget was sent as ${a.budgetParam}`);
  if (a.dropTemperature && o.temperature !== undefined)
    out.push(`${name} refuses temperature ${o.temperature}: ${o.isJudge ? "judged" : "run"} at its default`);
  if (a.systemAsUser && o.hadSystem) out.push(`${name} refuses the system role: its instructions were sent in the first user message`);
  return out;
}

const cache = new Map<string, Adaptation>();

const keyOf = (provider: string, baseUrl: string, model: string) => `${provider}\u0000${baseUrl.replace(/\/+$/, "")}\u0000${model}`;

/** The seam: the adaptation this process learned for a provider + base URL + model, if any. */
export const adaptationCache = {
  get: (provider: string, baseUrl: string, model: string): Adaptation | undefined => cache.get(keyOf(provider, baseUrl, model)),
  set: (provider: string, baseUrl: string, model: string, a: Adaptation): void => void cache.set(keyOf(provider, baseUrl, model), a),
  /** Forget everything learned (tests). */
  clear: (): void => cache.clear(),
};
