// The force layout of one claim panel, shared by the live view (animated on d3's timer) and the
// static SVG snapshot (settled synchronously in Node). Pure: no DOM, no I/O, deterministic for a
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
import { EDGE_OPACITY, GRAPH } from "./palette";

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
    .force("charge", forceManyBody<LayoutNode>().strength((n) => (isBoth ? (n.shared ? -90 : -30) : -70)))
    // Consensus nodes keep a little more air between them so the core's labels can be read.
    .force("collide", forceCollide<LayoutNode>().radius((n) => n.r + (isBoth && n.shared ? 10 : 5)).iterations(2))
    .force("x", forceX<LayoutNode>(c).strength(isBoth ? (n) => (n.shared ? 0.3 : 0.015) : 0.04))
    .force("y", forceY<LayoutNode>(c).strength(isBoth ? (n) => (n.shared ? 0.3 : 0.015) : 0.04))
    .force("radial", forceRadial<LayoutNode>(ring, c, c).strength((n) => (isBoth && !n.shared ? 0.4 : 0)))
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

export interface LabelBox {
  id: string;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  anchor: "start" | "middle" | "end";
}

export const LABEL_FONT_PX = 10;
const CHAR_W = 5.6;

/** A claim's short label: the first words, cut at a word boundary. */
export function shortLabel(text: string, max = 30): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  // One character more than fits: if it is a space, the last word is whole and stays.
  const cut = t.slice(0, max);
  const sp = cut.lastIndexOf(" ");
  return `${(sp > max / 2 ? cut.slice(0, sp) : cut.slice(0, max - 1)).replace(/[,.;:]$/, "")}…`;
}

function overlaps(a: LabelBox, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Greedy label placement: the largest and shared claims choose first, each trying below, above,
 * right and left of its circle; a label that would collide with one already placed or leave the
 * panel is hidden (the view shows it on hover). Returns the placed boxes; everything else is hidden.
 */
export function placeLabels(nodes: LayoutNode[], size = PANEL_SIZE): Map<string, LabelBox> {
  const order = [...nodes].sort((p, q) => Number(q.shared) - Number(p.shared) || q.r - p.r || p.id.localeCompare(q.id));
  const placed = new Map<string, LabelBox>();
  const h = LABEL_FONT_PX + 2;
  for (const n of order) {
    const text = shortLabel(n.node.text);
    const w = text.length * CHAR_W;
    const x = n.x ?? 0;
    const y = n.y ?? 0;
    const candidates: LabelBox[] = [
      { id: n.id, text, x: x - w / 2, y: y + n.r + 2, width: w, height: h, anchor: "middle" },
      { id: n.id, text, x: x - w / 2, y: y - n.r - 2 - h, width: w, height: h, anchor: "middle" },
      { id: n.id, text, x: x + n.r + 3, y: y - h / 2, width: w, height: h, anchor: "start" },
      { id: n.id, text, x: x - n.r - 3 - w, y: y - h / 2, width: w, height: h, anchor: "end" },
    ];
    for (const box of candidates) {
      if (box.x < 1 || box.y < 1 || box.x + box.width > size - 1 || box.y + box.height > size - 1) continue;
      let free = true;
      for (const other of placed.values()) if (overlaps(box, other)) { free = false; break; }
      // A label over another claim's circle hides that claim, so circles count as occupied; but a
      // consensus label may cross the white core (its halo keeps it legible): the core must be named.
      if (free && !n.shared) {
        for (const m of nodes) {
          if (m.id === n.id) continue;
          const mx = m.x ?? 0, my = m.y ?? 0;
          if (overlaps(box, { x: mx - m.r, y: my - m.r, width: 2 * m.r, height: 2 * m.r })) { free = false; break; }
        }
      }
      if (free) { placed.set(n.id, box); break; }
    }
  }
  return placed;
}

/** Where the text of a placed label is anchored (SVG text x/y with dominant baseline "hanging"). */
export function labelAnchor(box: LabelBox): { x: number; y: number } {
  const x = box.anchor === "middle" ? box.x + box.width / 2 : box.anchor === "start" ? box.x : box.x + box.width;
  return { x, y: box.y + 1 };
}

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

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
/** The text alternative of a panel's graph: what it shows, counted (screen readers read this). */
export function panelLabel(panel: Panel, title: string): string {
  const st = panel.stats;
  return `${title} claim graph: ${count(st.nodes, "claim")}, ${count(st.drawnEdges, "edge")}, ${count(st.contradictCount, "contradiction")}`;
}
