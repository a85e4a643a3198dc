// weaveMany(): one weave per question, as a batch. Each item is an ordinary weave() run with its
// widget off; the batch has one widget of its own.
import type { WeaveResult } from "../schema/weave";
import { publicSlot } from "../slot/slot";
import { runWeave, validateWeaveOptions, type WeaveOptions } from "../weave/run";
import { itemKeys } from "./key";
import { runBatch, type BatchDeps, type BatchOptions, type BatchRun } from "./run";
import { weaveItemSummary } from "./summary";
import { BatchInputError, readTasks, type TaskSource } from "./tasks";

export type WeaveManyOptions = Omit<WeaveOptions, "question" | "display" | "signal"> & BatchOptions;

export async function weaveMany(questions: TaskSource, options: WeaveManyOptions): Promise<BatchRun> {
  return runWeaveMany(questions, options);
}

/** `weaveMany` with the model client (and clock) passed in: tests count and fail calls with it. */
export async function runWeaveMany(questions: TaskSource, options: WeaveManyOptions, deps: BatchDeps = {}): Promise<BatchRun> {
  if (typeof options !== "object" || options === null)
    throw new BatchInputError("weaveMany() needs options: weaveMany(questions, { a, b, judge, concurrency }).");
  const tasks = readTasks(questions);
  const { concurrency, resultsFile, retry, display, signal, title, ...weaveOptions } = options;
  // Every question and every slot is checked before the first call, so a bad row fails fast.
  let validated: ReturnType<typeof validateWeaveOptions> | null = null;
  tasks.forEach((t, i) => {
    try {
      validated = validateWeaveOptions({ ...weaveOptions, question: t.question });
    } catch (e) {
      throw new BatchInputError(`Question ${i + 1} of the batch: ${(e as Error).message}`);
    }
  });
  const slots = Object.fromEntries(Object.entries(validated!.slots).map(([k, s]) => [k, publicSlot(s)]));
  return runBatch(
    {
      kind: "weave",
      title:
        title ??
        `Batch: ${tasks.length} weave question${tasks.length === 1 ? "" : "s"} (${Object.entries(slots)
          .filter(([k]) => k !== "judge")
          .map(([, s]) => s.model)
          .join(" vs ")})`,
      tasks,
      keys: itemKeys("weave", tasks),
      slots,
      demo: Object.values(slots).some((s) => s.provider === "demo"),
      defaultConcurrency: 4,
      options: { concurrency, resultsFile, retry, display, signal },
      runner: {
        run: (task, ctx) => runWeave({ ...weaveOptions, question: task.question, display: false, signal: ctx.signal } as WeaveOptions, ctx.callModel),
        summarize: (r) => weaveItemSummary(r as WeaveResult),
      },
    },
    deps,
  );
}
