// What a batch has cost so far, from the call records (no price list: tokens, as reported). A
// provider that reported nothing leaves the total unknown (null), never 0. Pure.
import type { BatchCost, BatchItem } from "../schema/batch";
import type { CallRecord } from "../schema/common";

const add = (a: number | null, b: number | null): number | null => (b === null ? a : (a ?? 0) + b);

export function sumCalls(calls: readonly CallRecord[]): Omit<BatchCost, "failedTryTokens"> {
  let promptTokens: number | null = null;
  let completionTokens: number | null = null;
  let totalTokens: number | null = null;
  let reasoningTokens: number | null = null;
  let callsWithoutUsage = 0;
  for (const c of calls) {
    promptTokens = add(promptTokens, c.usage.promptTokens);
    completionTokens = add(completionTokens, c.usage.completionTokens);
    const total =
      c.usage.totalTokens ?? (c.usage.promptTokens !== null && c.usage.completionTokens !== null ? c.usage.promptTokens + c.usage.completionTokens : null);
    totalTokens = add(totalTokens, total);
    reasoningTokens = add(reasoningTokens, c.reasoningTokens);
    if (total === null) callsWithoutUsage++;
  }
  return { calls: calls.length, promptTokens, completionTokens, totalTokens, reasoningTokens, callsWithoutUsage };
}

/** `failedCalls` per item: the calls of its tries that did not produce its result. */
export function batchCost(items: readonly Pick<BatchItem, "calls">[], failedCalls: readonly (readonly CallRecord[])[] = []): BatchCost {
  const all = sumCalls(items.flatMap((i) => i.calls));
  const failed = sumCalls(failedCalls.flat());
  return { ...all, failedTryTokens: failed.calls === 0 ? 0 : failed.totalTokens };
}
