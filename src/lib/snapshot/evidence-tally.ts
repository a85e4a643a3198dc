// The counts every view, summary, snapshot and batch report shows for evidence, recomputed from the
// per-claim records (never stored as a headline), and their one wording. Pure: no Node imports, so
// the widget bundle uses it as-is. It lives with the snapshot recounts so every surface, static or
// live, can import it without a folder cycle.
import type { AnswerCoverage, ClaimEvidence } from "../schema/weave";

/** The sides whose claim behind a graph node (`indices`: side → claim index) was not found in that
 * side's answer: the node is drawn dashed and says so, live and in the picture. */
export function notFoundSides(evidence: Record<string, readonly ClaimEvidence[]> | undefined, indices: Record<string, number>): string[] {
  return Object.entries(indices)
    .filter(([side, i]) => evidence?.[side]?.[i]?.status === "not-found")
    .map(([side]) => side);
}

export interface EvidenceTally {
  claims: number;
  traced: number;
  ambiguous: number;
  notFound: number;
  /** Of notFound: the quote was another answer's words. */
  otherAnswer: number;
  untraced: number;
}

export function tallyEvidence(evidence: readonly ClaimEvidence[]): EvidenceTally {
  const t: EvidenceTally = { claims: evidence.length, traced: 0, ambiguous: 0, notFound: 0, otherAnswer: 0, untraced: 0 };
  for (const e of evidence) {
    if (e.status === "traced") t.traced++;
    else if (e.status === "ambiguous") t.ambiguous++;
    else if (e.status === "not-found") {
      t.notFound++;
      if (e.why === "other-answer") t.otherAnswer++;
    } else t.untraced++;
  }
  return t;
}

/** Traced ÷ claims × 100, one decimal; null with no claims or when the judge gave no evidence at all. */
export function tracedShare(t: EvidenceTally): number | null {
  if (t.claims === 0 || t.untraced === t.claims) return null;
  return Math.round((t.traced / t.claims) * 1000) / 10;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "A: 11/12 claims traced, 2 sentences not covered" (and what the rest were), for every surface. */
export function evidenceLine(label: string, evidence: readonly ClaimEvidence[], coverage: AnswerCoverage | null | undefined): string {
  const t = tallyEvidence(evidence);
  if (t.claims === 0) return `${label}: no claims`;
  if (t.untraced === t.claims) return `${label}: ${plural(t.claims, "claim")} untraced (the judge gave no quotes), coverage n/a`;
  const parts = [`${label}: ${t.traced}/${t.claims} claims traced`];
  if (t.notFound) parts.push(`${t.notFound} not found in ${label}'s answer${t.otherAnswer ? ` (${t.otherAnswer} in another answer)` : ""}`);
  if (t.ambiguous) parts.push(`${t.ambiguous} ambiguous`);
  if (t.untraced) parts.push(`${t.untraced} untraced`);
  parts.push(coverage ? `${plural(coverage.uncovered.length, "sentence")} of ${coverage.sentences.length} not covered` : "coverage n/a");
  return parts.join(", ");
}

/** One claim's evidence in words, for a tooltip or a list entry. */
export function evidenceText(e: ClaimEvidence): string {
  switch (e.why) {
    case "quote":
      return "traced: the quote is in the answer";
    case "quote-offsets":
      return `traced: the quote is in the answer ${e.places ?? 0} times; the judge's offsets pick one`;
    case "offsets":
      return "traced by the judge's offsets only (no quote to check)";
    case "claim-text":
      return "traced: the claim is the answer's own sentence (fallback split)";
    case "several-places":
      return `ambiguous: the quote is in ${e.places ?? 0} places of the answer; none is picked`;
    case "absent":
      return "not found: the judge's quote is not in this answer";
    case "other-answer":
      return `not found: the quote is in ${(e.foundIn ?? "another").toUpperCase()}'s answer, not this one`;
    case "too-long":
      return "not found: the quote is longer than the answer";
    case "out-of-range":
      return "not found: the judge's offsets are outside the answer";
    case "no-evidence":
      return "untraced: the judge gave no quote";
  }
}
