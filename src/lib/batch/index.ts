// Batches of weave and graphite runs, with honest aggregates, resumable from a JSONL file.
export { weaveMany, runWeaveMany, type WeaveManyOptions } from "./weave-many";
export { graphiteMany, runGraphiteMany, type GraphiteManyOptions } from "./graphite-many";
export { runBatch, type BatchOptions, type BatchDeps, type BatchRun } from "./run";
export { readTasks, BatchInputError, type Task, type TaskSource } from "./tasks";
export { batchSummary } from "./text";
