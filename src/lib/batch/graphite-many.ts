// graphiteMany(): one graphite run per task (a question, and the CSV it is about), as a batch.
// A chart that crashed is repaired once by default, so first-try and after-repair success can
// both be reported. Each distinct CSV is read once for the whole batch (off the kernel's loop when
// it is big, and without its rows, which nothing on the kernel's thread reads), as the tasks are
// checked, and every run gets that read.
import path from "node:path";
import type { CsvInput } from "../graphite/csv";
import type { CsvHead } from "../graphite/csv-transfer";
import { runGraphite, validateGraphiteOptions, type GraphiteOptions } from "../graphite/run";
import type { GraphiteDeps } from "../graphite/session";
import { defaultRunDeps } from "../run/deps";
import type { GraphiteResult } from "../schema/graphite";
import { publicSlot } from "../slot/slot";
import { dataIdInSlices, itemKeys } from "./key";
import { runBatch, type BatchDeps, type BatchOptions, type BatchRun } from "./run";
import { graphiteItemSummary } from "./summary";
import { BatchInputError, readTasks, type TaskSource } from "./tasks";

export type GraphiteManyOptions = Omit<GraphiteOptions, "question" | "csv" | "display" | "signal"> &
  BatchOptions & {
    /** The data of every task that names none of its own. */
    csv?: CsvInput;
    /** Repair each crashed chart once (default true). */
    repair?: boolean;
  };

export async function graphiteMany(tasks: TaskSource, options: GraphiteManyOptions): Promise<BatchRun> {
  return runGraphiteMany(tasks, options);
}

export async function runGraphiteMany(
  source: TaskSource,
  options: GraphiteManyOptions,
  deps: BatchDeps & { sandbox?: GraphiteDeps["sandbox"] } = {},
): Promise<BatchRun> {
  if (typeof options !== "object" || options === null) throw new BatchInputError("graphiteMany() needs options: graphiteMany(tasks, { csv, a, b, judge }).");
  const tasks = readTasks(source);
  const { concurrency, resultsFile, retry, display, signal, title, csv, repair = true, ...graphiteOptions } = options;
  let validated: Awaited<ReturnType<typeof validateGraphiteOptions>> | null = null;
  const dataIds: string[] = [];
  // Each distinct CSV is read once for the whole batch (a 50,000-row file is not parsed per task,
  // nor again per run), and every run checks the data its task was validated on.
  const reads = new Map<unknown, CsvHead>();
  const readOf = new Map<object, CsvHead>();
  const ids = new Map<CsvHead, string>();
  // The same text or bytes object is the same data; so is the same file (one key per resolved path).
  const paths = new Map<string, object>();
  const sameData = (data: CsvInput): unknown => {
    if (typeof data !== "object" || data === null || data instanceof Uint8Array || typeof data.path !== "string") return data;
    const p = path.resolve(data.path);
    if (!paths.has(p)) paths.set(p, {});
    return paths.get(p);
  };
  for (const [i, t] of tasks.entries()) {
    const data = t.csv ?? csv;
    if (data === undefined)
      throw new BatchInputError(
        `Task ${i + 1} of the batch names no CSV and no default was given: pass csv: buildLogCsv() (or { path }) in the options, or a csv per task.`,
      );
    // One task's check per turn of the kernel's loop: twenty tasks' options, slots and data ids
    // checked in one piece held it, with the runs starting right after.
    if (i > 0) await new Promise((r) => setImmediate(r));
    const key = sameData(data);
    try {
      validated = await validateGraphiteOptions({ ...graphiteOptions, csv: data, question: t.question }, reads.get(key));
    } catch (e) {
      throw new BatchInputError(`Task ${i + 1} of the batch: ${(e as Error).message}`);
    }
    reads.set(key, validated.csv);
    readOf.set(t, validated.csv);
    // hashed a slice per turn: a 50,000-row text in one piece held the loop as the batch started
    if (!ids.has(validated.csv)) ids.set(validated.csv, await dataIdInSlices(validated.csv.text));
    dataIds.push(ids.get(validated.csv)!);
  }
  const slots = Object.fromEntries(Object.entries(validated!.slots).map(([k, s]) => [k, publicSlot(s)]));
  const graphiteDeps = (callModel: GraphiteDeps["callModel"]): GraphiteDeps => ({ callModel, sandbox: deps.sandbox ?? defaultRunDeps.sandbox });
  return runBatch(
    {
      kind: "graphite",
      title: title ?? `Batch: ${tasks.length} graphite task${tasks.length === 1 ? "" : "s"} (${slots.a?.model ?? "A"} vs ${slots.b?.model ?? "B"})`,
      tasks,
      keys: itemKeys(
        "graphite",
        tasks.map((t, i) => ({ question: t.question, dataId: dataIds[i] })),
      ),
      slots,
      demo: Object.values(slots).some((s) => s.provider === "demo"),
      // Each item runs two sandboxed Python processes: keep the default gentle on small machines.
      defaultConcurrency: 2,
      options: { concurrency, resultsFile, retry, display, signal },
      runner: {
        run: async (task, ctx) => {
          const run = await runGraphite(
            { ...graphiteOptions, csv: (task.csv ?? csv) as CsvInput, question: task.question, display: false, signal: ctx.signal },
            graphiteDeps(ctx.callModel),
            copyOf(readOf.get(task)),
          );
          if (repair) {
            for (const side of ["a", "b"] as const) {
              const c = run.charts[side];
              if (c.error !== null || c.run.status === "ok" || c.code === "") continue;
              if (ctx.signal.aborted) break;
              try {
                await run.repair(side);
              } catch (e) {
                run.warnings.push(`Batch: the automatic repair of chart ${side.toUpperCase()} failed: ${(e as Error).message}`);
              }
            }
          }
          return run;
        },
        summarize: (r) => graphiteItemSummary(r as GraphiteResult),
      },
    },
    deps,
  );
}

/** A run's own copy of the batch's read (its warnings are the run's to extend). */
const copyOf = (d: CsvHead | undefined): CsvHead | undefined => (d ? { ...d, warnings: [...d.warnings] } : undefined);
