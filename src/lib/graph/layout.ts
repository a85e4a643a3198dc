// The force layout of one claim panel, shared by the live view (animated on d3's timer) and the
// static SVG snapshot (settled synchronously in Node); labels.ts names its nodes, paint.ts colours them. Pure: no DOM, no I/O, deterministic for a
// given panel because d3-force seeds its own jiggle and starts nodes on a phyllotaxis spiral.
import {
  forceCollide,
  forceLink,
  forceManyBody,
  forceRadial,
  forceSimulation,
  forceX,
  forceY,
  type Simulation,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from "d3-force";
import type { GraphEdge, GraphNode, Panel } from "../schema/weave";

/** Every panel is laid out in the same square coordinate space; the SVG viewBox scales it. */
export const PANEL_SIZE = 360;
/** Ticks the reduced-motion path and the static snapshot run: alpha has decayed below alphaMin by then. */
export const SETTLE_TICKS = 320;
const ALPHA_DECAY = 0.035;
const MARGIN = 6;

export interface LayoutNode extends SimulationNodeDatum {
  id: string;
  node: GraphNode;
  r: number;
  shared: boolean;
}
export interface LayoutLink extends SimulationLinkDatum<LayoutNode> {
  edge: GraphEdge;
}
export interface PanelLayout {
  kind: string;
  nodes: LayoutNode[];
  links: LayoutLink[];
  simulation: Simulation<LayoutNode, LayoutLink>;
}

/** Drawn radius: the result's radius, kept within what a 360-unit panel can hold. */
export function drawRadius(node: GraphNode): number {
  const r = Number.isFinite(node.radius) ? node.radius : 8;
  return Math.max(4, Math.min(30, r));
}

/** Ticks d3 needs for alpha to fall from 1 below alphaMin at our decay: the "100%" of the settle bar. */
export function expectedTicks(alphaMin = 0.001, decay = ALPHA_DECAY): number {
  return Math.ceil(Math.log(alphaMin) / Math.log(1 - decay));
}

/**
 * Builds a stopped simulation for a panel. The Both panel pulls consensus nodes hard to the centre
 * and pushes unique claims out to a ring, so the white core reads at a glance; A and B are plain
 * projections with gentle centring.
 */
export function createPanelLayout(panel: Panel, kind: string): PanelLayout {
  const c = PANEL_SIZE / 2;
  const isBoth = kind === "both";
  const nodes: LayoutNode[] = panel.nodes.map((n) => ({ id: n.id, node: n, r: drawRadius(n), shared: n.shared }));
  const ids = new Set(nodes.map((n) => n.id));
  // Edges whose endpoints are missing cannot be drawn; the result's validator reports them, the view skips them.
  const links: LayoutLink[] = panel.edges
    .filter((e) => ids.has(e.source) && ids.has(e.target) && e.source !== e.target)
    .map((e) => ({ source: e.source, target: e.target, edge: e }));
  const ring = c - 46;
  const simulation = forceSimulation<LayoutNode, LayoutLink>(nodes)
    .force(
      "link",
      forceLink<LayoutNode, LayoutLink>(links)
        .id((n) => n.id)
        .distance(isBoth ? 70 : 96)
        .strength(0.22),
    )
    .force(
      "charge",
      forceManyBody<LayoutNode>().strength((n) => (isBoth ? (n.shared ? -90 : -30) : -70)),
    )
    // Consensus nodes keep a little more air between them so the core's labels can be read.
    .force(
      "collide",
      forceCollide<LayoutNode>()
        .radius((n) => n.r + (isBoth && n.shared ? 10 : 5))
        .iterations(2),
    )
    .force("x", forceX<LayoutNode>(c).strength(isBoth ? (n) => (n.shared ? 0.3 : 0.015) : 0.04))
    .force("y", forceY<LayoutNode>(c).strength(isBoth ? (n) => (n.shared ? 0.3 : 0.015) : 0.04))
    .force(
      "radial",
      forceRadial<LayoutNode>(ring, c, c).strength((n) => (isBoth && !n.shared ? 0.4 : 0)),
    )
    .alphaDecay(ALPHA_DECAY)
    .stop();
  // Start around the panel centre, not the origin, so even the first frame is inside the panel.
  for (const n of nodes) {
    n.x = (n.x ?? 0) + c;
    n.y = (n.y ?? 0) + c;
  }
  clampNodes(nodes);
  return { kind, nodes, links, simulation };
}

/** Keeps every circle wholly inside the panel: a claim pushed off-canvas is a claim nobody can read. */
export function clampNodes(nodes: LayoutNode[], size = PANEL_SIZE): void {
  for (const n of nodes) {
    const lo = n.r + MARGIN;
    const hi = size - n.r - MARGIN;
    n.x = Math.max(lo, Math.min(hi, n.x ?? size / 2));
    n.y = Math.max(lo, Math.min(hi, n.y ?? size / 2));
  }
}

/** Runs the simulation to rest without a timer (reduced motion, static export). */
export function settleSync(layout: PanelLayout, ticks = SETTLE_TICKS): void {
  for (let i = 0; i < ticks; i++) {
    layout.simulation.tick();
    clampNodes(layout.nodes);
  }
}

/** Convenience for Node: a panel's settled layout in one call. */
export function settledLayout(panel: Panel, kind: string): PanelLayout {
  const layout = createPanelLayout(panel, kind);
  settleSync(layout);
  return layout;
}
