// The consensus panel of an N-model weave as concentric rings: a group made by every model sits in
// the core, one made by k of N on the ring for k, one made by a single model on the outer ring.
// Settled synchronously (no animation: 96 nodes settle in a few milliseconds) and deterministic:
// nodes start on their ring at an angle fixed by their order. Pure: no DOM.
import { forceCollide, forceManyBody, forceRadial, forceSimulation, type SimulationNodeDatum } from "d3-force";
import type { ClaimGroup } from "../../../lib/schema/weave";

export const MULTI_SIZE = 560;
const OUTER_MARGIN = 34;
export const RING_TICKS = 90;

export interface RingNode extends SimulationNodeDatum {
  id: string;
  group: ClaimGroup;
  r: number;
  target: number;
}

/** Radius of the ring for groups made by `size` of `models` models (the core is 0). */
export function ringRadius(size: number, models: number, outer = MULTI_SIZE / 2 - OUTER_MARGIN): number {
  if (models <= 1 || size >= models) return 0;
  return Math.round((outer * (models - size)) / (models - 1) * 10) / 10;
}

/** Node size from the longest phrasing: longer claims are bigger, within what a ring can hold. */
export function groupRadius(g: ClaimGroup, models: number): number {
  const longest = Math.max(1, ...Object.values(g.texts).map((t) => t.length));
  const cap = models >= 6 ? 10 : 14;
  return Math.round(Math.max(5, Math.min(cap, 2 + 0.9 * Math.sqrt(longest))) * 10) / 10;
}

/** White for the core, then from blue (made by many) to orange (made by one). */
export function ringColour(size: number, models: number): string {
  if (size >= models) return "#ffffff";
  const t = models <= 2 ? 0 : (size - 1) / (models - 2);
  const hue = Math.round(28 + t * (212 - 28));
  return `hsl(${hue}, 62%, ${Math.round(62 + t * 10)}%)`;
}

export function layoutRings(groups: readonly ClaimGroup[], models: number): { nodes: RingNode[]; rings: Array<{ size: number; radius: number }>; ticks: number } {
  const c = MULTI_SIZE / 2;
  const bySize = new Map<number, ClaimGroup[]>();
  for (const g of groups) bySize.set(g.size, [...(bySize.get(g.size) ?? []), g]);
  const nodes: RingNode[] = [];
  for (const [size, gs] of bySize) {
    const target = ringRadius(size, models);
    // A crowded ring (many claims made by one model) gets smaller nodes so they still fit side by side.
    const fit = target > 0 ? Math.max(3, ((0.9 * 2 * Math.PI * target) / gs.length - 5) / 2) : Infinity;
    gs.forEach((g, i) => {
      const angle = (2 * Math.PI * i) / gs.length + size * 0.7;
      const rr = target || 14 * Math.sqrt(i);
      nodes.push({ id: g.id, group: g, r: Math.min(groupRadius(g, models), fit), target, x: c + rr * Math.cos(angle), y: c + rr * Math.sin(angle) });
    });
  }
  const sim = forceSimulation<RingNode>(nodes)
    .force("radial", forceRadial<RingNode>((n) => n.target, c, c).strength(0.9))
    .force("charge", forceManyBody<RingNode>().strength(-6).distanceMax(60))
    .force("collide", forceCollide<RingNode>().radius((n) => n.r + 2.5).iterations(3))
    .alphaDecay(0.06)
    .stop();
  sim.tick(RING_TICKS);
  for (const n of nodes) {
    n.x = Math.max(n.r + 2, Math.min(MULTI_SIZE - n.r - 2, n.x ?? c));
    n.y = Math.max(n.r + 2, Math.min(MULTI_SIZE - n.r - 2, n.y ?? c));
  }
  const rings = Array.from({ length: models }, (_, i) => models - i).map((size) => ({ size, radius: ringRadius(size, models) }));
  return { nodes, rings, ticks: RING_TICKS };
}
