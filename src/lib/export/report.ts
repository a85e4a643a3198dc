// One offline HTML report for a batch: exportHtml's page (the standalone view bundle with the batch
// state inlined, so every run opens in its own view offline), with a static summary of the
// aggregates in the no-script fallback.
import type { BatchResult, Estimate } from "../schema/batch";
import type { WidgetState } from "../schema/widget";
import { readBatchFile } from "../batch/from-file";
import { estimateWithCi, pClause } from "../format";
import { exportHtml } from "./html";
import { esc } from "../snapshot/escape";
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

const est = (e: Estimate, scale: 1 | 100) => estimateWithCi(e, scale);

/** What a reader without JavaScript sees: the counts and every aggregate with its interval. */
export function batchStaticHtml(b: BatchResult): string {
  const rows: [string, string][] = [];
  const a = b.aggregates;
  if (a?.kind === "weave") {
    rows.push(["Consensus (mean)", est(a.consensus, 1)], ["Participation (mean)", est(a.participation, 1)]);
    for (const [side, m] of Object.entries(a.perModel)) rows.push([`${side.toUpperCase()} (${m.model}): claims shared`, est(m.shared, 1)]);
  }
  if (a?.kind === "graphite") {
    const p = a.winRate.signTestP;
    rows.push([
      `A's paired win rate`,
      `${est(a.winRate, 100)}; A ${a.winRate.aWins.length} – B ${a.winRate.bWins.length}, neither ${a.winRate.neither.length}; sign test ${pClause(p)}`,
    ]);
    for (const side of ["a", "b"])
      rows.push([`${side.toUpperCase()} first try / after repair`, `${est(a.firstTry[side]!, 100)} / ${est(a.afterRepair[side]!, 100)}`]);
    rows.push([
      "Grid (both / only A / only B / neither rendered)",
      `${a.grid.bothSucceeded.length} / ${a.grid.onlyA.length} / ${a.grid.onlyB.length} / ${a.grid.bothFailed.length}`,
    ]);
  }
  const g = b.progress;
  const tr = (k: string, v: string) =>
    `<tr><th scope="row" style="text-align:left;padding:2px 8px">${esc(k)}</th><td style="padding:2px 8px">${esc(v)}</td></tr>`;
  return `<div class="duellab-static"><h2>${esc(b.title)}</h2><p>${g.done} of ${g.total} done, ${g.failed} failed, ${g.cancelled} cancelled.</p><table>${rows.map(([k, v]) => tr(k, v)).join("")}</table><p>Open this file with JavaScript enabled to see each run.</p></div>`;
}

/**
 * Writes one offline HTML report for a batch (the object weaveMany/graphiteMany returned, or the
 * path of its JSONL results file) and resolves to its path; without `file`, to the HTML itself.
 */
export async function exportBatchReport(batch: BatchResult | { resultsFile: string }, file?: string): Promise<string> {
  const b = "kind" in batch && batch.kind === "batch" ? batch : await readBatchFile((batch as { resultsFile: string }).resultsFile);
  const page = await exportHtml(batchReportState(b));
  const i = page.indexOf("<noscript>");
  const j = page.indexOf("</noscript>", i);
  const html = i >= 0 && j > i ? `${page.slice(0, i + 10)}${batchStaticHtml(b)}${page.slice(j)}` : page;
  if (!file) return html;
  const out = path.resolve(file);
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, html, "utf8");
  return out;
}
