// The consensus panel of an N-model weave as concentric rings: a group made by every model sits in
// the core, one made by k of N on the ring for k, one made by a single model on the outer ring.
// Settled synchronously (no animation: 96 nodes settle in a few milliseconds) and deterministic:
// nodes start on their ring at an angle fixed by their order. Pure: no DOM.
import { contrast, hslHex, LIGHT } from "../../../lib/theme/palette";
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
  return Math.round(((outer * (models - size)) / (models - 1)) * 10) / 10;
}

/** Node size from the longest phrasing: longer claims are bigger, within what a ring can hold. */
export function groupRadius(g: ClaimGroup, models: number): number {
  const longest = Math.max(1, ...Object.values(g.texts).map((t) => t.length));
  const cap = models >= 6 ? 10 : 14;
  return Math.round(Math.max(5, Math.min(cap, 2 + 0.9 * Math.sqrt(longest))) * 10) / 10;
}

/**
 * White for the core, then from blue (made by many) to orange (made by one): mid-tones dark
 * enough for 3:1 on light paper and light enough for 3:1 on dark paper (test/unit/palette.test.ts).
 */
export function ringColour(size: number, models: number): string {
  if (size >= models) return "#ffffff";
  const t = models <= 2 ? 0 : (size - 1) / (models - 2);
  const hue = Math.round(28 + t * (212 - 28));
  // Greens and yellows are brighter than blues at the same lightness: step down until 3:1 on white.
  let l = 52;
  while (l > 30 && contrast(hslHex(hue, 62, l), LIGHT.paper) < 3.05) l--;
  return `hsl(${hue}, 62%, ${l}%)`;
}

/** Heat-map lightness of a matrix cell (0–100% consensus): 97% down to 60%, where dark ink still reads. */
export function cellLightness(v: number | null): number {
  return v === null ? 97 : Math.round(97 - Math.max(0, Math.min(100, v)) * 0.37);
}

export function layoutRings(
  groups: readonly ClaimGroup[],
  models: number,
): { nodes: RingNode[]; rings: Array<{ size: number; radius: number }>; ticks: number } {
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
    .force(
      "collide",
      forceCollide<RingNode>()
        .radius((n) => n.r + 2.5)
        .iterations(3),
    )
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
