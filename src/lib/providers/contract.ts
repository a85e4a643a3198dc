// The one door to a model. Runs (weave, graphite) call `callModel` from ./client and nothing else.
import type { CallRecord, SlotPublic, Usage } from "../schema/common";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface CallRequest {
  /** Which slot this is ("a", "b", "judge"): named in every error and in the call record. */
  slotName: string;
  /** The validated slot (see ../slot/slot.ts). */
  slot: import("../slot/slot").Slot;
  /** Role prefix for the prompt ledger, e.g. "A", "B", "judge-extract-A", "judge-classify". */
  role: string;
  messages: ChatMessage[];
  maxTokens: number;
  temperature?: number;
  /** Judges get no empty-content retry from the client: their run asks once more with the budget
   * doubled (./judge-empty.ts, under its own ledger role) before the parse ladder's fresh sample. */
  isJudge?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface CallResult {
  /** message.content, with every reasoning key and any leading inline `<think>` block already destroyed. */
  content: string;
  usage: Usage;
  reasoningTokens: number | null;
  finishReason: string | null;
  latencyMs: number;
  retriedEmpty: boolean;
  record: CallRecord;
  /** sha256 of the role-prefixed prompt (the last user message), as recorded in the ledger. */
  promptSha256: string;
}

export type { SlotPublic };
