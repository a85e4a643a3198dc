// A batch of weave or graphite runs: its live progress, every item (with the run's own stored
// result, so each run can be opened in its own view) and the aggregates with their intervals.
// Pure: the widget bundle imports it. Every aggregate lists the item keys it was computed from.
import { z } from "zod";
import { CallRecord, SlotPublic } from "./common";

export const BatchKind = z.enum(["weave", "graphite"]);
export type BatchKind = z.infer<typeof BatchKind>;

export const ItemStatus = z.enum(["pending", "running", "done", "failed", "cancelled"]);
export type ItemStatus = z.infer<typeof ItemStatus>;

/** Small numbers read from an item's result, so aggregates and the progress table need no result. */
export const ItemSummary = z.object({
  /** weave: consensus and participation (percent); null when the run had no claims. */
  consensus: z.number().nullable().optional(),
  participation: z.number().nullable().optional(),
  /** weave, per side: share (percent) of that model's claims matched with the other model's. */
  sharedBySide: z.record(z.string(), z.number().nullable()).optional(),
  /** weave, per side: share (percent) of that model's claims the judge related at all. */
  linkedBySide: z.record(z.string(), z.number().nullable()).optional(),
  /** weave, per side: claims traced to that model's answer, and all its claims (evidence checked); absent on older results. */
  tracedBySide: z.record(z.string(), z.object({ traced: z.number().int(), claims: z.number().int(), untraced: z.number().int() })).optional(),
  /** weave: the judge's model, to pool traced shares per judge. */
  judgeModel: z.string().optional(),
  /** weave: the weakest parse rung; anything but "json" means a labelled fallback was used. */
  parseMode: z.string().optional(),
  /** weave with models: [...]: groups made by every model ÷ all groups × 100. */
  coreShare: z.number().nullable().optional(),
  /** weave with models: [...]: share (percent) of groups made by exactly k models, by k. */
  groupsBySize: z.record(z.string(), z.number().nullable()).optional(),
  /** graphite: the judge's ship verdict; null when there was no judge verdict. */
  ship: z.enum(["a", "b", "neither"]).nullable().optional(),
  /** graphite with judgeRuns > 1: the verdict flipped with the A/B order (counted as no verdict). */
  positionBias: z.boolean().optional(),
  /** graphite, per side: did the first attempt render a figure; did the last one. */
  firstTryOk: z.record(z.string(), z.boolean()).optional(),
  finalOk: z.record(z.string(), z.boolean()).optional(),
  repairs: z.record(z.string(), z.number().int()).optional(),
});
export type ItemSummary = z.infer<typeof ItemSummary>;

export const BatchItem = z.object({
  /** Stable identity of the task (kind, question, data, occurrence): what resumption matches on. */
  key: z.string(),
  index: z.number().int(),
  question: z.string(),
  status: ItemStatus,
  /** Tries in this batch, counting the first; retries happen only on rate limits and server errors. */
  attempts: z.number().int(),
  /** Loaded from the results file of an earlier run: not asked again. */
  resumed: z.boolean(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  error: z.string().nullable(),
  /** Every model call the item made, failed tries included: what it cost. */
  calls: z.array(CallRecord),
  summary: ItemSummary.nullable(),
  /** The run's own WeaveResult or GraphiteResult; null until done (or when it failed). */
  result: z.unknown(),
});
export type BatchItem = z.infer<typeof BatchItem>;

/** Tokens summed over the calls that reported them; null where no call reported any. */
export const BatchCost = z.object({
  calls: z.number().int(),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  totalTokens: z.number().nullable(),
  reasoningTokens: z.number().nullable(),
  /** Calls that reported no usage: the totals above are then lower bounds. */
  callsWithoutUsage: z.number().int(),
  /** Tokens of calls made by tries that failed (already paid, not in any result). */
  failedTryTokens: z.number().nullable(),
});
export type BatchCost = z.infer<typeof BatchCost>;

export const BatchProgress = z.object({
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  running: z.number().int(),
  pending: z.number().int(),
  cancelled: z.number().int(),
  /** Items taken from the results file instead of being asked again. */
  resumed: z.number().int(),
  retries: z.number().int(),
  elapsedMs: z.number(),
  /** From this session's own finishing rate; null until one item has finished here. */
  etaMs: z.number().nullable(),
});
export type BatchProgress = z.infer<typeof BatchProgress>;

/** An estimate with its interval and the runs it comes from. */
export const Estimate = z.object({
  value: z.number().nullable(),
  lo: z.number().nullable(),
  hi: z.number().nullable(),
  n: z.number().int(),
  /** How the interval was made, in words ("bootstrap of the mean, 2000 resamples, seed 123"). */
  method: z.string(),
  runs: z.array(z.string()),
});
export type Estimate = z.infer<typeof Estimate>;

export const Spread = z.object({ min: z.number(), q1: z.number(), median: z.number(), q3: z.number(), max: z.number() }).nullable();

export const TracedShare = z.object({
  model: z.string(),
  traced: z.number().int(),
  claims: z.number().int(),
  untraced: z.number().int(),
  share: z.number().nullable(),
  runs: z.array(z.string()),
});
export type TracedShare = z.infer<typeof TracedShare>;

export const WeaveAggregates = z.object({
  kind: z.literal("weave"),
  consensus: Estimate,
  consensusSpread: Spread,
  participation: Estimate,
  participationSpread: Spread,
  /** Per side: how much of that model's output the other model shared / the judge related. */
  perModel: z.record(z.string(), z.object({ model: z.string(), shared: Estimate, sharedSpread: Spread, linked: Estimate, linkedSpread: Spread })),
  /** N-model runs only: the core's share of groups, and the share of groups made by k models. */
  coreShare: Estimate.optional(),
  groupsBySize: z.record(z.string(), Estimate).optional(),
  /** Runs whose judge needed a labelled fallback somewhere (json-retry or lexical). */
  degraded: z.array(z.string()),
  /**
   * Claims traced to their own answer, pooled over the runs that checked evidence: per model (side)
   * and per judge model. share = traced ÷ claims × 100; null when no claim was checkable (all untraced).
   */
  traced: z
    .object({
      perModel: z.record(z.string(), TracedShare),
      perJudge: z.record(z.string(), TracedShare),
    })
    .optional(),
});
export type WeaveAggregates = z.infer<typeof WeaveAggregates>;

export const GraphiteAggregates = z.object({
  kind: z.literal("graphite"),
  /** A's share of decided pairs (Wilson interval) with the exact sign test. */
  winRate: Estimate.extend({
    signTestP: z.number().nullable(),
    aWins: z.array(z.string()),
    bWins: z.array(z.string()),
    neither: z.array(z.string()),
    unjudged: z.array(z.string()),
    positionBias: z.array(z.string()).optional(),
  }),
  firstTry: z.record(z.string(), Estimate),
  afterRepair: z.record(z.string(), Estimate),
  /** By whether each side finally rendered a figure. */
  grid: z.object({ bothFailed: z.array(z.string()), onlyA: z.array(z.string()), onlyB: z.array(z.string()), bothSucceeded: z.array(z.string()) }),
});
export type GraphiteAggregates = z.infer<typeof GraphiteAggregates>;

export const BatchResult = z.object({
  kind: z.literal("batch"),
  version: z.literal(1),
  batchKind: BatchKind,
  batchId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  status: z.enum(["running", "done", "cancelled"]),
  demo: z.boolean(),
  slots: z.record(z.string(), SlotPublic),
  concurrency: z.number().int(),
  /** Where results are appended (JSONL); null when the batch keeps them in memory only. */
  resultsFile: z.string().nullable(),
  items: z.array(BatchItem),
  progress: BatchProgress,
  cost: BatchCost,
  aggregates: z.union([WeaveAggregates, GraphiteAggregates]).nullable(),
  warnings: z.array(z.string()),
});
export type BatchResult = z.infer<typeof BatchResult>;
