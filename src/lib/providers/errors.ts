// The errors a person can act on. `.message` is the one sentence the user sees; it always names
// the slot, the provider and the model, and it has been through `redact()`.
import type { CallRecord } from "../schema/common";
import { redact } from "../errors/redact";

export type ProviderErrorKind = "unreachable" | "auth" | "unknown-model" | "rate-limit" | "server" | "bad-response" | "empty" | "timeout" | "aborted";

export class ProviderError extends Error {
  override name = "ProviderError";
  readonly kind: ProviderErrorKind;
  readonly slotName: string;
  readonly provider: string;
  readonly model: string;
  /** HTTP status when the provider answered at all. */
  readonly status: number | null;
  /** The failed call's record (latency, tokens so far, the error text); set by the client. */
  record: CallRecord | null = null;

  constructor(o: { kind: ProviderErrorKind; slotName: string; provider: string; model: string; message: string; status?: number | null }) {
    super(redact(o.message));
    this.kind = o.kind;
    this.slotName = o.slotName;
    this.provider = o.provider;
    this.model = o.model;
    this.status = o.status ?? null;
  }
}
