// The one line a notebook cell shows for a weave result. Pure.
import { pct } from "../format";
import type { CallRecord, ParseMode } from "../schema/common";
import type { Consensus, MultiWeave, Stability } from "../schema/weave";

import { spreadText } from "../snapshot/recount";

export { spreadText };

/** What a model refused and what was sent instead, each once: " · ⚠ judge o3-mini refuses temperature 0: judged at its default". */
export function adaptationText(calls: readonly CallRecord[] | undefined): string {
  const seen = [...new Set((calls ?? []).flatMap((c) => c.adaptations ?? []))];
  return seen.length ? ` · ⚠ ${seen.join("; ")}` : "";
}

export function weaveSummary(r: { consensus: Consensus; parseMode: ParseMode; multi?: MultiWeave; stability?: Stability; calls?: CallRecord[] }): string {
  return weaveLine(r) + adaptationText(r.calls);
}

function weaveLine(r: { consensus: Consensus; parseMode: ParseMode; multi?: MultiWeave; stability?: Stability }): string {
  if (r.multi) return multiSummary(r.multi, r.parseMode);
  const c = r.consensus;
  const consensus = pct(c.consensusByNodes);
  const contra = `${c.contradictions} contradiction${c.contradictions === 1 ? "" : "s"}`;
  const line = `Weave ${consensus} consensus · ${c.sharedPairs} shared / ${c.aOnly} A-only / ${c.bOnly} B-only · ${contra} · judge: ${r.parseMode}`;
  return r.stability ? `${line} · ${stabilityText(r.stability)}` : line;
}

export function stabilityText(s: Stability): string {
  return `across ${s.judgedRuns} judge run${s.judgedRuns === 1 ? "" : "s"} ${spreadText(s.consensusSpread)}, ${s.keptPairs} of ${s.candidatePairs} relations kept (${s.rule})`;
}

export function multiSummary(m: MultiWeave, parseMode: ParseMode): string {
  const n = m.models.length;
  const d = m.distribution;
  const middle = Array.from({ length: Math.max(0, n - 2) }, (_, i) => n - 1 - i).map((k) => `${d.byCount[String(k)] ?? 0} by ${k}`);
  const rings = [`${d.all} by all ${n}`, ...middle, `${d.one} by one`].join(" / ");
  const runs = m.coreSpread ? ` · core across ${m.coreSpread.values.length} judge runs ${spreadText(m.coreSpread)}` : "";
  return `Weave of ${n} models · ${d.groups} claim groups: ${rings} · pairwise consensus ${spreadText(m.matrixSpread)}${runs} · judge: ${parseMode}`;
}
