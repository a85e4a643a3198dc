// The weave headline: consensus recomputed from the raw counts it comes from, participation,
// contradictions, and how the judge's output was read (a lexical fallback is impossible to miss).
// The numbers and the parse-mode words are lib/snapshot/recount.ts's, as the static sheets show them.
import type { WeaveResult } from "../../../lib/schema/weave";
import { parseModeNote, recomputeConsensus } from "../../../lib/snapshot/recount";
import { h } from "../dom";
import { pct } from "../format";
import { headlineSection, stat } from "../headline";
import { warningList } from "../warnings";
import { evidenceHeadline } from "./evidence";

export function headline(r: WeaveResult): HTMLElement {
  const c = r.consensus;
  const recomputed = recomputeConsensus(c);
  const mismatch = recomputed !== null && c.consensusByNodes !== null && Math.abs(recomputed - c.consensusByNodes) > 0.11;
  const mode = parseModeNote(r.parseMode);
  return headlineSection(
    r.question,
    [
      stat(
        pct(recomputed),
        "consensus by nodes",
        "dl-stat-main dl-consensus",
        `${c.sharedPairs} shared ÷ (${c.sharedPairs} shared + ${c.aOnly} A-only + ${c.bOnly} B-only)`,
      ),
      stat(pct(c.participationByNodes), "claims linked at all", "dl-participation", `${c.linkedClaims} of ${c.totalClaims} claims have at least one relation`),
      stat(String(c.sharedPairs), "shared", "dl-count-shared"),
      stat(String(c.aOnly), "A only", "dl-count-a"),
      stat(String(c.bOnly), "B only", "dl-count-b"),
      stat(String(c.contradictions), c.contradictions === 1 ? "contradiction" : "contradictions", "dl-count-contra"),
    ],
    h("div", { class: `dl-parse dl-parse-${mode.level}`, "data-parse-mode": r.parseMode, role: mode.level === "loud" ? "alert" : null }, mode.text),
    evidenceHeadline(r),
    r.stability ? stabilityLine(r.stability) : null,
    mismatch
      ? h(
          "div",
          { class: "dl-warning", role: "alert" },
          `The result reports ${pct(c.consensusByNodes)} but its raw counts give ${pct(recomputed)}; the view shows the recomputed number.`,
        )
      : null,
    warningList(r.warnings),
  );
}

/** Repeated CLASSIFY runs: the headline is a spread, never one number, and the keep rule is said. */
export function stabilityLine(st: NonNullable<WeaveResult["stability"]>): HTMLElement {
  const sp = st.consensusSpread;
  return h(
    "div",
    { class: "dl-stability" },
    h("b", {}, `Judge stability over ${st.runs} CLASSIFY runs`),
    ` (${st.swappedRuns} with the lists swapped, ${st.judgedRuns} parsed): `,
    `consensus min ${pct(sp.min)} · median ${pct(sp.median)} · max ${pct(sp.max)} · `,
    `${st.keptPairs} of ${st.candidatePairs} relations kept · ${st.ruleText}`,
    st.flipsUnderSwap
      ? h("span", { class: "dl-flips" }, ` · ${st.flipsUnderSwap} ${st.flipsUnderSwap === 1 ? "relation flips" : "relations flip"} when the order is swapped`)
      : null,
    h("span", { class: "dl-muted" }, " · edge opacity = share of runs that found it"),
  );
}
