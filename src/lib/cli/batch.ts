// `duellab batch`: a batch of weave or graphite runs from the shell, appended to a JSONL results
// file (run it again to resume), optionally written as one offline HTML report; and
// `duellab batch report results.jsonl -o report.html` for a report from the file alone.
import type { Command } from "./types";
import type { SlotInput } from "../slot/slot";
import type { BatchResult } from "../schema/batch";
import { mistake, type Options, walkArgs, wantsHelp } from "./args";
import { parseSlotSpec } from "./slot-spec";

const USAGE =
  "usage: duellab batch weave|graphite --tasks tasks.csv|tasks.jsonl --results results.jsonl [--a provider:model] [--b ...] [--judge ...] [--csv data.csv] [--concurrency N] [--report out.html]\n" +
  "       duellab batch report results.jsonl -o report.html\n" +
  'defaults: demo:atlas/beacon/judge for weave, demo:analyst/raw-bars/judge and the built-in build log for graphite; a task file has a "question" column (CSV) or {"question": ...} lines (JSONL).';

export interface BatchArgs {
  kind: "weave" | "graphite";
  tasks: string;
  results: string;
  slots: { a: SlotInput; b: SlotInput; judge: SlotInput };
  csv?: string;
  concurrency?: number;
  report?: string;
}

export const BATCH_OPTIONS: Options = {
  tasks: { type: "string" },
  results: { type: "string" },
  a: { type: "string" },
  b: { type: "string" },
  judge: { type: "string" },
  csv: { type: "string" },
  concurrency: { type: "string" },
  report: { type: "string" },
};

const REPORT_OPTIONS: Options = { output: { type: "string", short: "o", missing: "needs the HTML file to write, e.g. -o report.html" } };

/** `batch report results.jsonl -o out.html`: the results file and where the report goes. */
export function parseReportArgs(args: string[]): { results: string; output: string } | { error: string } {
  let results: string | undefined;
  let output: string | undefined;
  const walk = walkArgs(
    args,
    REPORT_OPTIONS,
    ({ value }) => {
      output = value;
    },
    (value) => {
      if (results) return `one results file at a time (got "${results}" and "${value}")`;
      results = value;
      return null;
    },
  );
  if (walk.help) return { error: "-h/--help prints the usage (`duellab batch --help`) and runs nothing" };
  if (walk.error) return { error: walk.error };
  if (!results || !output) return { error: "give the results file and -o out.html" };
  return { results, output };
}

export function parseBatchArgs(args: string[]): BatchArgs | { error: string } {
  const kind = args[0];
  if (kind !== "weave" && kind !== "graphite")
    return { error: `the first argument is weave, graphite or report (got ${kind === undefined ? "nothing" : `"${kind}"`})` };
  const slots =
    kind === "weave"
      ? { a: { provider: "demo", model: "atlas" }, b: { provider: "demo", model: "beacon" }, judge: { provider: "demo", model: "judge" } }
      : { a: { provider: "demo", model: "analyst" }, b: { provider: "demo", model: "raw-bars" }, judge: { provider: "demo", model: "judge" } };
  const out: Partial<BatchArgs> & { slots: BatchArgs["slots"] } = { kind, slots: slots as BatchArgs["slots"] };
  const walk = walkArgs(args.slice(1), BATCH_OPTIONS, ({ name, raw, value = "" }) => {
    if (name === "tasks") out.tasks = value;
    else if (name === "results") out.results = value;
    else if (name === "csv") out.csv = value;
    else if (name === "report") out.report = value;
    else if (name === "concurrency") {
      const n = Number(value);
      if (!Number.isInteger(n)) return `--concurrency takes a whole number, got "${value}"`;
      out.concurrency = n;
    } else {
      const slot = parseSlotSpec(raw, value);
      if ("error" in slot) return slot.error;
      out.slots[name as "a" | "b" | "judge"] = slot;
    }
    return null;
  });
  if (walk.help) return { error: "-h/--help prints the usage (`duellab batch --help`) and runs nothing" };
  if (walk.error) return { error: walk.error };
  if (!out.tasks) return { error: '--tasks is required: a .csv with a "question" column or a .jsonl of questions' };
  if (!out.results) return { error: "--results is required: the JSONL file results are appended to (run again to resume)" };
  return out as BatchArgs;
}

export const batchCommand: Command = async (args) => {
  if (args.length === 0 || wantsHelp(args, args[0] === "report" ? REPORT_OPTIONS : BATCH_OPTIONS)) {
    process.stdout.write(`${USAGE}\n`);
    return args.length === 0 ? 2 : 0;
  }
  try {
    if (args[0] === "report") {
      const report = parseReportArgs(args.slice(1));
      if ("error" in report) {
        process.stderr.write(`${mistake("batch report", report.error)}\n${USAGE}\n`);
        return 2;
      }
      const { exportBatchReport } = await import("../export/report.js");
      process.stdout.write(`${await exportBatchReport({ resultsFile: report.results }, report.output)}\n`);
      return 0;
    }
    const parsed = parseBatchArgs(args);
    if ("error" in parsed) {
      process.stderr.write(`${mistake("batch", parsed.error)}\n${USAGE}\n`);
      return 2;
    }
    const common = {
      ...parsed.slots,
      resultsFile: parsed.results,
      display: false,
      ...(parsed.concurrency !== undefined ? { concurrency: parsed.concurrency } : {}),
    };
    let batch: BatchResult;
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
    for (const i of batch.items.filter((x) => x.status === "failed"))
      process.stdout.write(`failed: item ${i.index + 1} (${i.question.slice(0, 60)}): ${i.error}\n`);
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
