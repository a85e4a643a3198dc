// Reading any thrown value the same way everywhere: its provider error kind, its one sentence, the
// call record a failed model call carries. Pure.
import type { CallRecord } from "../schema/common";
import { RunError } from "./errors";

/** A ProviderError's (or SandboxError's) kind: "rate-limit", "aborted", ...; undefined for others. */
export function errorKind(e: unknown): string | undefined {
  return typeof e === "object" && e !== null ? ((e as { kind?: unknown }).kind as string | undefined) : undefined;
}

/** The sentence a person reads: the message of an Error, the string of anything else. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The record of a failed model call (latency, tokens so far, the error text), when it has one. */
export function errorRecord(e: unknown): CallRecord | null {
  return typeof e === "object" && e !== null && "record" in e ? ((e as { record?: CallRecord | null }).record ?? null) : null;
}

/**
 * The kind of what made a run fail: a RunError's cause read through (a stage failure keeps the
 * provider error that caused it), else the error's own kind. A batch retries on this.
 */
export function causeKind(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; cur instanceof RunError && depth < 8; depth++) cur = cur.cause;
  return errorKind(cur);
}

/** Errors a second judge attempt cannot fix: a refused key, an unknown model, nothing listening. */
export function isHopeless(e: unknown): boolean {
  return ["auth", "unknown-model", "unreachable"].includes(errorKind(e) ?? "");
}
