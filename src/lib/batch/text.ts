// The one-line summary of a batch: what a notebook without the widget shows, and String(batch).
// Numbers are written by lib/format.ts, like every other view of them. Pure.
import { estimateWithCi, NA, pClause, pct, tokens } from "../format";
import type { BatchResult, Estimate } from "../schema/batch";

const pctOf = (v: number | null) => (v === null ? NA : pct(v * 100));

/** "43.4% (95% CI 41.2%–45.5%, n=6)": the summary writes the unit on both ends of the interval. */
export function ciText(e: Estimate, scale: 1 | 100): string {
  return estimateWithCi(e, scale, { unitEach: true, none: `${NA} (no runs)` });
}

export function tokensText(r: BatchResult): string {
  return tokens(r.cost);
}

export function batchSummary(r: BatchResult): string {
  const g = r.progress;
  const parts = [`${g.done} done`, `${g.failed} failed`];
  if (g.running) parts.push(`${g.running} running`);
  if (g.pending) parts.push(`${g.pending} not started`);
  if (g.cancelled) parts.push(`${g.cancelled} cancelled`);
  if (g.resumed) parts.push(`${g.resumed} from the results file`);
  const head = `Batch of ${g.total} ${r.batchKind} runs (${r.status}): ${parts.join(", ")}`;
  const a = r.aggregates;
  let stats = "";
  if (a?.kind === "weave")
    stats = a.coreShare ? ` · core ${ciText(a.coreShare, 1)} · A–B consensus ${ciText(a.consensus, 1)}` : ` · consensus ${ciText(a.consensus, 1)}`;
  if (a?.kind === "graphite") {
    const w = a.winRate;
    stats = ` · A's win rate ${w.value === null ? NA : `${pctOf(w.value)} (95% CI ${pctOf(w.lo)}–${pctOf(w.hi)}, ${w.aWins.length}–${w.bWins.length}, sign test ${pClause(w.signTestP, true)})`}`;
  }
  return `${head}${stats} · ${tokensText(r)}`;
}
