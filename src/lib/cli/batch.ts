// `duellab batch`: a batch of weave or graphite runs from the shell, appended to a JSONL results
// file (run it again to resume), optionally written as one offline HTML report; and
// `duellab batch report results.jsonl -o report.html` for a report from the file alone.
import type { Command } from "./types";
import type { SlotInput } from "../slot/slot";
import { parseSlotSpec } from "./weave";

const USAGE =
  "usage: duellab batch weave|graphite --tasks tasks.csv|tasks.jsonl --results results.jsonl [--a provider:model] [--b ...] [--judge ...] [--csv data.csv] [--concurrency N] [--report out.html]\n" +
  "       duellab batch report results.jsonl -o report.html\n" +
  "defaults: demo:atlas/beacon/judge for weave, demo:analyst/raw-bars/judge and the built-in build log for graphite; a task file has a \"question\" column (CSV) or {\"question\": ...} lines (JSONL).";

export interface BatchArgs {
  kind: "weave" | "graphite";
  tasks: string;
  results: string;
  slots: { a: SlotInput; b: SlotInput; judge: SlotInput };
  csv?: string;
  concurrency?: number;
  report?: string;
}

export function parseBatchArgs(args: string[]): BatchArgs | { error: string } {
  const kind = args[0];
  if (kind !== "weave" && kind !== "graphite") return { error: `the first argument is weave, graphite or report (got ${kind === undefined ? "nothing" : `"${kind}"`})` };
  const slots =
    kind === "weave"
      ? { a: { provider: "demo", model: "atlas" }, b: { provider: "demo", model: "beacon" }, judge: { provider: "demo", model: "judge" } }
      : { a: { provider: "demo", model: "analyst" }, b: { provider: "demo", model: "raw-bars" }, judge: { provider: "demo", model: "judge" } };
  const out: Partial<BatchArgs> & { slots: BatchArgs["slots"] } = { kind, slots: slots as BatchArgs["slots"] };
  for (let i = 1; i < args.length; i++) {
    const flag = args[i]!;
    const value = args[i + 1];
    if (!["--tasks", "--results", "--a", "--b", "--judge", "--csv", "--concurrency", "--report"].includes(flag)) return { error: `unknown option ${flag}` };
    if (value === undefined) return { error: `${flag} needs a value` };
    i++;
    if (flag === "--tasks") out.tasks = value;
    else if (flag === "--results") out.results = value;
    else if (flag === "--csv") out.csv = value;
    else if (flag === "--report") out.report = value;
    else if (flag === "--concurrency") {
      const n = Number(value);
      if (!Number.isInteger(n)) return { error: `--concurrency takes a whole number, got "${value}"` };
      out.concurrency = n;
    } else {
      const slot = parseSlotSpec(flag, value);
      if ("error" in slot) return slot;
      out.slots[flag.slice(2) as "a" | "b" | "judge"] = slot;
    }
  }
  if (!out.tasks) return { error: "--tasks is required: a .csv with a \"question\" column or a .jsonl of questions" };
  if (!out.results) return { error: "--results is required: the JSONL file results are appended to (run again to resume)" };
  return out as BatchArgs;
}

export const batchCommand: Command = async (args) => {
  if (args.includes("-h") || args.includes("--help") || args.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return args.length === 0 ? 2 : 0;
  }
  try {
    if (args[0] === "report") {
      const file = args[1];
      const o = args.indexOf("-o");
      if (!file || o < 0 || !args[o + 1]) {
        process.stderr.write(`duellab batch report: give the results file and -o out.html.\n${USAGE}\n`);
        return 2;
      }
      const { exportBatchReport } = await import("../export/report.js");
      process.stdout.write(`${await exportBatchReport({ resultsFile: file }, args[o + 1])}\n`);
      return 0;
    }
    const parsed = parseBatchArgs(args);
    if ("error" in parsed) {
      process.stderr.write(`duellab batch: ${parsed.error}.\n${USAGE}\n`);
      return 2;
    }
    const common = { ...parsed.slots, resultsFile: parsed.results, display: false, ...(parsed.concurrency !== undefined ? { concurrency: parsed.concurrency } : {}) };
    let batch;
    if (parsed.kind === "weave") {
      const { weaveMany } = await import("../batch/weave-many.js");
      batch = await weaveMany({ path: parsed.tasks }, common);
    } else {
      const { graphiteMany } = await import("../batch/graphite-many.js");
      const { buildLogCsv } = await import("../graphite/buildlog.js");
      batch = await graphiteMany({ path: parsed.tasks }, { ...common, csv: parsed.csv ? { path: parsed.csv } : buildLogCsv() });
    }
    process.stdout.write(`${String(batch)}\n`);
    for (const w of batch.warnings) process.stdout.write(`warning: ${w}\n`);
    for (const i of batch.items.filter((x) => x.status === "failed")) process.stdout.write(`failed: item ${i.index + 1} (${i.question.slice(0, 60)}): ${i.error}\n`);
    if (parsed.report) {
      const { exportBatchReport } = await import("../export/report.js");
      process.stdout.write(`report: ${await exportBatchReport(batch, parsed.report)}\n`);
    }
    return batch.progress.failed > 0 ? 1 : 0;
  } catch (e) {
    process.stderr.write(`duellab batch: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
};
