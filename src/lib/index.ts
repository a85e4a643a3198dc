// duellab: compare two language models' work in a notebook. This file is the public API.
export { weave, WeaveInputError } from "./weave/run";
export type { WeaveOptions } from "./weave/run";
export { graphite, GraphiteInputError } from "./graphite/run";
export { CsvError } from "./graphite/csv";
export type { GraphiteOptions, GraphiteRun } from "./graphite/run";
export { buildLogCsv, buildLogRows } from "./graphite/buildlog";
export { listModels } from "./providers/models";
export { ProviderError } from "./providers/errors";
export { RunError, SandboxError, InputError } from "./errors/errors";
export type { RunKind, RunErrorReason, SandboxErrorKind } from "./errors/errors";
export type { RunDeps } from "./run/deps";
export { callModel } from "./providers/client";
export { parseSlot, publicSlot, supportsThinkingFlag, SlotError } from "./slot/slot";
export type { SlotInput, Slot } from "./slot/slot";
export { PRESETS } from "./slot/presets";
export { Sandbox, sharedSandbox } from "./sandbox";
export type { SandboxOptions, RunRequest, HostLayers } from "./sandbox";
export { startDemoServer } from "./demo/server";
export { DEMO_MODELS } from "./demo/personas";
export { DEMO_QUESTIONS } from "./demo/questions";
export { exportHtml } from "./export/html";
export { weaveMany, graphiteMany, BatchInputError } from "./batch";
export type { WeaveManyOptions, GraphiteManyOptions } from "./batch";
export { readBatchFile } from "./batch/from-file";
export { exportBatchReport } from "./export/report";
export type { BatchResult } from "./schema/batch";
export { staticHtml, staticView } from "./snapshot/static-view";
export { exportNotebook } from "./export/notebook";
export { inKernel, showWidget } from "./jupyter";
export type { WidgetHandle } from "./jupyter";
export { startLiveRun, runSummaryText, CANCELLED_BY_USER } from "./run/live";
export type { LiveRun, LiveRunOptions } from "./run/live";
export { RunTracker } from "./run/stages";
export type { StageSpec } from "./run/stages";
export type {
  WeaveResult,
  Pair,
  Panel,
  GraphNode,
  GraphEdge,
  Consensus,
  MultiWeave,
  ClaimGroup,
  Stability,
  PairStability,
  Spread,
  KeepRule,
} from "./schema/weave";
export { groupClaims } from "./weave/multi/group";
export { agreementMatrix } from "./weave/multi/matrix";
export type { GraphiteResult, Chart, Attempt, Faithfulness, GraphiteStability } from "./schema/graphite";
export type { SandboxRun, FigureMeasure, Png, Violation, Layer } from "./schema/sandbox";
export type { RunState, Stage, SlotPublic, Usage, CallRecord, PromptRecord, ParseMode, Provider } from "./schema/common";
export type { WidgetState, ViewEvent } from "./schema/widget";
