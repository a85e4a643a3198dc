// Empty content, for judges too. An empty judge answer is hidden reasoning eating the budget (the
// seed's example: 3997 of 4000 tokens spent thinking), so — before the parse ladder's fresh sample —
// the run asks the same prompt once more with max_tokens doubled (capped at 4000) and says so. The
// client itself gives judges no retry (their callers own prompts and records); this is the rule
// those callers share. Pure.
import type { CallRecord } from "../schema/common";
import type { CallResult } from "./contract";
import { doubledBudget } from "./request";

const SUFFIX = "-empty-retry";

export interface JudgeRetry {
  /** The retry's ledger role: the same prompt under another role, so it is recorded, not refused. */
  role: string;
  maxTokens: number;
  warning: string;
}

/** The one retry an empty judge answer gets, or null (content present, already retried, or no room). */
export function judgeEmptyRetry(r: Pick<CallResult, "content" | "reasoningTokens" | "finishReason">, role: string, maxTokens: number): JudgeRetry | null {
  if (r.content.trim() !== "" || role.endsWith(SUFFIX)) return null;
  const bigger = doubledBudget(maxTokens);
  if (bigger <= maxTokens) return null;
  return {
    role: `${role}${SUFFIX}`,
    maxTokens: bigger,
    warning: `The judge returned empty content for ${role} (max_tokens ${maxTokens}; reasoning tokens ${r.reasoningTokens ?? "n/a"}; finish reason ${r.finishReason ?? "n/a"}): hidden reasoning likely used the budget, so it was asked again with max_tokens ${bigger} before any fresh sample.`,
  };
}

/** Add a call's adaptation sentences to a result's warnings, each once. */
export function noteAdaptations(warnings: string[], rec: CallRecord): void {
  for (const w of rec.adaptations ?? []) if (!warnings.includes(w)) warnings.push(w);
}
