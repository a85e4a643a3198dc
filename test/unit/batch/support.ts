// Test helpers for batches: a model client that counts (and can fail) calls, and scripted results.
import { callModel as realCallModel } from "../../../src/lib/providers/client";
import type { CallRequest, CallResult } from "../../../src/lib/providers/contract";
import { ProviderError, type ProviderErrorKind } from "../../../src/lib/providers/errors";
import { promptHash } from "../../../src/lib/providers/ledger";
import { callResult } from "../support/fake-client";

export const DEMO = {
  a: { provider: "demo" as const, model: "atlas" },
  b: { provider: "demo" as const, model: "beacon" },
  judge: { provider: "demo" as const, model: "judge" },
};

export const lastUser = (req: CallRequest) => [...req.messages].reverse().find((m) => m.role === "user")?.content ?? "";

/** The question a weave answer prompt carries (its text before the nonce line). */
export const answerQuestion = (req: CallRequest) => lastUser(req).split("\n\n[run-nonce:")[0]!;

export interface Counter {
  calls: CallRequest[];
  callModel: (req: CallRequest) => Promise<CallResult>;
}

/** Wraps the real client (demo server): every call is counted; `fail` may throw instead. */
export function counting(fail?: (req: CallRequest, n: number) => ProviderErrorKind | null): Counter {
  const calls: CallRequest[] = [];
  return {
    calls,
    callModel: async (req) => {
      calls.push(req);
      const kind = fail?.(req, calls.length) ?? null;
      if (kind) {
        const e = new ProviderError({
          kind,
          slotName: req.slotName,
          provider: req.slot.provider,
          model: req.slot.model,
          message: `Slot ${req.slotName}: scripted ${kind} failure.`,
          status: kind === "rate-limit" ? 429 : 500,
        });
        e.record = {
          role: req.role,
          slot: req.slotName,
          model: req.slot.model,
          usage: { promptTokens: 11, completionTokens: 0, totalTokens: 11 },
          reasoningTokens: null,
          finishReason: null,
          latencyMs: 1,
          retriedEmpty: false,
          error: e.message,
        };
        throw e;
      }
      return realCallModel(req);
    },
  };
}

/** A CallResult for scripted content (no server): what the client would return. */
export function scripted(req: CallRequest, content: string, tokens = 100): CallResult {
  const usage = { promptTokens: tokens / 2, completionTokens: tokens / 2, totalTokens: tokens };
  return callResult(req, content, { usage, latencyMs: 2, promptSha256: promptHash(req.role, lastUser(req)) });
}
