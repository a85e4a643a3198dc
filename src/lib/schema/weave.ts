// The weave result: plain JSON, the widget's whole state, the file a script gets back.
// Sides are keys ("a", "b", later "c"...) so more than two answers is the same shape.
import { z } from "zod";
import { ParseMode, Usage, runIdentity, runRecord } from "./common";

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

/**
 * How often repeated CLASSIFY runs found one relation (judgeRuns > 1). Counts are over the runs
 * whose output the judge parsed; runs that fell back to word overlap are not votes.
 */
export const PairStability = z.object({
  /** Judged runs (the denominator). */
  runs: z.number().int(),
  /** Runs that found this pair with any relation. */
  found: z.number().int(),
  /** Runs that found it as agree / as contradict. */
  agree: z.number().int(),
  contradict: z.number().int(),
  /** Runs with the kept relation ÷ runs, 0..1: the edge's opacity. */
  share: z.number().min(0).max(1),
  /** Found in straight-order runs / swapped-order runs, out of how many of each. */
  straight: z.object({ found: z.number().int(), runs: z.number().int() }),
  swapped: z.object({ found: z.number().int(), runs: z.number().int() }),
  /** True when no verdict (agree, contradict, absent) given in one order was also given in the other; null without runs in both orders. */
  flipsUnderSwap: z.boolean().nullable(),
  /** Whether the stated keep rule kept it. */
  kept: z.boolean(),
});
export type PairStability = z.infer<typeof PairStability>;

/**
 * Whether a claim's evidence was found in its answer's text, checked by duellab itself
 * (weave/evidence/*): traced (found in one place), ambiguous (the quote is in several places, none
 * picked), not-found (absent, in another answer, longer than the answer, offsets out of range),
 * untraced (the judge gave no evidence).
 */
export const EvidenceStatus = z.enum(["traced", "ambiguous", "not-found", "untraced"]);
export type EvidenceStatus = z.infer<typeof EvidenceStatus>;
/** Why: how a traced claim was found, or what stopped it. */
export const EvidenceWhy = z.enum([
  "quote",
  "quote-offsets",
  "offsets",
  "claim-text",
  "several-places",
  "absent",
  "other-answer",
  "too-long",
  "out-of-range",
  "no-evidence",
]);
export type EvidenceWhy = z.infer<typeof EvidenceWhy>;
/** Half-open character range [start, end) of an answer's text. */
export const TextSpan = z.object({ start: z.number().int(), end: z.number().int() });
export type TextSpan = z.infer<typeof TextSpan>;

export const ClaimEvidence = z.object({
  status: EvidenceStatus,
  why: EvidenceWhy,
  /** The judge's quote as it wrote it; null when it gave none. */
  quote: z.string().nullable(),
  /** Where in the answer the evidence was found (several pieces for a quote with "..." gaps); empty unless traced. */
  spans: z.array(TextSpan),
  /** How many places the quote matched (ambiguous: more than one). */
  places: z.number().int().optional(),
  /** not-found because it is another answer's words: that side. */
  foundIn: z.string().optional(),
});
export type ClaimEvidence = z.infer<typeof ClaimEvidence>;

/** Which sentences of an answer no traced claim rests on. */
export const AnswerCoverage = z.object({
  /** The answer's sentences (those with at least two content words), as ranges of its text. */
  sentences: z.array(TextSpan),
  /** Indices into `sentences` that no traced claim's span touches. */
  uncovered: z.array(z.number().int()),
});
export type AnswerCoverage = z.infer<typeof AnswerCoverage>;

/** A cross-model relation between claim `a` of side A and claim `b` of side B. */
export const Pair = z.object({
  a: z.number().int(),
  b: z.number().int(),
  relation: Relation,
  strength: z.number().min(0).max(1),
  sourceKind: SourceKind,
  /** Present only when CLASSIFY ran more than once. */
  stability: PairStability.optional(),
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
  /** judgeRuns > 1: share of runs that found the relation(s) behind the edge, for its opacity. */
  share: z.number().min(0).max(1).optional(),
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
  /** What reading the accepted output lost, one sentence each (a pair whose relation a repair cut off, text the ladder discarded). */
  lost: z.array(z.string()).optional(),
});
export type JudgeStep = z.infer<typeof JudgeStep>;

/** The spread of one headline number across repeated judge runs (never one number alone). */
export const Spread = z.object({
  min: z.number().nullable(),
  median: z.number().nullable(),
  max: z.number().nullable(),
  /** Per run, in run order; null where the run gave no number. */
  values: z.array(z.number().nullable()),
});
export type Spread = z.infer<typeof Spread>;

export const KeepRule = z.enum(["majority", "all", "any"]);
export type KeepRule = z.infer<typeof KeepRule>;

export const ClassifyRun = z.object({
  run: z.number().int(),
  order: z.enum(["straight", "swapped"]),
  parseMode: ParseMode,
  /** Pairs this run found, indices already mapped back to (MODEL A, MODEL B) of the straight order. */
  pairs: z.number().int(),
  consensusByNodes: z.number().nullable(),
  /** Whether this run votes (its output parsed); lexical fallbacks do not. */
  judged: z.boolean(),
});
export type ClassifyRun = z.infer<typeof ClassifyRun>;

/** Judge stability of one CLASSIFY (one pair of answers) run K times. */
export const Stability = z.object({
  runs: z.number().int(),
  swappedRuns: z.number().int(),
  judgedRuns: z.number().int(),
  rule: KeepRule,
  /** The rule in words, shown beside the graph. */
  ruleText: z.string(),
  perRun: z.array(ClassifyRun),
  /** consensusByNodes of each run on its own. */
  consensusSpread: Spread,
  candidatePairs: z.number().int(),
  keptPairs: z.number().int(),
  /** Every pair any run found, with its stability (kept ones are also in `pairs`). */
  allPairs: z.array(Pair),
  flipsUnderSwap: z.number().int(),
});
export type Stability = z.infer<typeof Stability>;

/** One group of the N-model consensus hypergraph: at most one claim per model, all pairwise agreeing. */
export const ClaimGroup = z.object({
  id: z.string(),
  /** Claim index per side that made it. */
  members: z.record(z.string(), z.number().int()),
  /** The phrasing of each side that made it. */
  texts: z.record(z.string(), z.string()),
  /** How many models made it: the ring (N = the core, 1 = the outer ring). */
  size: z.number().int(),
  /** Weakest agree strength inside the group (1 for a single claim). */
  strength: z.number(),
});
export type ClaimGroup = z.infer<typeof ClaimGroup>;

export const GroupEdge = z.object({
  source: z.string(),
  target: z.string(),
  relation: Relation,
  strength: z.number(),
  sourceKind: SourceKind,
  /** Share of judge runs that found the relation behind it (1 with a single run). */
  share: z.number().min(0).max(1),
});
export type GroupEdge = z.infer<typeof GroupEdge>;

/** One pair of models in an N-model weave: the two-model rules applied to just those two. */
export const PairwiseWeave = z.object({
  x: z.string(),
  y: z.string(),
  pairs: z.array(Pair),
  classify: JudgeStep,
  consensus: Consensus,
  stability: Stability.optional(),
});
export type PairwiseWeave = z.infer<typeof PairwiseWeave>;

export const MultiWeave = z.object({
  models: z.array(z.string()),
  pairwise: z.array(PairwiseWeave),
  groups: z.array(ClaimGroup),
  groupEdges: z.array(GroupEdge),
  /** Groups by how many models made them: byCount["3"] = groups made by exactly 3. */
  distribution: z.object({
    byCount: z.record(z.string(), z.number().int()),
    all: z.number().int(),
    one: z.number().int(),
    groups: z.number().int(),
    claims: z.number().int(),
    /** Groups made by every model ÷ all groups × 100; null with no claims. */
    coreShare: z.number().nullable(),
  }),
  /** consensusByNodes of every pair of models (null on the diagonal), in `models` order. */
  matrix: z.array(z.array(z.number().nullable())),
  /** The spread of the matrix's off-diagonal cells. */
  matrixSpread: Spread,
  /** How groups were formed, in words. */
  groupRule: z.string(),
  /** judgeRuns > 1: the core share regrouped from each run's relations alone (run order; null where a pair's run did not parse). */
  coreSpread: Spread.optional(),
});
export type MultiWeave = z.infer<typeof MultiWeave>;

export const WeaveResult = z.object({
  kind: z.literal("weave"),
  ...runIdentity,
  sides: z.array(z.string()),
  answers: z.record(z.string(), Answer),
  claims: z.record(z.string(), z.array(z.string())),
  pairs: z.array(Pair),
  /** The weakest rung any judge step needed: json < json-retry < fallback-lexical. */
  parseMode: ParseMode,
  judge: z.object({
    extract: z.record(z.string(), JudgeStep),
    classify: JudgeStep,
    /** Every CLASSIFY run when judgeRuns > 1 (classify is the first). */
    classifyRuns: z.array(JudgeStep).optional(),
  }),
  consensus: Consensus,
  /**
   * Per side, one entry per claim (same order): was its evidence found in that answer? Absent on
   * results saved before duellab checked evidence.
   */
  evidence: z.record(z.string(), z.array(ClaimEvidence)).optional(),
  /** Per side: the sentences no traced claim covers; null when no claim of that side was traced or checked. */
  coverage: z.record(z.string(), AnswerCoverage.nullable()).optional(),
  /** The consensus over traced claims only (A and B), present when some claim is not traced and some is. */
  tracedConsensus: Consensus.optional(),
  panels: z.object({ a: Panel, b: Panel, both: Panel }),
  ...runRecord,
  /** judgeRuns > 1: how stable the judge's relations were (two-model form). */
  stability: Stability.optional(),
  /** models: [...] form: the consensus hypergraph over every answer. The top-level pairs, consensus and panels are then models A and B's. */
  multi: MultiWeave.optional(),
});
export type WeaveResult = z.infer<typeof WeaveResult>;
