// The weave headline's numbers as every reader-facing place computes them: consensus recomputed
// from the raw counts (a stored percent is never trusted), participation from its counts, how
// the judge's output was read, in words, and each panel's caption. The static sheets and the live
// views both use these.
// Below run/ and weave/ in the folder order (snapshot/ is drawn by run/live.ts). Pure.
import { pct, plural } from "../format";
import type { Consensus, Panel, Spread, WeaveResult } from "../schema/weave";

/** k of n as a percent, one decimal; null when n is 0 (no share of nothing). */
export const share = (k: number, n: number): number | null => (n === 0 ? null : Math.round((k / n) * 1000) / 10);

/** consensusByNodes from the raw counts, one decimal; null with no claims at all. */
export function recomputeConsensus(c: Pick<Consensus, "sharedPairs" | "aOnly" | "bOnly">): number | null {
  return share(c.sharedPairs, c.sharedPairs + c.aOnly + c.bOnly);
}

/** participationByNodes from its counts: claims the judge related at all ÷ all claims. */
export function recomputeParticipation(c: Pick<Consensus, "linkedClaims" | "totalClaims">): number | null {
  return share(c.linkedClaims, c.totalClaims);
}

export const LEXICAL_LABEL = "lexical fallback — edges are word overlap, not judged";

export function parseModeNote(mode: WeaveResult["parseMode"]): { text: string; level: "ok" | "warn" | "loud" } {
  if (mode === "fallback-lexical") return { text: LEXICAL_LABEL, level: "loud" };
  if (mode === "json-retry") return { text: "judge: json after one retry (first output did not parse)", level: "warn" };
  return { text: "judge: json", level: "ok" };
}

/** "20.0–41.2% (median 29.8%)": a spread is never shown as one number (as weave/summary.ts writes it). */
export function spreadText(s: Spread): string {
  if (s.min === null || s.max === null) return "n/a";
  return `${pct(s.min)}–${pct(s.max)} (median ${pct(s.median)})`;
}

/** A panel's caption: "12 claims · 9 edges · 1 contradiction", and on Both what the core absorbed. */
export function panelCaption(p: Pick<Panel, "stats">, key: string): string {
  const st = p.stats;
  return [
    plural(st.nodes, "claim"),
    plural(st.drawnEdges, "edge"),
    st.contradictCount ? plural(st.contradictCount, "contradiction") : null,
    key === "both" && st.absorbedIntoCore ? `${st.absorbedIntoCore} absorbed into the core` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}
