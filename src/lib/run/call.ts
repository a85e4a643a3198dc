// One model call of a run, recorded the same way by weave, graphite and repairs: the prompt into
// the ledger (role, hash, text), the call record and any adaptation sentence into the result, an
// empty judge answer asked once more with a doubled budget (providers/judge-empty.ts), and a failed
// call's record kept before the error goes on. The run decides budgets and temperatures.
import type { CallRequest, CallResult } from "../providers/contract";
import { judgeEmptyRetry, noteAdaptations } from "../providers/judge-empty";
import { promptHash } from "../providers/ledger";
import type { CallRecord, PromptRecord } from "../schema/common";
import type { Slot } from "../slot/slot";
import { JUDGE_SYSTEM } from "../judge/constants";
import type { CallModel } from "./deps";
import { errorRecord } from "../errors/record";

/** Where a run writes what it sent and what it cost: its result's own arrays. */
export interface Ledger {
  prompts: PromptRecord[];
  calls: CallRecord[];
  warnings: string[];
}

export interface CallPolicy {
  /** max_tokens when the caller names none. */
  budget(slotName: string, judge: boolean): number;
  /** The temperature to send, or undefined to send none. */
  temperature(slotName: string, judge: boolean): number | undefined;
}

/** `call(slot, role, prompt, signal, judge)`: a judge gets the JSON system line and isJudge. */
export type RunCall = (slotName: string, role: string, text: string, signal: AbortSignal, judge: boolean, maxTokens?: number) => Promise<CallResult>;

export function recordedCall(callModel: CallModel, slots: Record<string, Slot>, ledger: Ledger, policy: CallPolicy): RunCall {
  const call: RunCall = async (slotName, role, text, signal, judge, maxTokens = policy.budget(slotName, judge)) => {
    ledger.prompts.push({ role, sha256: promptHash(role, text), text });
    const temperature = policy.temperature(slotName, judge);
    const req: CallRequest = {
      slotName,
      slot: slots[slotName]!,
      role,
      messages: judge
        ? [
            { role: "system", content: JUDGE_SYSTEM },
            { role: "user", content: text },
          ]
        : [{ role: "user", content: text }],
      maxTokens,
      ...(temperature !== undefined ? { temperature } : {}),
      ...(judge ? { isJudge: true } : {}),
      signal,
    };
    try {
      const r = await callModel(req);
      ledger.calls.push(r.record);
      noteAdaptations(ledger.warnings, r.record);
      const retry = judgeEmptyRetry(r, role, maxTokens);
      if (judge && retry) {
        ledger.warnings.push(retry.warning);
        return await call(slotName, retry.role, text, signal, judge, retry.maxTokens);
      }
      return r;
    } catch (e) {
      const rec = errorRecord(e);
      if (rec) {
        ledger.calls.push(rec);
        noteAdaptations(ledger.warnings, rec);
      }
      throw e;
    }
  };
  return call;
}
