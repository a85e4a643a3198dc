// The weave result: plain JSON, the widget's whole state, the file a script gets back.
// Sides are keys ("a", "b", later "c"...) so more than two answers is the same shape.
import { z } from "zod";
import { CallRecord, ParseMode, PromptRecord, SlotPublic, Usage } from "./common";

export const Relation = z.enum(["agree", "contradict"]);
export type Relation = z.infer<typeof Relation>;
export const SourceKind = z.enum(["judge", "lexical"]);
export type SourceKind = z.infer<typeof SourceKind>;

export const Answer = z.object({
  text: z.string(),
  usage: Usage,
  reasoningTokens: z.number().nullable(),
  finishReason: z.string().nullable(),
  latencyMs: z.number(),
});
export type Answer = z.infer<typeof Answer>;

/** A cross-model relation between claim `a` of side A and claim `b` of side B. */
export const Pair = z.object({
  a: z.number().int(),
  b: z.number().int(),
  relation: Relation,
  strength: z.number().min(0).max(1),
  sourceKind: SourceKind,
});
export type Pair = z.infer<typeof Pair>;

export const Match = z.object({ a: z.number().int(), b: z.number().int(), strength: z.number() });
export type Match = z.infer<typeof Match>;

export const Consensus = z.object({
  sharedPairs: z.number().int(),
  aOnly: z.number().int(),
  bOnly: z.number().int(),
  /** shared / (shared + aOnly + bOnly) × 100, one decimal; null when there are no claims at all. */
  consensusByNodes: z.number().nullable(),
  /** claims the judge linked at all / all claims × 100, one decimal; null when no claims. */
  participationByNodes: z.number().nullable(),
  linkedClaims: z.number().int(),
  totalClaims: z.number().int(),
  agreeCount: z.number().int(),
  contradictions: z.number().int(),
  matches: z.array(Match),
});
export type Consensus = z.infer<typeof Consensus>;

export const GraphNode = z.object({
  id: z.string(),
  /** "a", "b" or "both" (a merged consensus node). */
  side: z.string(),
  /** The claim text; on merged nodes the A phrasing. */
  text: z.string(),
  /** Every phrasing by side: one entry on unique nodes, both on merged ones. */
  texts: z.record(z.string(), z.string()),
  /** Claim index per side. */
  indices: z.record(z.string(), z.number().int()),
  shared: z.boolean(),
  radius: z.number(),
});
export type GraphNode = z.infer<typeof GraphNode>;

export const GraphEdge = z.object({
  source: z.string(),
  target: z.string(),
  relation: Relation,
  strength: z.number(),
  sourceKind: SourceKind,
});
export type GraphEdge = z.infer<typeof GraphEdge>;

export const PanelStats = z.object({
  nodes: z.number().int(),
  agreeCount: z.number().int(),
  contradictCount: z.number().int(),
  absorbedIntoCore: z.number().int(),
  drawnEdges: z.number().int(),
});
export type PanelStats = z.infer<typeof PanelStats>;

export const Panel = z.object({
  id: z.string(),
  title: z.string(),
  nodes: z.array(GraphNode),
  edges: z.array(GraphEdge),
  stats: PanelStats,
});
export type Panel = z.infer<typeof Panel>;

export const JudgeStep = z.object({
  parseMode: ParseMode,
  /** Raw judge outputs, one per attempt, as returned (reasoning already stripped by the client). */
  raw: z.array(z.string()),
  failure: z.string().nullable(),
  /** The parse-ladder rung that read the accepted output ("as-is", "repaired", ...); null on fallback. */
  rung: z.string().nullable().optional(),
});
export type JudgeStep = z.infer<typeof JudgeStep>;

export const WeaveResult = z.object({
  kind: z.literal("weave"),
  version: z.literal(1),
  question: z.string(),
  runId: z.string(),
  nonce: z.string(),
  createdAt: z.string(),
  demo: z.boolean(),
  sides: z.array(z.string()),
  slots: z.record(z.string(), SlotPublic),
  answers: z.record(z.string(), Answer),
  claims: z.record(z.string(), z.array(z.string())),
  pairs: z.array(Pair),
  /** The weakest rung any judge step needed: json < json-retry < fallback-lexical. */
  parseMode: ParseMode,
  judge: z.object({
    extract: z.record(z.string(), JudgeStep),
    classify: JudgeStep,
  }),
  consensus: Consensus,
  panels: z.object({ a: Panel, b: Panel, both: Panel }),
  prompts: z.array(PromptRecord),
  calls: z.array(CallRecord),
  warnings: z.array(z.string()),
  timings: z.object({
    stages: z.record(z.string(), z.number()),
    totalMs: z.number(),
  }),
});
export type WeaveResult = z.infer<typeof WeaveResult>;
