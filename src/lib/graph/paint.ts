// How edges and nodes of a claim graph are painted (stroke, dash, opacity, fill), from the one
// palette; shared by the live view and the static SVG snapshot. Pure.
import type { GraphEdge, GraphNode } from "../schema/weave";
import { EDGE_OPACITY, GRAPH } from "../theme/palette";

/** Stroke width of an edge: proportional to the judged strength, never invisible. */
export function edgeWidth(strength: number): number {
  const s = Number.isFinite(strength) ? Math.max(0, Math.min(1, strength)) : 0.5;
  return 0.75 + 3.25 * s;
}

/** Presentation of an edge; lexical edges are dotted so they never pass for judged ones. */
export function edgeStyle(edge: GraphEdge): { stroke: string; dash: string | null; opacity: number } {
  if (edge.relation === "contradict") {
    return { stroke: GRAPH.contradict, dash: edge.sourceKind === "lexical" ? "1.5 3" : "6 4", opacity: EDGE_OPACITY.contradict };
  }
  return { stroke: GRAPH.agree, dash: edge.sourceKind === "lexical" ? "1.5 3" : null, opacity: EDGE_OPACITY.agree };
}

/** Edge opacity: its style's, scaled by the share of judge runs that found it (never invisible). */
export function edgeOpacity(base: number, share: number | undefined): number {
  if (share === undefined || !Number.isFinite(share)) return base;
  return Math.round(base * Math.max(0.15, Math.min(1, share)) * 1000) / 1000;
}

/** Fill of a node: consensus nodes get the white core with a dark ring; A and B their own hues. */
export function nodePaint(node: GraphNode): { fill: string; stroke: string; strokeWidth: number } {
  if (node.shared) return { fill: GRAPH.sharedFill, stroke: GRAPH.sharedStroke, strokeWidth: 2 };
  if (node.side === "a") return { fill: GRAPH.nodeA, stroke: GRAPH.nodeRing, strokeWidth: 1.25 };
  if (node.side === "b") return { fill: GRAPH.nodeB, stroke: GRAPH.nodeRing, strokeWidth: 1.25 };
  return { fill: GRAPH.nodeOther, stroke: GRAPH.nodeRing, strokeWidth: 1.25 };
}
