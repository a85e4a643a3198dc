// A batch rebuilt from its JSONL results file alone (for a report after the kernel is gone): the
// items as stored, the aggregates and the cost recomputed from them.
import fs from "node:fs/promises";
import path from "node:path";
import type { BatchItem, BatchResult } from "../schema/batch";
import type { SlotPublic } from "../schema/common";
import { graphiteAggregates, weaveAggregates } from "./aggregate";
import { batchCost } from "./cost";
import { parseResultsFile } from "./results-file";
import { BatchInputError } from "./tasks";

export async function readBatchFile(file: string): Promise<BatchResult> {
  const p = path.resolve(file);
  let text: string;
  try {
    text = await fs.readFile(p, "utf8");
  } catch {
    throw new BatchInputError(`Cannot read the results file ${p}: pass the resultsFile a weaveMany/graphiteMany run wrote.`);
  }
  const parsed = parseResultsFile(text, p);
  const header = parsed.header;
  if (!header) throw new BatchInputError(`${p} has no duellab-batch header line: pass the resultsFile a weaveMany/graphiteMany run wrote.`);
  const items: BatchItem[] = [...parsed.items.values()].map((item, index) => ({ ...item, index }));
  const slots: Record<string, SlotPublic> = Object.fromEntries(
    Object.entries(header.models).map(([k, m]) => [
      k,
      { provider: m.provider as SlotPublic["provider"], model: m.model, baseUrl: m.baseUrl, temperature: null, maxTokens: null, thinking: null },
    ]),
  );
  const models = Object.fromEntries(Object.entries(header.models).map(([k, m]) => [k, m.model]));
  const count = (s: BatchItem["status"]) => items.filter((i) => i.status === s).length;
  // Wall time is the span the stored items cover (measured); with no timed item it is unknown.
  const starts = items.map((i) => i.startedAt).filter((t): t is number => t !== null);
  const ends = items.map((i) => i.endedAt).filter((t): t is number => t !== null);
  const spanMs = starts.length && ends.length ? Math.max(...ends) - Math.min(...starts) : null;
  // Calls of items that did not finish were paid for by tries that produced nothing.
  const failed = items.filter((i) => i.status !== "done").map((i) => i.calls);
  return {
    kind: "batch",
    version: 1,
    batchKind: header.kind,
    batchId: `file:${path.basename(p)}`,
    title: `Batch: ${items.length} ${header.kind} runs from ${path.basename(p)}`,
    createdAt: header.createdAt,
    status: "done",
    demo: Object.values(header.models).some((m) => m.provider === "demo"),
    slots,
    concurrency: 1,
    resultsFile: p,
    items,
    progress: {
      total: items.length,
      done: count("done"),
      failed: count("failed"),
      running: 0,
      pending: 0,
      cancelled: count("cancelled"),
      resumed: 0,
      retries: 0,
      elapsedMs: spanMs ?? 0,
      etaMs: 0,
    },
    cost: batchCost(items, failed),
    aggregates: header.kind === "weave" ? weaveAggregates(items, models) : graphiteAggregates(items),
    warnings: [
      ...parsed.warnings,
      `Rebuilt from ${p}: only items the file holds are shown; the batch's task list may have had more.${spanMs === null ? " The batch's duration is unknown." : ""}`,
    ],
  };
}
