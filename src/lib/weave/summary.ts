// The one line a notebook cell shows for a weave result. Pure.
import { pct } from "../format";
import type { CallRecord, ParseMode } from "../schema/common";
import type { ClaimEvidence, Consensus, MultiWeave, Stability } from "../schema/weave";
import { tallyEvidence } from "../snapshot/evidence-tally";

import { spreadText } from "../snapshot/recount";

export { spreadText };

/** What a model refused and what was sent instead, each once: " · ⚠ judge o3-mini refuses temperature 0: judged at its default". */
export function adaptationText(calls: readonly CallRecord[] | undefined): string {
  const seen = [...new Set((calls ?? []).flatMap((c) => c.adaptations ?? []))];
  return seen.length ? ` · ⚠ ${seen.join("; ")}` : "";
}

type Summarised = {
  consensus: Consensus;
  parseMode: ParseMode;
  multi?: MultiWeave;
  stability?: Stability;
  calls?: CallRecord[];
  evidence?: Record<string, ClaimEvidence[]>;
  tracedConsensus?: Consensus;
};

export function weaveSummary(r: Summarised): string {
  return weaveLine(r) + tracedText(r) + adaptationText(r.calls);
}

/** " · traced A 11/12, B 12/12" (and the traced-only consensus beside the judge's); nothing on results from before evidence. */
export function tracedText(r: Pick<Summarised, "evidence" | "tracedConsensus">): string {
  if (!r.evidence) return "";
  const tallies = Object.entries(r.evidence).map(([side, ev]) => [side, tallyEvidence(ev)] as const);
  if (tallies.every(([, t]) => t.untraced === t.claims)) return " · claims untraced (no quotes)";
  const parts = tallies.map(([side, t]) => `${side.toUpperCase()} ${t.traced}/${t.claims}`).join(", ");
  const second = r.tracedConsensus ? ` · traced-only consensus ${pct(r.tracedConsensus.consensusByNodes)}` : "";
  return ` · traced ${parts}${second}`;
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
