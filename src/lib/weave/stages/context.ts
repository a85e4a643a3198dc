// What every stage of a weave shares: the validated input, the live run, the recorded model call,
// the ledger the result carries, and the result's fixed head (`base`). Built once per run by
// ../run.ts; each stage reads it and returns what it made.
import type { LiveRun } from "../../run/live";
import type { RunCall } from "../../run/call";
import { errorKind } from "../../errors/record";
import { Cancelled } from "../../errors/errors";
import type { CallRecord, PromptRecord } from "../../schema/common";
import type { KeepRule, WeaveResult } from "../../schema/weave";
import type { Slot } from "../../slot/slot";

export type Side = string;

export interface WeaveContext {
  question: string;
  nonce: string;
  sides: Side[];
  /** More than two models: the messages count models instead of naming A and B. */
  many: boolean;
  /** The models: [...] form (its result carries `multi`). */
  multi: boolean;
  slots: Record<Side | "judge", Slot>;
  maxClaims: number;
  judgeRuns: number;
  keepRule: KeepRule;
  live: LiveRun;
  call: RunCall;
  /** max_tokens a side's (or the judge's) call gets. */
  budget(slotName: Side | "judge"): number;
  prompts: PromptRecord[];
  calls: CallRecord[];
  warnings: string[];
  /** The fields every published state and the result start with. */
  base: Pick<WeaveResult, "kind" | "version" | "question" | "runId" | "nonce" | "createdAt" | "demo" | "sides" | "slots">;
}

/** A judge error that ends the run instead of degrading it: a cancellation. */
export const isFatal = (ctx: WeaveContext) => (e: unknown) => ctx.live.signal.aborted || errorKind(e) === "aborted";

export function throwIfCancelled(ctx: WeaveContext): void {
  if (ctx.live.signal.aborted) throw new Cancelled();
}

/** Publish a partial state: the base, what the stages made so far, copies of the ledger. */
export function publishPartial(ctx: WeaveContext, made: Record<string, unknown>): void {
  ctx.live.publish({ ...ctx.base, ...made, prompts: [...ctx.prompts], calls: [...ctx.calls], warnings: [...ctx.warnings] });
}
