// The headline numbers, computed from raw counts and reported beside them so anyone can redo the
// division. Pure.
import type { Consensus, Match, Pair } from "../schema/weave";

/** Percent with one decimal; null when the denominator is zero (shown "n/a", never 0). */
export function percent(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

export function computeConsensus(sizeA: number, sizeB: number, pairs: readonly Pair[], matches: readonly Match[]): Consensus {
  const sharedPairs = matches.length;
  const aOnly = sizeA - sharedPairs;
  const bOnly = sizeB - sharedPairs;
  const linkedA = new Set(pairs.map((p) => p.a));
  const linkedB = new Set(pairs.map((p) => p.b));
  const linkedClaims = linkedA.size + linkedB.size;
  const totalClaims = sizeA + sizeB;
  return {
    sharedPairs,
    aOnly,
    bOnly,
    consensusByNodes: percent(sharedPairs, sharedPairs + aOnly + bOnly),
    participationByNodes: percent(linkedClaims, totalClaims),
    linkedClaims,
    totalClaims,
    agreeCount: pairs.filter((p) => p.relation === "agree").length,
    contradictions: pairs.filter((p) => p.relation === "contradict").length,
    matches: [...matches],
  };
}
