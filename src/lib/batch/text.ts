// The one-line summary of a batch: what a notebook without the widget shows, and String(batch).
import type { BatchResult, Estimate } from "../schema/batch";

const p1 = (v: number) => (Math.round(v * 10) / 10).toFixed(1);
const pctOf = (v: number | null) => (v === null ? "n/a" : `${p1(v * 100)}%`);

export function ciText(e: Estimate, scale: 1 | 100, unit = "%"): string {
  if (e.value === null) return "n/a (no runs)";
  const f = (v: number) => `${p1(v * scale)}${unit}`;
  return e.lo === null || e.hi === null ? `${f(e.value)} (no interval, n=${e.n})` : `${f(e.value)} (95% CI ${f(e.lo)}–${f(e.hi)}, n=${e.n})`;
}

export function tokensText(r: BatchResult): string {
  const c = r.cost;
  if (c.totalTokens === null) return c.calls ? `tokens n/a (${c.calls} calls reported no usage)` : "no calls yet";
  const lower = c.callsWithoutUsage ? ` (at least: ${c.callsWithoutUsage} of ${c.calls} calls reported no usage)` : "";
  return `${c.totalTokens.toLocaleString("en-US")} tokens in ${c.calls} calls${lower}`;
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
  if (a?.kind === "weave") stats = a.coreShare ? ` · core ${ciText(a.coreShare, 1)} · A–B consensus ${ciText(a.consensus, 1)}` : ` · consensus ${ciText(a.consensus, 1)}`;
  if (a?.kind === "graphite") {
    const w = a.winRate;
    const p = w.signTestP === null ? "n/a" : w.signTestP < 0.001 ? "<0.001" : w.signTestP.toFixed(3);
    stats = ` · A's win rate ${w.value === null ? "n/a" : `${pctOf(w.value)} (95% CI ${pctOf(w.lo)}–${pctOf(w.hi)}, ${w.aWins.length}–${w.bWins.length}, sign test p=${p})`}`;
  }
  return `${head}${stats} · ${tokensText(r)}`;
}
