// Evidence for a whole weave: every claim of every side checked against the answers (verify.ts),
// each answer's coverage (coverage.ts), and the consensus over traced claims only, the second
// reading shown beside the judge's own when some claim is not traced. Pure: no I/O.
import type { AnswerCoverage, ClaimEvidence, Consensus, Pair } from "../../schema/weave";
import { computeConsensus } from "../consensus";
import { maximumMatching } from "../match";
import { answerCoverage } from "./coverage";
import { foldAnswers, NO_EVIDENCE, verifyClaimText, verifyEvidence, type RawEvidence } from "./verify";

export { tallyEvidence, tracedShare, evidenceLine, evidenceText, type EvidenceTally } from "../../snapshot/evidence-tally";
export { NO_EVIDENCE, type RawEvidence };

export interface SideClaims {
  claims: readonly string[];
  /** The judge's evidence per claim, same order; null when the claims are the labelled sentence fallback. */
  raw: readonly RawEvidence[] | null;
}

export interface WeaveEvidence {
  evidence: Record<string, ClaimEvidence[]>;
  coverage: Record<string, AnswerCoverage | null>;
}

export function checkWeaveEvidence(texts: Record<string, string>, sides: Record<string, SideClaims>): WeaveEvidence {
  const answers = foldAnswers(texts);
  const evidence: Record<string, ClaimEvidence[]> = {};
  const coverage: Record<string, AnswerCoverage | null> = {};
  for (const [side, { claims, raw }] of Object.entries(sides)) {
    evidence[side] = claims.map((claim, i) => (raw === null ? verifyClaimText(claim, side, answers) : verifyEvidence(raw[i] ?? NO_EVIDENCE, side, answers)));
    coverage[side] = answerCoverage(texts[side] ?? "", evidence[side]!);
  }
  return { evidence, coverage };
}

/**
 * The consensus over traced claims only, for sides x and y: untraced, ambiguous and not-found
 * claims and their pairs leave; the matching is redone. null when every claim is traced (the
 * judge's reading is then the only one) or none is (there is nothing to read).
 */
export function tracedConsensus(
  claimsX: readonly string[],
  claimsY: readonly string[],
  pairs: readonly Pair[],
  evX: readonly ClaimEvidence[],
  evY: readonly ClaimEvidence[],
): Consensus | null {
  const keepX = claimsX.map((_, i) => evX[i]?.status === "traced");
  const keepY = claimsY.map((_, i) => evY[i]?.status === "traced");
  const all = keepX.every(Boolean) && keepY.every(Boolean);
  const none = !keepX.some(Boolean) && !keepY.some(Boolean);
  if (all || none) return null;
  const index = (keep: boolean[]) => {
    const map = new Map<number, number>();
    keep.forEach((k, i) => {
      if (k) map.set(i, map.size);
    });
    return map;
  };
  const ix = index(keepX);
  const iy = index(keepY);
  const kept = pairs.filter((p) => ix.has(p.a) && iy.has(p.b)).map((p) => ({ ...p, a: ix.get(p.a)!, b: iy.get(p.b)! }));
  const cx = claimsX.filter((_, i) => keepX[i]);
  const cy = claimsY.filter((_, i) => keepY[i]);
  const back = (map: Map<number, number>) => new Map([...map].map(([orig, k]) => [k, orig]));
  const bx = back(ix);
  const by = back(iy);
  const c = computeConsensus(cx.length, cy.length, kept, maximumMatching(kept, cx, cy));
  // Matches name the claims by their index in the full lists, as every other consensus does.
  return { ...c, matches: c.matches.map((m) => ({ ...m, a: bx.get(m.a)!, b: by.get(m.b)! })) };
}
