// One force-directed claim panel (A, B or Both) on SVG. The layout itself lives in
// lib/graph/ (layout, labels, paint); this file animates it, draws it, and handles hover and drag. A panel is
// built once per distinct panel data and then only moves: state updates never restart it.
import type { GraphEdge, GraphNode, Panel, WeaveResult } from "../../../lib/schema/weave";
import { notFoundSides } from "../../../lib/snapshot/evidence-tally";
import { panelCaption } from "../../../lib/snapshot/recount";
import { claimKeys } from "./evidence";
import { LABEL_FONT_PX, labelAnchor, panelLabel, placeLabels, shortLabel } from "../../../lib/graph/labels";
import { PANEL_SIZE, clampNodes, createPanelLayout, expectedTicks, settleSync, type LayoutNode, type PanelLayout } from "../../../lib/graph/layout";
import { edgeOpacity, edgeStyle, edgeWidth, nodePaint } from "../../../lib/graph/paint";
import { GRAPH } from "../../../lib/theme/palette";
import { h, s, fill, SVG_NS, uid } from "../dom";
import { sideLabel } from "../format";

export interface PanelOptions {
  /** Per side, per claim: whether its evidence was found (a node not found in its answer is dashed and says so). */
  evidence?: WeaveResult["evidence"];
  reducedMotion: boolean;
}

function relationText(e: GraphEdge, fromId: string): string {
  const verb = e.relation === "agree" ? "agrees with" : "contradicts";
  void fromId;
  const share = e.share === undefined ? "" : ` · found in ${Math.round(e.share * 100)}% of judge runs`;
  return `${verb} · strength ${e.strength.toFixed(2)} · ${e.sourceKind === "lexical" ? "lexical (word overlap)" : "judged"}${share}`;
}

/** What a screen reader says for a claim node: whose claim it is, then its text. */
export function nodeName(node: GraphNode): string {
  const phr = Object.entries(node.texts);
  if (node.shared) return `Consensus claim: ${phr.length > 1 ? phr.map(([side, t]) => `${side.toUpperCase()}: ${t}`).join(" / ") : node.text}`;
  return `Only ${sideLabel(node.side)}: ${node.text}`;
}

export class ForcePanel {
  readonly el: HTMLDivElement;
  readonly svg: SVGSVGElement;
  private readonly layout: PanelLayout;
  private readonly lines = new Map<number, SVGLineElement>();
  private readonly circles = new Map<string, SVGGElement>();
  private readonly labels = new Map<string, SVGTextElement>();
  private readonly bar: HTMLDivElement;
  private readonly barText: HTMLSpanElement;
  private readonly tip: HTMLDivElement;
  private ticks = 0;
  private readonly total = expectedTicks();
  private hovered: string | null = null;
  private dragging: LayoutNode | null = null;
  private disposed = false;

  constructor(
    readonly kind: string,
    readonly panel: Panel,
    private readonly opts: PanelOptions,
  ) {
    this.layout = createPanelLayout(panel, kind);
    const stats = panelCaption(panel, kind);
    this.svg = s("svg", {
      // A group, not an img: its claims are focusable and must stay reachable by assistive tech.
      xmlns: SVG_NS,
      viewBox: `0 0 ${PANEL_SIZE} ${PANEL_SIZE}`,
      class: "dl-graph",
      role: "group",
      "aria-label": panelLabel(panel, sideLabel(kind)),
      "font-family": "Inter, system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif",
    });
    this.bar = h("div", { class: "dl-settle-bar" });
    this.barText = h("span", { class: "dl-settle-text" }, "settling");
    this.tip = h("div", { class: "dl-tip", role: "tooltip", id: uid(`tip-${kind}`), hidden: true });
    this.el = h(
      "div",
      { class: "dl-panel", "data-panel": kind, "data-settled": "false" },
      h(
        "div",
        { class: "dl-panel-head" },
        h("span", { class: "dl-panel-title", "data-side": kind }, panel.title || sideLabel(kind)),
        h("span", { class: "dl-panel-stats" }, stats),
      ),
      h("div", { class: "dl-panel-canvas" }, this.svg, this.tip),
      h("div", { class: "dl-settle" }, h("div", { class: "dl-settle-track" }, this.bar), this.barText),
    );
    this.build();
    if (opts.reducedMotion) {
      settleSync(this.layout);
      this.ticks = this.total;
      this.draw(true);
      this.markSettled();
    } else {
      this.draw(true);
      this.layout.simulation
        .on("tick", () => this.onTick())
        .on("end", () => this.markSettled())
        .restart();
    }
  }

  /** Positions of every node, for tests and exports. */
  positions(): Array<{ id: string; x: number; y: number }> {
    return this.layout.nodes.map((n) => ({ id: n.id, x: n.x ?? 0, y: n.y ?? 0 }));
  }

  /** The panel as a standalone SVG document (inline presentation attributes, no CSS needed). */
  toSvgString(): string {
    const clone = this.svg.cloneNode(true) as SVGSVGElement;
    clone.setAttribute("width", String(PANEL_SIZE));
    clone.setAttribute("height", String(PANEL_SIZE));
    clone.insertBefore(s("rect", { x: 0, y: 0, width: PANEL_SIZE, height: PANEL_SIZE, fill: GRAPH.staticPaper }), clone.firstChild);
    for (const t of Array.from(clone.querySelectorAll("text"))) {
      t.setAttribute("fill", GRAPH.staticLabel);
      t.setAttribute("stroke", GRAPH.staticHalo);
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
  }

  dispose(): void {
    this.disposed = true;
    this.layout.simulation.stop();
    this.layout.simulation.on("tick", null).on("end", null);
  }

  private build(): void {
    const edgesG = s("g", { class: "dl-edges" });
    const nodesG = s("g", { class: "dl-nodes" });
    const labelsG = s("g", { class: "dl-labels", "pointer-events": "none" });
    this.layout.links.forEach((l, i) => {
      const st = edgeStyle(l.edge);
      const line = s("line", {
        class: `dl-edge dl-edge-${l.edge.relation} dl-edge-${l.edge.sourceKind}`,
        // With repeated judge runs an edge fades with the share of runs that found it.
        stroke: st.stroke,
        "stroke-width": edgeWidth(l.edge.strength).toFixed(2),
        "stroke-opacity": edgeOpacity(st.opacity, l.edge.share),
        "data-share": l.edge.share,
        "stroke-dasharray": st.dash,
        "stroke-linecap": "round",
        "data-source": l.edge.source,
        "data-target": l.edge.target,
      });
      this.lines.set(i, line);
      edgesG.append(line);
    });
    for (const n of this.layout.nodes) {
      const p = nodePaint(n.node);
      const notFound = notFoundSides(this.opts.evidence, n.node.indices);
      const notFoundNote = notFound.length ? ` — not found in ${notFound.map((side) => `${sideLabel(side)}'s`).join(" or ")} answer` : "";
      // Reached with Tab, announced with its claim; focus shows what hover shows (the tooltip describes it).
      const g = s(
        "g",
        {
          class: `dl-node${n.shared ? " dl-node-shared" : ""}${notFound.length ? " dl-node-notfound" : ""}`,
          "data-id": n.id,
          "data-claims": claimKeys(n.node.indices),
          "data-side": n.node.side,
          tabindex: 0,
          role: "img",
          "aria-label": nodeName(n.node) + notFoundNote,
          "aria-describedby": this.tip.id,
        },
        s("circle", { r: n.r.toFixed(2), fill: p.fill, stroke: p.stroke, "stroke-width": p.strokeWidth }),
        s("title", {}, n.node.text + notFoundNote),
      );
      g.addEventListener("pointerenter", () => this.hover(n));
      g.addEventListener("pointerleave", () => {
        if (!this.dragging) this.hover(null);
      });
      g.addEventListener("focus", () => this.hover(n));
      g.addEventListener("blur", () => this.hover(null));
      g.addEventListener("pointerdown", (e) => this.dragStart(e, n, g));
      this.circles.set(n.id, g);
      nodesG.append(g);
      const label = s(
        "text",
        {
          class: "dl-label",
          "font-size": LABEL_FONT_PX,
          "dominant-baseline": "hanging",
          fill: GRAPH.staticLabel,
          stroke: GRAPH.staticHalo,
          "stroke-width": 3,
          "stroke-linejoin": "round",
          "paint-order": "stroke",
          visibility: "hidden",
        },
        shortLabel(n.node.text),
      );
      this.labels.set(n.id, label);
      labelsG.append(label);
    }
    this.svg.append(edgesG, nodesG, labelsG);
  }

  private onTick(): void {
    if (this.disposed) return;
    this.ticks++;
    clampNodes(this.layout.nodes);
    this.draw(this.ticks % 4 === 0);
    const p = Math.min(1, this.ticks / this.total);
    this.bar.style.width = `${(p * 100).toFixed(0)}%`;
    this.barText.textContent = `settling ${(p * 100).toFixed(0)}%`;
  }

  private markSettled(): void {
    if (this.disposed) return;
    this.draw(true);
    this.el.dataset.settled = "true";
    this.bar.style.width = "100%";
    this.barText.textContent = this.opts.reducedMotion ? "settled (reduced motion)" : "settled";
  }

  private draw(relabel: boolean): void {
    for (const n of this.layout.nodes) this.circles.get(n.id)!.setAttribute("transform", `translate(${(n.x ?? 0).toFixed(1)},${(n.y ?? 0).toFixed(1)})`);
    this.layout.links.forEach((l, i) => {
      const a = l.source as LayoutNode,
        b = l.target as LayoutNode;
      const line = this.lines.get(i)!;
      line.setAttribute("x1", (a.x ?? 0).toFixed(1));
      line.setAttribute("y1", (a.y ?? 0).toFixed(1));
      line.setAttribute("x2", (b.x ?? 0).toFixed(1));
      line.setAttribute("y2", (b.y ?? 0).toFixed(1));
    });
    if (relabel) this.relabel();
  }

  private relabel(): void {
    const placed = placeLabels(this.layout.nodes);
    for (const n of this.layout.nodes) {
      const label = this.labels.get(n.id)!;
      const box = placed.get(n.id);
      if (box) {
        const at = labelAnchor(box);
        label.setAttribute("x", at.x.toFixed(1));
        label.setAttribute("y", at.y.toFixed(1));
        label.setAttribute("text-anchor", box.anchor);
        label.setAttribute("visibility", "visible");
        label.classList.remove("dl-label-hover");
      } else if (this.hovered === n.id) {
        this.showHoverLabel(n);
      } else {
        label.setAttribute("visibility", "hidden");
      }
    }
    this.el.dataset.labelsShown = String(placed.size);
  }

  private showHoverLabel(n: LayoutNode): void {
    const label = this.labels.get(n.id)!;
    label.setAttribute("x", (n.x ?? 0).toFixed(1));
    label.setAttribute("y", ((n.y ?? 0) + n.r + 2).toFixed(1));
    label.setAttribute("text-anchor", "middle");
    label.setAttribute("visibility", "visible");
    label.classList.add("dl-label-hover");
  }

  private hover(n: LayoutNode | null): void {
    const prev = this.hovered;
    this.hovered = n?.id ?? null;
    if (prev && prev !== this.hovered) this.relabel();
    this.svg.classList.toggle("dl-has-hover", !!n);
    for (const [id, g] of this.circles) g.classList.toggle("dl-hot", id === this.hovered);
    this.layout.links.forEach((l, i) => {
      const hot = !!n && (l.edge.source === n.id || l.edge.target === n.id);
      this.lines.get(i)!.classList.toggle("dl-hot", hot);
    });
    if (!n) {
      this.tip.hidden = true;
      return;
    }
    if (!this.labels.get(n.id)!.classList.contains("dl-label-hover") && this.labels.get(n.id)!.getAttribute("visibility") === "hidden") this.showHoverLabel(n);
    this.renderTip(n.node);
    this.positionTip(n);
  }

  private renderTip(node: GraphNode): void {
    const byId = new Map(this.panel.nodes.map((x) => [x.id, x]));
    const rels = this.panel.edges.filter((e) => e.source === node.id || e.target === node.id);
    const phr = Object.entries(node.texts);
    fill(
      this.tip,
      node.shared
        ? h("div", { class: "dl-tip-kicker" }, "consensus — both models made this claim")
        : h("div", { class: "dl-tip-kicker", "data-side": node.side }, `only ${sideLabel(node.side)}`),
      phr.length > 1
        ? phr.map(([side, t]) => h("p", { class: "dl-tip-claim" }, h("b", {}, `${side.toUpperCase()}: `), t))
        : h("p", { class: "dl-tip-claim" }, node.text),
      rels.length
        ? h(
            "ul",
            { class: "dl-tip-rels" },
            rels.map((e) => {
              const other = byId.get(e.source === node.id ? e.target : e.source);
              return h(
                "li",
                { "data-relation": e.relation },
                h("span", { class: "dl-tip-rel" }, relationText(e, node.id)),
                h("br", {}),
                `“${shortLabel(other?.text ?? "?", 70)}”`,
              );
            }),
          )
        : h(
            "p",
            { class: "dl-tip-none" },
            node.shared
              ? "Its A and B phrasings agree: that relation is this node (absorbed into the core), so no edge is drawn."
              : "No drawn relations in this panel.",
          ),
    );
    this.tip.hidden = false;
  }

  private positionTip(n: LayoutNode): void {
    const box = this.svg.getBoundingClientRect();
    const host = (this.tip.parentElement as HTMLElement).getBoundingClientRect();
    const k = box.width / PANEL_SIZE || 1;
    const x = box.left - host.left + (n.x ?? 0) * k;
    const y = box.top - host.top + ((n.y ?? 0) + n.r) * k + 8;
    const left = Math.max(4, Math.min(host.width - 244, x - 120));
    this.tip.style.left = `${left}px`;
    this.tip.style.top = `${y}px`;
  }

  private toPanel(e: PointerEvent): { x: number; y: number } {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return { x: 0, y: 0 };
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  private dragStart(e: PointerEvent, n: LayoutNode, g: SVGGElement): void {
    if (e.button !== 0) return;
    e.preventDefault();
    this.dragging = n;
    g.setPointerCapture?.(e.pointerId);
    g.classList.add("dl-dragging");
    n.fx = n.x;
    n.fy = n.y;
    if (!this.opts.reducedMotion) this.layout.simulation.alphaTarget(0.3).restart();
    const move = (ev: PointerEvent) => {
      const p = this.toPanel(ev);
      const lo = n.r + 6,
        hi = PANEL_SIZE - n.r - 6;
      n.fx = Math.max(lo, Math.min(hi, p.x));
      n.fy = Math.max(lo, Math.min(hi, p.y));
      if (this.opts.reducedMotion) {
        n.x = n.fx;
        n.y = n.fy;
        this.draw(false);
      }
      this.positionTip(n);
    };
    const up = () => {
      g.removeEventListener("pointermove", move);
      g.removeEventListener("pointerup", up);
      g.removeEventListener("pointercancel", up);
      g.classList.remove("dl-dragging");
      this.dragging = null;
      if (this.opts.reducedMotion) {
        n.x = n.fx ?? n.x;
        n.y = n.fy ?? n.y;
        this.draw(true);
      }
      n.fx = null;
      n.fy = null;
      if (!this.opts.reducedMotion) this.layout.simulation.alphaTarget(0);
    };
    g.addEventListener("pointermove", move);
    g.addEventListener("pointerup", up);
    g.addEventListener("pointercancel", up);
  }
}
