// One offline HTML report for a batch: exportHtml's page (the standalone view bundle with the batch
// state inlined, so every run opens in its own view offline), with the batch's static view (every
// aggregate with its interval, one row per run) in the no-script fallback.
import type { BatchResult } from "../schema/batch";
import type { WidgetState } from "../schema/widget";
import { readBatchFile } from "../batch/from-file";
import { exportHtml } from "./html";
import fs from "node:fs/promises";
import path from "node:path";

/** The widget state of a finished batch, as the live widget showed it at the end. */
export function batchReportState(batch: BatchResult): WidgetState {
  const ended = Date.parse(batch.createdAt) + batch.progress.elapsedMs;
  const started = Date.parse(batch.createdAt);
  return {
    view: "batch",
    run: {
      title: batch.title,
      status: batch.status === "cancelled" ? "cancelled" : "done",
      stages: [{ id: "running", label: "Running the items", status: "done", startedAt: started, endedAt: ended, detail: null }],
      startedAt: started,
      endedAt: ended,
      error: null,
      cancellable: false,
    },
    result: batch,
    pending: [],
  };
}

/**
 * Writes one offline HTML report for a batch (the object weaveMany/graphiteMany returned, or the
 * path of its JSONL results file) and resolves to its path; without `file`, to the HTML itself.
 */
export async function exportBatchReport(batch: BatchResult | { resultsFile: string }, file?: string): Promise<string> {
  const b = "kind" in batch && batch.kind === "batch" ? batch : await readBatchFile((batch as { resultsFile: string }).resultsFile);
  // The page's no-script fallback is the batch's static view (snapshot/sheet-batch.ts).
  const html = await exportHtml(batchReportState(b));
  if (!file) return html;
  const out = path.resolve(file);
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, html, "utf8");
  return out;
}
