// The evidence lines of a static weave sheet (picture and sanitizer-proof HTML alike): per side the
// trace counts and uncovered sentences, the consensus over traced claims only when some claim is
// not traced, and each claim not found in its answer, listed by name. Pure.
import { pct } from "../format";
import type { WeaveResult } from "../schema/weave";
import { evidenceLine, evidenceText, tallyEvidence } from "./evidence-tally";
import type { Line } from "./sheet";

/** Claims not found listed at most; the rest are counted. */
export const STATIC_NOT_FOUND_LIMIT = 6;

export function evidenceLines(r: Pick<WeaveResult, "sides" | "claims" | "evidence" | "coverage" | "tracedConsensus">): Line[] {
  if (!r.evidence) return [];
  const lines: Line[] = [];
  const notFound: Line[] = [];
  for (const side of r.sides) {
    const ev = r.evidence[side];
    if (!ev) continue;
    const t = tallyEvidence(ev);
    lines.push({ text: evidenceLine(side.toUpperCase(), ev, r.coverage?.[side]), tone: t.notFound ? "amber" : "muted" });
    ev.forEach((e, i) => {
      if (e.status === "not-found")
        notFound.push({ text: `${side.toUpperCase()} claim ${i + 1} "${r.claims[side]?.[i] ?? "?"}": ${evidenceText(e)}`, tone: "red" });
    });
  }
  const tc = r.tracedConsensus;
  if (tc)
    lines.push({
      text: `Over traced claims only: ${pct(tc.consensusByNodes)} consensus (${tc.sharedPairs} shared / ${tc.aOnly} A-only / ${tc.bOnly} B-only); the headline is the judge's matching of all claims`,
      tone: "plain",
    });
  const shown = notFound.slice(0, STATIC_NOT_FOUND_LIMIT);
  if (notFound.length > shown.length) shown.push({ text: `${notFound.length - shown.length} more claims not found are in the result.`, tone: "muted" });
  return [...lines, ...shown];
}
