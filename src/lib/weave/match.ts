// Consensus is a maximum bipartite matching over agree pairs (Kuhn's augmenting paths). Greedy by
// strength makes the headline depend on the order the judge listed pairs in and can under-count;
// a maximum matching counts each claim once and as many claims as can be paired. Among maximum
// matchings, each claim tries its candidates by judge strength, then word overlap, then index,
// so the result is deterministic and independent of input order. Pure.
import type { Match, Pair } from "../schema/weave";
import { jaccard } from "../judge/lexical";

export function maximumMatching(pairs: readonly Pair[], claimsA: readonly string[], claimsB: readonly string[]): Match[] {
  // One strength per (a, b): the strongest agree the judge gave. Contradictions never match.
  const strength = new Map<string, number>();
  for (const p of pairs) {
    if (p.relation !== "agree") continue;
    const k = `${p.a}:${p.b}`;
    strength.set(k, Math.max(strength.get(k) ?? -Infinity, p.strength));
  }
  const candidates = new Map<number, { b: number; s: number; lex: number }[]>();
  for (const [k, s] of strength) {
    const [a, b] = k.split(":").map(Number) as [number, number];
    const lex = jaccard(claimsA[a] ?? "", claimsB[b] ?? "");
    if (!candidates.has(a)) candidates.set(a, []);
    candidates.get(a)!.push({ b, s, lex });
  }
  for (const list of candidates.values()) list.sort((x, y) => y.s - x.s || y.lex - x.lex || x.b - y.b);

  const bToA = new Map<number, number>();
  const tryAssign = (a: number, visited: Set<number>): boolean => {
    for (const { b } of candidates.get(a) ?? []) {
      if (visited.has(b)) continue;
      visited.add(b);
      const holder = bToA.get(b);
      if (holder === undefined || tryAssign(holder, visited)) {
        bToA.set(b, a);
        return true;
      }
    }
    return false;
  };
  for (const a of [...candidates.keys()].sort((x, y) => x - y)) tryAssign(a, new Set());

  return [...bToA.entries()].map(([b, a]) => ({ a, b, strength: strength.get(`${a}:${b}`)! })).sort((x, y) => x.a - y.a);
}

/** The greedy reading (strongest pair first, skip taken claims), kept only to show what it misses. */
export function greedyMatching(pairs: readonly Pair[]): Match[] {
  const takenA = new Set<number>();
  const takenB = new Set<number>();
  const out: Match[] = [];
  for (const p of pairs.filter((p) => p.relation === "agree")) {
    if (takenA.has(p.a) || takenB.has(p.b)) continue;
    takenA.add(p.a);
    takenB.add(p.b);
    out.push({ a: p.a, b: p.b, strength: p.strength });
  }
  return out;
}
