// The designed unstable judge for repeated CLASSIFY runs. When a prompt carries the judge-run line
// ("[judge-run: k/K, order: ...]"), `judge-unstable` answers like the good judge except for the
// relations below, which misbehave by run index and by which list it is shown first — never at
// random — so the stability of every edge is known before a test runs. Pure.
import { DEMO_QUESTIONS } from "./questions";
import { findClaim, type Answerer } from "./claims";

/**
 * - wobble:   run 2 reports the opposite relation (same strength)
 * - position: found only while `x`'s claim is listed under MODEL A (position bias: flips under swap)
 * - flaky:    missing on every run whose index is a multiple of 3
 * - rare:     found on run 1 only
 */
export type Misbehaviour = "wobble" | "position" | "flaky" | "rare";

export interface UnstableRelation {
  x: { who: Answerer; i: number };
  y: { who: Answerer; i: number };
  how: Misbehaviour;
}

const u = (xw: Answerer, xi: number, yw: Answerer, yi: number, how: Misbehaviour): UnstableRelation => ({ x: { who: xw, i: xi }, y: { who: yw, i: yi }, how });

/** Per example question: the bank relations that misbehave. Every other relation is found every run. */
export const UNSTABLE_DESIGN: Record<string, UnstableRelation[]> = {
  [DEMO_QUESTIONS[0]!]: [
    u("atlas", 0, "beacon", 0, "wobble"), // agree 0.95
    u("atlas", 1, "beacon", 1, "position"), // agree 0.85
    u("atlas", 7, "beacon", 7, "flaky"), // contradict 0.8
    u("atlas", 5, "beacon", 6, "rare"), // agree 0.8 (one half of the greedy trap)
  ],
};

/** The judge-run line of a prompt: run k of K, or null when CLASSIFY is asked once. */
export function judgeRunOf(prompt: string): { k: number; runs: number } | null {
  const m = /\[judge-run:\s*(\d+)\s*\/\s*(\d+)/.exec(prompt);
  return m ? { k: Number(m[1]), runs: Number(m[2]) } : null;
}

interface Pair {
  a: number;
  b: number;
  relation: "agree" | "contradict";
  strength: number;
}

function designFor(textA: string, textB: string): { how: Misbehaviour; xListedFirst: boolean } | null {
  const ra = findClaim(textA);
  const rb = findClaim(textB);
  if (!ra || !rb || ra.bank !== rb.bank) return null;
  for (const d of UNSTABLE_DESIGN[ra.bank.question] ?? []) {
    const fwd = d.x.who === ra.who && d.x.i === ra.i && d.y.who === rb.who && d.y.i === rb.i;
    const back = d.x.who === rb.who && d.x.i === rb.i && d.y.who === ra.who && d.y.i === ra.i;
    if (fwd || back) return { how: d.how, xListedFirst: fwd };
  }
  return null;
}

/** The good judge's pairs for run k, misbehaving as designed. */
export function designedUnstablePairs<P extends Pair>(pairs: readonly P[], claimsA: readonly string[], claimsB: readonly string[], k: number): P[] {
  const out: P[] = [];
  for (const p of pairs) {
    const d = designFor(claimsA[p.a] ?? "", claimsB[p.b] ?? "");
    if (!d) {
      out.push(p);
      continue;
    }
    if (d.how === "wobble") out.push(k === 2 ? { ...p, relation: p.relation === "agree" ? "contradict" : "agree" } : p);
    else if (d.how === "position") {
      if (d.xListedFirst) out.push(p);
    } else if (d.how === "flaky") {
      if (k % 3 !== 0) out.push(p);
    } else if (k === 1) out.push(p);
  }
  return out;
}
