// Test helpers (pure, no I/O): the CallResult a model client returns for scripted content, a scripted
// client that records the requests it was sent, and a provider error carrying only a kind — shared by
// the unit tests that stand in for the real client (weave, graphite, multi, batch, run deps/errors).
import type { CallRequest, CallResult } from "../../../src/lib/providers/contract";

/** What a test may vary in a scripted reply; the rest is what a plain successful call returns. */
export interface ReplyShape {
  usage?: CallResult["usage"];
  latencyMs?: number;
  finishReason?: string;
  promptSha256?: string;
}

/** The CallResult for `content`, its ledger record built from the request as the real client does. */
export function callResult(req: CallRequest, content: string, shape: ReplyShape = {}): CallResult {
  const usage = shape.usage ?? { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
  const latencyMs = shape.latencyMs ?? 1;
  const finishReason = shape.finishReason ?? "stop";
  return {
    content,
    usage,
    reasoningTokens: null,
    finishReason,
    latencyMs,
    retriedEmpty: false,
    promptSha256: shape.promptSha256 ?? "x",
    record: {
      role: req.role,
      slot: req.slotName,
      model: req.slot.model,
      usage,
      reasoningTokens: null,
      finishReason,
      latencyMs,
      retriedEmpty: false,
      error: null,
    },
  };
}

/** A script's answer to one request: the content, or the content with the finish reason it ended on. */
export type Scripted = string | { content: string; finishReason: string };

/** A model client answering from `script` (which may throw or reject); `seen` keeps every request in order. */
export function scriptedClient(script: (req: CallRequest) => Promise<Scripted> | Scripted, shape: Omit<ReplyShape, "finishReason"> = {}) {
  const seen: CallRequest[] = [];
  const call = async (req: CallRequest): Promise<CallResult> => {
    seen.push(req);
    const out = await script(req);
    return typeof out === "string" ? callResult(req, out, shape) : callResult(req, out.content, { ...shape, finishReason: out.finishReason });
  };
  return { call, seen };
}

/** A provider failure as the run sees it: a kind to classify on and a message, no ledger record. */
export class FakeProviderError extends Error {
  record = null;
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}
