// The static sheet of a batch: progress counts, every aggregate with its interval and the runs it
// came from, and one row per item with the numbers read from that item's own result. Pure.
import { tracedShareLines } from "./traced-share";
import { estimateWithCi, NA, pClause, pct, tokens } from "../format";
import type { BatchItem, BatchResult, Estimate } from "../schema/batch";
import type { Line, Sheet, Stat } from "./sheet";
import { slotsLine, warningLines } from "./sheet";

/** "43.4% (95% CI 41.2%–45.5%, n=6)", as the batch's own summary line writes it. */
const ciText = (e: Estimate, scale: 1 | 100) => estimateWithCi(e, scale, { unitEach: true, none: `${NA} (no runs)` });

/** Items listed in a static batch view at most; the rest are counted. */
export const STATIC_ITEM_LIMIT = 30;

const clip = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function itemCells(b: BatchResult, it: BatchItem): string[] {
  const s = it.summary;
  const base = [String(it.index + 1), clip(it.question), it.status + (it.error ? `: ${clip(it.error, 60)}` : "")];
  if (b.batchKind === "weave") return [...base, s ? pct(s.consensus) : NA, s?.parseMode ?? NA];
  const ship = s?.ship === undefined || s?.ship === null ? NA : s.ship === "neither" ? "neither" : s.ship.toUpperCase();
  const ok = (side: string) => (s?.finalOk?.[side] === undefined ? NA : s.finalOk[side] ? "rendered" : "no figure");
  return [...base, ship, `${ok("a")} / ${ok("b")}`];
}

export function batchSheet(b: BatchResult): Sheet {
  const g = b.progress;
  const a = b.aggregates;
  const stats: Stat[] = [
    { value: `${g.done} of ${g.total}`, label: "runs done", main: true },
    { value: String(g.failed), label: "failed", tone: g.failed ? "red" : "plain" },
  ];
  if (g.cancelled) stats.push({ value: String(g.cancelled), label: "cancelled" });
  if (g.resumed) stats.push({ value: String(g.resumed), label: "from the results file" });
  const notes: Line[] = [];
  if (a?.kind === "weave") {
    if (a.coreShare) stats.push({ value: ciText(a.coreShare, 1), label: "core share (mean)" });
    stats.push({ value: ciText(a.consensus, 1), label: a.coreShare ? "A–B consensus (mean)" : "consensus (mean)" });
    stats.push({ value: ciText(a.participation, 1), label: "participation (mean)" });
    for (const [side, m] of Object.entries(a.perModel))
      stats.push({
        value: ciText(m.shared, 1),
        label: `${side.toUpperCase()} (${m.model}): claims shared`,
        tone: side === "a" ? "a" : side === "b" ? "b" : "plain",
      });
    for (const text of tracedShareLines(a)) notes.push({ text, tone: "muted" });
    if (a.degraded.length)
      notes.push({
        text: `${a.degraded.length} run${a.degraded.length === 1 ? "" : "s"} needed a labelled judge fallback (json-retry or lexical)`,
        tone: "amber",
      });
  }
  if (a?.kind === "graphite") {
    const w = a.winRate;
    stats.push({ value: ciText(w, 100), label: `A's paired win rate (A ${w.aWins.length} – B ${w.bWins.length}, neither ${w.neither.length})` });
    stats.push({ value: pClause(w.signTestP), label: "sign test, A's wins against B's" });
    for (const side of ["a", "b"]) {
      const first = a.firstTry[side];
      const after = a.afterRepair[side];
      if (first && after)
        stats.push({
          value: `${ciText(first, 100)} / ${ciText(after, 100)}`,
          label: `${side.toUpperCase()} rendered: first try / after repair`,
          tone: side === "a" ? "a" : "b",
        });
    }
    stats.push({
      value: `${a.grid.bothSucceeded.length} / ${a.grid.onlyA.length} / ${a.grid.onlyB.length} / ${a.grid.bothFailed.length}`,
      label: "both / only A / only B / neither rendered",
    });
  }
  notes.push({ text: `${b.status} · ${tokens(b.cost)}`, tone: "muted" }, slotsLine(b.slots, b.demo), ...warningLines(b.warnings));
  const header = b.batchKind === "weave" ? ["#", "question", "status", "consensus", "judge"] : ["#", "question", "status", "judge ships", "A / B"];
  const items = b.items.slice(0, STATIC_ITEM_LIMIT);
  return {
    kind: "batch",
    title: `duellab · batch of ${b.batchKind} runs`,
    question: b.title,
    stats,
    notes,
    body: {
      kind: "table",
      caption: "Runs",
      header,
      rows: items.map((it) => itemCells(b, it)),
      more: b.items.length > items.length ? `${b.items.length - items.length} more runs are in the result.` : null,
    },
  };
}
