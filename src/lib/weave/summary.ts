// The one line a notebook cell shows for a weave result. Pure.
import type { ParseMode } from "../schema/common";
import type { Consensus } from "../schema/weave";

export function weaveSummary(r: { consensus: Consensus; parseMode: ParseMode }): string {
  const c = r.consensus;
  const pct = c.consensusByNodes === null ? "n/a" : `${c.consensusByNodes.toFixed(1)}%`;
  const contra = `${c.contradictions} contradiction${c.contradictions === 1 ? "" : "s"}`;
  return `Weave ${pct} consensus · ${c.sharedPairs} shared / ${c.aOnly} A-only / ${c.bOnly} B-only · ${contra} · judge: ${r.parseMode}`;
}
