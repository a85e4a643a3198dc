// The three graphs the widget draws. Panels A and B cannot hold cross-model edges (one endpoint is
// not in the panel), so they draw the bipartite projection: two claims of one side linked to the
// same claim of the other side are related to each other. The Both panel merges matched pairs into
// one consensus node; the agree relation between them then points from a node to itself, which is
// the core, not an edge: counted as absorbedIntoCore, never drawn. Pure.
import type { GraphEdge, GraphNode, Match, Pair, Panel, Relation, SourceKind } from "../schema/weave";

/** Pixels per sqrt(character): a 100-character claim gets radius 16. The view may rescale. */
export const RADIUS_PER_SQRT_CHAR = 1.6;

export function claimRadius(text: string): number {
  return Math.round(RADIUS_PER_SQRT_CHAR * Math.sqrt(Math.max(1, text.length)) * 10) / 10;
}

export function nodeId(side: string, index: number): string {
  return `${side}${index}`;
}

export function mergedId(a: number, b: number): string {
  return `a${a}+b${b}`;
}

function claimNode(side: string, index: number, text: string): GraphNode {
  return { id: nodeId(side, index), side, text, texts: { [side]: text }, indices: { [side]: index }, shared: false, radius: claimRadius(text) };
}

/** Keeps one edge per unordered node pair: the strongest; on a tie, contradict (the cautious reading). */
function addEdge(edges: Map<string, GraphEdge>, e: GraphEdge): void {
  const [s, t] = e.source < e.target ? [e.source, e.target] : [e.target, e.source];
  const key = `${s}|${t}`;
  const prev = edges.get(key);
  if (prev && (prev.strength > e.strength || (prev.strength === e.strength && prev.relation === "contradict"))) return;
  edges.set(key, { ...e, source: s, target: t });
}

function panelStats(nodes: GraphNode[], edges: GraphEdge[], absorbedIntoCore: number, agreeCount: number, contradictCount: number) {
  return { nodes: nodes.length, agreeCount, contradictCount, absorbedIntoCore, drawnEdges: edges.length };
}

/** With repeated judge runs: the weakest share of the relations an edge stands on; else undefined. */
function shareOf(...pairs: Pair[]): number | undefined {
  const shares = pairs.map((p) => p.stability?.share).filter((x): x is number => x !== undefined);
  return shares.length ? Math.min(...shares) : undefined;
}

function sortEdges(edges: Iterable<GraphEdge>): GraphEdge[] {
  return [...edges].sort((x, y) => (x.source < y.source ? -1 : x.source > y.source ? 1 : x.target < y.target ? -1 : x.target > y.target ? 1 : 0));
}

/**
 * One side's projection: claims of `side` that share a partner on the other side are related,
 * agreeing when their relations to that partner match, opposed when not, at the weaker strength.
 * An edge built from any lexical pair is lexical.
 */
export function projectionPanel(side: "a" | "b", claims: readonly string[], pairs: readonly Pair[]): Panel {
  const other = side === "a" ? "b" : "a";
  const byPartner = new Map<number, Pair[]>();
  for (const p of pairs) {
    const partner = p[other];
    if (!byPartner.has(partner)) byPartner.set(partner, []);
    byPartner.get(partner)!.push(p);
  }
  const edges = new Map<string, GraphEdge>();
  for (const group of byPartner.values()) {
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const x = group[i]!;
        const y = group[j]!;
        if (x[side] === y[side]) continue;
        const relation: Relation = x.relation === y.relation ? "agree" : "contradict";
        const sourceKind: SourceKind = x.sourceKind === "lexical" || y.sourceKind === "lexical" ? "lexical" : "judge";
        const share = shareOf(x, y);
        addEdge(edges, {
          source: nodeId(side, x[side]),
          target: nodeId(side, y[side]),
          relation,
          strength: Math.min(x.strength, y.strength),
          sourceKind,
          ...(share === undefined ? {} : { share }),
        });
      }
    }
  }
  const nodes = claims.map((c, i) => claimNode(side, i, c));
  const drawn = sortEdges(edges.values());
  const agree = drawn.filter((e) => e.relation === "agree").length;
  return {
    id: side,
    title: `Model ${side.toUpperCase()}`,
    nodes,
    edges: drawn,
    stats: panelStats(nodes, drawn, 0, agree, drawn.length - agree),
  };
}

/**
 * The overlap: one consensus node per match carrying both phrasings (radius from the longer),
 * every unmatched claim as its own node. Node count = shared + A-only + B-only. agreeCount and
 * contradictCount are what the judge returned; absorbedIntoCore the agree relations that became
 * consensus nodes; drawnEdges what is on screen (parallel relations between two nodes drawn once).
 */
export function bothPanel(claimsA: readonly string[], claimsB: readonly string[], pairs: readonly Pair[], matches: readonly Match[]): Panel {
  const nodeOf = { a: new Map<number, string>(), b: new Map<number, string>() };
  const nodes: GraphNode[] = [];
  for (const m of matches) {
    const ta = claimsA[m.a]!;
    const tb = claimsB[m.b]!;
    const id = mergedId(m.a, m.b);
    nodes.push({
      id,
      side: "both",
      text: ta,
      texts: { a: ta, b: tb },
      indices: { a: m.a, b: m.b },
      shared: true,
      radius: claimRadius(ta.length >= tb.length ? ta : tb),
    });
    nodeOf.a.set(m.a, id);
    nodeOf.b.set(m.b, id);
  }
  claimsA.forEach((c, i) => {
    if (!nodeOf.a.has(i)) {
      nodes.push(claimNode("a", i, c));
      nodeOf.a.set(i, nodeId("a", i));
    }
  });
  claimsB.forEach((c, i) => {
    if (!nodeOf.b.has(i)) {
      nodes.push(claimNode("b", i, c));
      nodeOf.b.set(i, nodeId("b", i));
    }
  });
  const edges = new Map<string, GraphEdge>();
  let absorbed = 0;
  for (const p of pairs) {
    const source = nodeOf.a.get(p.a)!;
    const target = nodeOf.b.get(p.b)!;
    if (source === target) {
      absorbed++;
      continue;
    }
    const share = shareOf(p);
    addEdge(edges, { source, target, relation: p.relation, strength: p.strength, sourceKind: p.sourceKind, ...(share === undefined ? {} : { share }) });
  }
  const drawn = sortEdges(edges.values());
  const agree = pairs.filter((p) => p.relation === "agree").length;
  return {
    id: "both",
    title: "Both",
    nodes,
    edges: drawn,
    stats: panelStats(nodes, drawn, absorbed, agree, pairs.length - agree),
  };
}

export function buildPanels(
  claimsA: readonly string[],
  claimsB: readonly string[],
  pairs: readonly Pair[],
  matches: readonly Match[],
): { a: Panel; b: Panel; both: Panel } {
  return {
    a: projectionPanel("a", claimsA, pairs),
    b: projectionPanel("b", claimsB, pairs),
    both: bothPanel(claimsA, claimsB, pairs, matches),
  };
}
