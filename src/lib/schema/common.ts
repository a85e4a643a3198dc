// Shapes shared by every result and by the browser. Pure: no Node imports, so the widget bundle
// can import this file as-is. The schema is the type: parse at the boundary, trust inside.
import { z } from "zod";

export const PROVIDERS = ["openai", "openrouter", "ollama", "lmstudio", "particle", "custom", "demo"] as const;
export const Provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof Provider>;

/** What a result says about a slot. Never the key: only where the answer came from. */
export const SlotPublic = z.object({
  provider: Provider,
  model: z.string(),
  baseUrl: z.string(),
  temperature: z.number().nullable(),
  maxTokens: z.number().nullable(),
  thinking: z.boolean().nullable(),
});
export type SlotPublic = z.infer<typeof SlotPublic>;

/** Token counts as the provider reported them; null where it did not (shown as "n/a", never 0). */
export const Usage = z.object({
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  totalTokens: z.number().nullable(),
});
export type Usage = z.infer<typeof Usage>;

/** One model call as recorded by the client: cost and timing, no text. */
export const CallRecord = z.object({
  role: z.string(),
  slot: z.string(),
  model: z.string(),
  usage: Usage,
  reasoningTokens: z.number().nullable(),
  finishReason: z.string().nullable(),
  latencyMs: z.number(),
  retriedEmpty: z.boolean(),
  error: z.string().nullable(),
  /** Characters of inline reasoning (`<think>…</think>`) removed from the content; the text is gone. */
  inlineReasoningChars: z.number().optional(),
  /** What the request was adapted to because the model refused it, as sentences ("judge o3-mini
   * refuses temperature 0: judged at its default"). Absent when nothing was adapted. */
  adaptations: z.array(z.string()).optional(),
});
export type CallRecord = z.infer<typeof CallRecord>;

/** Stage timings as measured: milliseconds per stage id, and the whole run. */
export const Timings = z.object({ stages: z.record(z.string(), z.number()), totalMs: z.number() });
export type Timings = z.infer<typeof Timings>;

/** Every prompt sent, role-prefixed and hashed, so reuse is detectable and runs are auditable. */
export const PromptRecord = z.object({
  role: z.string(),
  sha256: z.string(),
  text: z.string(),
});
export type PromptRecord = z.infer<typeof PromptRecord>;

export const ParseMode = z.enum(["json", "json-retry", "fallback-lexical"]);
export type ParseMode = z.infer<typeof ParseMode>;

export const StageStatus = z.enum(["pending", "active", "done", "error", "cancelled", "skipped"]);
export type StageStatus = z.infer<typeof StageStatus>;

export const Stage = z.object({
  id: z.string(),
  label: z.string(),
  status: StageStatus,
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  detail: z.string().nullable(),
});
export type Stage = z.infer<typeof Stage>;

/** The run header: what is happening now, how long each stage really took, how it ended. */
export const RunState = z.object({
  title: z.string(),
  status: z.enum(["idle", "running", "done", "error", "cancelled"]),
  stages: z.array(Stage),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  error: z.object({ stage: z.string(), message: z.string() }).nullable(),
  cancellable: z.boolean(),
});
export type RunState = z.infer<typeof RunState>;

/** The fields every run's result opens with: what was asked, of whom, when, and whether demo models answered. */
export const runIdentity = {
  version: z.literal(1),
  question: z.string(),
  runId: z.string(),
  nonce: z.string(),
  createdAt: z.string(),
  demo: z.boolean(),
  slots: z.record(z.string(), SlotPublic),
};

/** The fields every run's result closes with: each prompt and call, each warning, the measured stages. */
export const runRecord = {
  prompts: z.array(PromptRecord),
  calls: z.array(CallRecord),
  warnings: z.array(z.string()),
  timings: Timings,
};
