// The N-model consensus as a hypergraph: claims grouped across answers by agreement. A group holds
// at most one claim per model, every two of its claims were judged to agree, and none of them
// contradict. Groups grow by merging along agree relations: first the pairs each two-model maximum
// matching chose (so the greedy trap that matching avoids is avoided here too), then every other
// agree relation, each pass strongest first with ties broken by model and claim index. A merge
// that is refused once stays refused (groups only grow), so after both passes no agree relation
// can join two groups: the grouping is maximal, and it does not depend on the order the judge
// listed pairs in. Pure.
import type { ClaimGroup, GroupEdge, Match, Pair, Relation } from "../../schema/weave";

/** One pair of models' relations: `x` plays MODEL A (pair.a indexes x's claims), `y` MODEL B. */
export interface SidePairs {
  x: string;
  y: string;
  pairs: readonly Pair[];
  matches: readonly Match[];
}

export const GROUP_RULE =
  "a group holds at most one claim per model, every two of its claims were judged to agree and none contradict; groups are merged along each pair's maximum matching first, then along any other agree relation, strongest first";

interface Candidate {
  u: string;
  v: string;
  strength: number;
  order: number[];
}

const claimKey = (side: string, i: number) => `${side}:${i}`;
const pairKey = (u: string, v: string) => (u < v ? `${u}|${v}` : `${v}|${u}`);

export function groupClaims(
  sides: readonly string[],
  claims: Readonly<Record<string, readonly string[]>>,
  pairwise: readonly SidePairs[],
): { groups: ClaimGroup[]; groupEdges: GroupEdge[] } {
  const sideIndex = new Map(sides.map((s, i) => [s, i]));
  const agree = new Map<string, number>();
  const contradict = new Set<string>();
  for (const sp of pairwise) {
    for (const p of sp.pairs) {
      const k = pairKey(claimKey(sp.x, p.a), claimKey(sp.y, p.b));
      if (p.relation === "contradict") contradict.add(k);
      else agree.set(k, Math.max(agree.get(k) ?? 0, p.strength));
    }
  }
  // A pair the judge called both agree and contradict (e.g. listed twice) is not an agreement.
  for (const k of contradict) agree.delete(k);

  // Every claim starts as its own group.
  const groupOf = new Map<string, Set<string>>();
  for (const side of sides)
    (claims[side] ?? []).forEach((_, i) => {
      groupOf.set(claimKey(side, i), new Set([claimKey(side, i)]));
    });
  const sideOf = (key: string) => key.slice(0, key.lastIndexOf(":"));

  const candidate = (sp: SidePairs, a: number, b: number, strength: number): Candidate => ({
    u: claimKey(sp.x, a),
    v: claimKey(sp.y, b),
    strength,
    order: [sideIndex.get(sp.x)!, sideIndex.get(sp.y)!, a, b],
  });
  const byStrength = (p: Candidate, q: Candidate) => q.strength - p.strength || p.order.reduce((d, x, i) => d || x - q.order[i]!, 0);
  const matched = pairwise.flatMap((sp) => sp.matches.map((m) => candidate(sp, m.a, m.b, m.strength))).sort(byStrength);
  const others = pairwise.flatMap((sp) => sp.pairs.filter((p) => p.relation === "agree").map((p) => candidate(sp, p.a, p.b, p.strength))).sort(byStrength);

  const canMerge = (g: Set<string>, h: Set<string>): boolean => {
    const used = new Set([...g].map(sideOf));
    for (const v of h) if (used.has(sideOf(v))) return false;
    for (const u of g) for (const v of h) if (!agree.has(pairKey(u, v))) return false;
    return true;
  };
  for (const c of [...matched, ...others]) {
    const g = groupOf.get(c.u);
    const h = groupOf.get(c.v);
    if (!g || !h || g === h || !canMerge(g, h)) continue;
    for (const v of h) {
      g.add(v);
      groupOf.set(v, g);
    }
  }

  const rank = (key: string) => [sideIndex.get(sideOf(key)) ?? 0, Number(key.slice(key.lastIndexOf(":") + 1))] as const;
  const first = (g: Set<string>) => [...g].map(rank).sort((p, q) => p[0] - q[0] || p[1] - q[1])[0]!;
  const distinct = [...new Set(groupOf.values())].sort((g, h) => {
    const [p, q] = [first(g), first(h)];
    return h.size - g.size || p[0] - q[0] || p[1] - q[1];
  });
  const idOf = new Map<string, string>();
  const groups: ClaimGroup[] = distinct.map((g, n) => {
    const id = `g${n}`;
    const members: Record<string, number> = {};
    const texts: Record<string, string> = {};
    const keys = [...g].sort((u, v) => rank(u)[0] - rank(v)[0]);
    for (const key of keys) {
      const side = sideOf(key);
      const i = rank(key)[1];
      members[side] = i;
      texts[side] = claims[side]![i]!;
      idOf.set(key, id);
    }
    let strength = 1;
    for (const u of keys) for (const v of keys) if (u < v) strength = Math.min(strength, agree.get(pairKey(u, v))!);
    return { id, members, texts, size: g.size, strength };
  });

  // Relations between different groups: contradictions, and agreements that could not merge.
  const edges = new Map<string, GroupEdge>();
  for (const sp of pairwise) {
    for (const p of sp.pairs) {
      const s = idOf.get(claimKey(sp.x, p.a));
      const t = idOf.get(claimKey(sp.y, p.b));
      if (!s || !t || s === t) continue;
      const [source, target] = Number(s.slice(1)) < Number(t.slice(1)) ? [s, t] : [t, s];
      const key = `${source}|${target}`;
      const prev = edges.get(key);
      const relation: Relation = p.relation;
      if (prev && (prev.strength > p.strength || (prev.strength === p.strength && prev.relation === "contradict"))) continue;
      edges.set(key, { source, target, relation, strength: p.strength, sourceKind: p.sourceKind, share: p.stability?.share ?? 1 });
    }
  }
  const groupEdges = [...edges.values()].sort(
    (e, f) => Number(e.source.slice(1)) - Number(f.source.slice(1)) || Number(e.target.slice(1)) - Number(f.target.slice(1)),
  );
  return { groups, groupEdges };
}
