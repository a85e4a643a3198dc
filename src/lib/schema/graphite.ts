// The graphite result: plain JSON, the widget's whole state, the file a script gets back.
import { z } from "zod";
import { ParseMode, Usage, runIdentity, runRecord } from "./common";
import { SandboxRun } from "./sandbox";

/** One check of a chart against the CSV: what was compared and what was found. */
export const FaithCheck = z.object({
  check: z.string(),
  status: z.enum(["pass", "fail", "unchecked"]),
  detail: z.string(),
});
export type FaithCheck = z.infer<typeof FaithCheck>;

export const Faithfulness = z.object({
  // "partly" (some series confirmed, one shown false) is no longer given: one false series makes a
  // chart unfaithful. It stays so results saved by earlier versions still load and render.
  verdict: z.enum(["faithful", "unfaithful", "partly", "unchecked"]),
  checks: z.array(FaithCheck),
});
export type Faithfulness = z.infer<typeof Faithfulness>;

export const Attempt = z.object({
  /** 0 is the first try; each repair adds one. */
  n: z.number().int(),
  kind: z.enum(["initial", "repair"]),
  code: z.string(),
  rawCode: z.string(),
  run: SandboxRun,
  usage: Usage,
  reasoningTokens: z.number().nullable(),
  finishReason: z.string().nullable(),
  latencyMs: z.number(),
  promptSha256: z.string(),
});
export type Attempt = z.infer<typeof Attempt>;

export const Chart = z.object({
  /** The latest attempt's fields, repeated at the top for the view and for scripts. */
  code: z.string(),
  run: SandboxRun,
  usage: Usage,
  reasoningTokens: z.number().nullable(),
  latencyMs: z.number(),
  faithfulness: Faithfulness,
  attempts: z.array(Attempt),
  /** Set when the model itself could not be asked (the slot failed): the provider's message. */
  error: z.string().nullable(),
});
export type Chart = z.infer<typeof Chart>;

export const Score = z.object({
  insight: z.number().nullable(),
  clarity: z.number().nullable(),
  verdict: z.string(),
});
export type Score = z.infer<typeof Score>;

const Ship = z.enum(["a", "b", "neither"]);

/** One of K judge runs, read back to the true sides (a swapped run showed B's chart as CHART A). */
export const GraphiteJudgeRun = z.object({
  run: z.number().int(),
  order: z.enum(["straight", "swapped"]),
  parseMode: z.string(),
  /** null when this run's output was unusable (it does not vote). */
  ship: Ship.nullable(),
  scores: z.object({ a: Score, b: Score }).nullable(),
});
export type GraphiteJudgeRun = z.infer<typeof GraphiteJudgeRun>;

const Votes = z.object({ a: z.number().int(), b: z.number().int(), neither: z.number().int(), runs: z.number().int() });
const ScoreSpread = z.object({ min: z.number().nullable(), median: z.number().nullable(), max: z.number().nullable(), values: z.array(z.number().nullable()) });

/** judgeRuns > 1: the verdict across runs, half with A and B shown in swapped order. */
export const GraphiteStability = z.object({
  runs: z.number().int(),
  swappedRuns: z.number().int(),
  judgedRuns: z.number().int(),
  votes: Votes,
  byOrder: z.object({ straight: Votes, swapped: Votes }),
  /** The verdict given in one order was never given in the other: the order decided, not the charts. */
  positionBias: z.boolean().nullable(),
  /** What the runs support: a side only with a majority and no position bias. */
  outcome: z.enum(["a", "b", "neither", "position-bias", "split", "no-verdict"]),
  rule: z.string(),
  insight: z.object({ a: ScoreSpread, b: ScoreSpread }),
  clarity: z.object({ a: ScoreSpread, b: ScoreSpread }),
  perRun: z.array(GraphiteJudgeRun),
});
export type GraphiteStability = z.infer<typeof GraphiteStability>;

export const GraphiteJudge = z.object({
  scores: z.object({ a: Score, b: Score }),
  ship: z.enum(["a", "b", "neither"]),
  raw: z.array(z.string()),
  parseMode: z.enum(["json", "json-retry", "fallback-none"]).or(ParseMode),
  /** The measured facts exactly as the judge saw them. */
  factsText: z.string(),
  failure: z.string().nullable(),
  /** How many times the judge has scored this comparison (a repair triggers a re-score). */
  round: z.number().int(),
  /** judgeRuns > 1: every run and the verdict they support; `ship` is then that verdict ("neither" unless a side won). */
  stability: GraphiteStability.optional(),
});
export type GraphiteJudge = z.infer<typeof GraphiteJudge>;

export const GraphiteResult = z.object({
  kind: z.literal("graphite"),
  ...runIdentity,
  csv: z.object({
    name: z.string(),
    rowCount: z.number().int(),
    columns: z.array(z.string()),
    preview: z.string(),
    bytes: z.number().int(),
    /** The pandas call that reads the file as graphite read it (sep=, decimal= when not plain). */
    readCall: z.string().optional(),
  }),
  charts: z.object({ a: Chart, b: Chart }),
  judge: GraphiteJudge.nullable(),
  ...runRecord,
});
export type GraphiteResult = z.infer<typeof GraphiteResult>;
