// The N-model weave view: the headline (rings made by all / k of N / one, the spread of the
// pairwise matrix), the consensus panel with concentric rings, the agreement matrix as a heat map,
// and one small panel per model. Hovering a group shows every model's phrasing and lights up the
// same group in the model panels. Edges between groups are drawn with opacity by how many judge
// runs found them. Rebuilt only when the result changes, so live run updates cost nothing.
import { evidenceHeadline } from "../weave/evidence";
import type { ClaimGroup, MultiWeave, PairwiseWeave, Spread, WeaveResult } from "../../../lib/schema/weave";
import type { WidgetState } from "../../../lib/schema/widget";
import { h, s, fill, SVG_NS } from "../dom";
import { headlineSection, stat } from "../headline";
import { recomputeConsensus, share } from "../../../lib/snapshot/recount";
import { GRAPH, hslHex, inkOn } from "../../../lib/theme/palette";
import { pct, plural } from "../format";
import type { ViewHost } from "../view";
import { cellLightness, layoutRings, MULTI_SIZE, ringColour } from "./layout";
import { warningList } from "../warnings";

export function isMultiWeave(r: unknown): r is WeaveResult & { multi: MultiWeave } {
  const x = r as Partial<WeaveResult> | null;
  return !!x && x.kind === "weave" && !!x.multi && Array.isArray(x.multi.groups) && Array.isArray(x.multi.matrix);
}

/** consensusByNodes recomputed from a pair's raw counts (the view never trusts a stored percent). */
export function cellValue(p: PairwiseWeave): number | null {
  return recomputeConsensus(p.consensus);
}

const L = (side: string) => side.toUpperCase();
const spreadText = (sp: Spread) => (sp.min === null ? "n/a" : `${pct(sp.min)} / ${pct(sp.median)} / ${pct(sp.max)}`);

export class MultiWeaveView {
  readonly el = h("div", { class: "dl-view dl-weave dl-multi" });
  private key = "";

  constructor(private readonly host: ViewHost) {
    void this.host;
  }

  update(state: WidgetState): void {
    const r = state.result;
    if (!isMultiWeave(r)) return;
    const key = JSON.stringify(r);
    if (key === this.key) return;
    this.key = key;
    fill(this.el, headline(r), this.body(r));
  }

  dispose(): void {
    this.key = "";
  }

  private body(r: WeaveResult & { multi: MultiWeave }): HTMLElement {
    const m = r.multi;
    const tip = h("div", { class: "dl-tip dl-multi-tip", role: "tooltip", hidden: true });
    const highlight = (id: string | null) => {
      for (const el of Array.from(this.el.querySelectorAll<SVGElement>("[data-group]")))
        el.classList.toggle("dl-multi-hl", id !== null && el.dataset.group === id);
      this.el.classList.toggle("dl-multi-hovering", id !== null);
    };
    const show = (g: ClaimGroup | null, ev?: MouseEvent) => {
      highlight(g?.id ?? null);
      if (!g || !ev) {
        tip.hidden = true;
        return;
      }
      fill(tip, groupTip(g, r));
      const box = (tip.parentElement as HTMLElement).getBoundingClientRect();
      tip.style.left = `${Math.min(box.width - 260, Math.max(0, ev.clientX - box.left + 12))}px`;
      tip.style.top = `${Math.max(0, ev.clientY - box.top + 12)}px`;
      tip.hidden = false;
    };
    return h(
      "div",
      { class: "dl-multi-body" },
      h(
        "div",
        { class: "dl-multi-top" },
        h(
          "div",
          { class: "dl-panel dl-multi-consensus", "data-panel": "consensus" },
          h(
            "div",
            { class: "dl-panel-head" },
            h("span", { class: "dl-panel-title" }, "Consensus"),
            h("span", { class: "dl-panel-stats" }, `${plural(m.groups.length, "group")} · rings by how many models made each`),
          ),
          h("div", { class: "dl-panel-canvas" }, consensusSvg(m, show), tip),
        ),
        h("div", { class: "dl-multi-side" }, matrixTable(r), legend(m)),
      ),
      h(
        "div",
        { class: "dl-multi-models" },
        m.models.map((side) => modelPanel(r, side, show)),
      ),
    );
  }
}

function headline(r: WeaveResult & { multi: MultiWeave }): HTMLElement {
  const m = r.multi;
  const n = m.models.length;
  const d = m.distribution;
  const recomputedShare = share(d.all, d.groups);
  const rings = Array.from({ length: n }, (_, i) => n - i).map((k) =>
    stat(String(d.byCount[String(k)] ?? 0), k === n ? `made by all ${n}` : k === 1 ? "made by one" : `by ${k} of ${n}`, `dl-multi-ring-stat`, undefined),
  );
  const stab = m.pairwise.find((p) => p.stability)?.stability;
  return headlineSection(
    r.question,
    [
      stat(pct(recomputedShare), "core: groups made by every model", "dl-stat-main dl-multi-core", `${d.all} of ${d.groups} groups`),
      ...rings,
      stat(spreadText(m.matrixSpread), "pairwise consensus min / median / max", "dl-multi-spread", "each cell of the matrix uses the two-model rules"),
      m.coreSpread
        ? stat(
            spreadText(m.coreSpread),
            `core min / median / max over ${m.coreSpread.values.length} judge runs`,
            "dl-multi-core-spread",
            m.coreSpread.values.map((v, i) => `run ${i + 1}: ${pct(v)}`).join(" · "),
          )
        : null,
    ],
    r.parseMode !== "json"
      ? h(
          "div",
          {
            class: `dl-parse dl-parse-${r.parseMode === "fallback-lexical" ? "loud" : "warn"}`,
            "data-parse-mode": r.parseMode,
            role: r.parseMode === "fallback-lexical" ? "alert" : null,
          },
          r.parseMode === "fallback-lexical"
            ? "lexical fallback for at least one pair — some edges are word overlap, not judged"
            : "judge: json after a retry for at least one step",
        )
      : null,
    // Every model's trace counts; the traced-only consensus is a two-model reading, so it is left out here.
    evidenceHeadline({ ...r, tracedConsensus: undefined }),
    stab
      ? h(
          "p",
          { class: "dl-muted dl-multi-rule", "data-rule": stab.rule },
          `Judge stability: ${stab.runs} CLASSIFY runs per pair (${stab.swappedRuns} with the lists swapped); ${stab.ruleText}.`,
        )
      : null,
    h("p", { class: "dl-muted dl-multi-grouprule" }, `Groups: ${m.groupRule}.`),
    warningList(r.warnings),
  );
}

function consensusSvg(m: MultiWeave, show: (g: ClaimGroup | null, ev?: MouseEvent) => void): SVGSVGElement {
  const n = m.models.length;
  const c = MULTI_SIZE / 2;
  const { nodes, rings } = layoutRings(m.groups, n);
  const at = new Map(nodes.map((x) => [x.id, x]));
  const svg = s("svg", {
    xmlns: SVG_NS,
    viewBox: `0 0 ${MULTI_SIZE} ${MULTI_SIZE}`,
    class: "dl-graph dl-multi-svg",
    role: "group",
    "aria-label": `Consensus of ${n} models: ${m.distribution.all} groups made by all, ${m.distribution.one} by one, ${m.groups.length} in all`,
  });
  for (const ring of rings) {
    if (ring.radius <= 0) continue;
    svg.append(
      s("circle", { class: "dl-multi-ring", cx: c, cy: c, r: ring.radius, fill: "none", "stroke-dasharray": "2 4" }),
      s("text", { class: "dl-multi-ring-label", x: c + 4, y: c - ring.radius - 3, "font-size": 10 }, ring.size === 1 ? "1 model" : `${ring.size} of ${n}`),
    );
  }
  for (const e of m.groupEdges) {
    const p = at.get(e.source);
    const q = at.get(e.target);
    if (!p || !q) continue;
    svg.append(
      s("line", {
        class: `dl-multi-edge dl-multi-${e.relation}`,
        "data-source": e.source,
        "data-target": e.target,
        "data-share": e.share,
        x1: p.x!.toFixed(1),
        y1: p.y!.toFixed(1),
        x2: q.x!.toFixed(1),
        y2: q.y!.toFixed(1),
        stroke: e.relation === "contradict" ? GRAPH.contradict : e.sourceKind === "lexical" ? "#b7791f" : GRAPH.agree,
        "stroke-width": (0.8 + 2.2 * e.strength).toFixed(2),
        "stroke-dasharray": e.relation === "contradict" ? "5 4" : null,
        "stroke-opacity": (0.2 + 0.75 * e.share).toFixed(2),
      }),
    );
  }
  for (const node of nodes) {
    const g = node.group;
    const el = s(
      "circle",
      {
        class: "dl-multi-node",
        "data-group": g.id,
        "data-size": g.size,
        cx: node.x!.toFixed(1),
        cy: node.y!.toFixed(1),
        r: node.r,
        fill: ringColour(g.size, n),
        stroke: g.size === n ? "#1f2328" : "#ffffff",
        "stroke-width": g.size === n ? 1.6 : 1,
        tabindex: 0,
        onmouseenter: (ev: Event) => show(g, ev as MouseEvent),
        onmousemove: (ev: Event) => show(g, ev as MouseEvent),
        onmouseleave: () => show(null),
        // Keyboard focus shows what hover shows, the tooltip placed at the node.
        onfocus: (ev: Event) => {
          const b = (ev.target as Element).getBoundingClientRect();
          show(g, { clientX: b.right, clientY: b.bottom } as MouseEvent);
        },
        onblur: () => show(null),
        role: "img",
        "aria-label": `${g.size === n ? "made by every model" : `made by ${g.size} of ${n}`}: ${Object.values(g.texts)[0] ?? ""}`,
      },
      s("title", {}, `${g.size === n ? "made by every model" : `made by ${g.size} of ${n}`}: ${Object.values(g.texts)[0] ?? ""}`),
    );
    svg.append(el);
  }
  return svg;
}

function groupTip(g: ClaimGroup, r: WeaveResult & { multi: MultiWeave }): HTMLElement[] {
  const n = r.multi.models.length;
  return [
    h("div", { class: "dl-tip-kicker" }, g.size === n ? `Core: made by all ${n} models` : `Made by ${g.size} of ${n} models`),
    h(
      "ul",
      { class: "dl-multi-phrasings" },
      Object.entries(g.texts).map(([side, text]) => h("li", { "data-side": side }, h("b", {}, `${L(side)} · ${r.slots[side]?.model ?? "?"}: `), text)),
    ),
  ];
}

function matrixTable(r: WeaveResult & { multi: MultiWeave }): HTMLElement {
  const m = r.multi;
  const cell = new Map(m.pairwise.map((p) => [`${p.x}|${p.y}`, p]));
  const pairOf = (x: string, y: string) => cell.get(`${x}|${y}`) ?? cell.get(`${y}|${x}`);
  const head = (side: string) => h("th", { scope: "col", title: r.slots[side]?.model ?? "" }, L(side));
  return h(
    "div",
    { class: "dl-multi-matrix-wrap" },
    h("h2", {}, "Agreement matrix (two-model consensus)"),
    h(
      "table",
      { class: "dl-multi-matrix" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "dl-sr-only" }, "model")), m.models.map(head))),
      h(
        "tbody",
        {},
        m.models.map((x) =>
          h(
            "tr",
            {},
            h("th", { scope: "row", title: r.slots[x]?.model ?? "" }, `${L(x)} · ${r.slots[x]?.model ?? "?"}`),
            m.models.map((y) => {
              if (x === y) return h("td", { class: "dl-multi-diag" }, "—");
              const p = pairOf(x, y);
              const v = p ? cellValue(p) : null;
              const c = p?.consensus;
              const st = p?.stability;
              const title = c
                ? `${L(x)}–${L(y)}: ${c.sharedPairs} shared ÷ (${c.sharedPairs} + ${x === p!.x ? c.aOnly : c.bOnly} ${L(x)}-only + ${x === p!.x ? c.bOnly : c.aOnly} ${L(y)}-only)${st ? ` · across ${st.judgedRuns} judge runs ${spreadText(st.consensusSpread)}` : ""}`
                : "not classified";
              const light = cellLightness(v);
              return h(
                "td",
                {
                  class: "dl-multi-cell",
                  "data-x": x,
                  "data-y": y,
                  "data-value": v ?? "n/a",
                  title,
                  style: `background:hsl(212, 60%, ${light}%);color:${inkOn(hslHex(212, 60, light))}`,
                },
                pct(v),
              );
            }),
          ),
        ),
      ),
    ),
  );
}

function legend(m: MultiWeave): HTMLElement {
  const n = m.models.length;
  const sw = (fill: string, stroke: string, label: string) =>
    h("span", { class: "dl-legend-item" }, h("span", { class: "dl-swatch", style: `background:${fill};border:1px solid ${stroke};border-radius:50%` }), label);
  const staged = m.pairwise.some((p) => p.stability);
  return h(
    "div",
    { class: "dl-legend dl-multi-legend" },
    sw(ringColour(n, n), "#1f2328", `core (all ${n})`),
    n > 2 ? sw(ringColour(n - 1, n), "#fff", `${n - 1} of ${n}`) : null,
    n > 3 ? sw(ringColour(2, n), "#fff", `2 of ${n}`) : null,
    sw(ringColour(1, n), "#fff", "one model"),
    h("span", { class: "dl-legend-item" }, h("span", { class: "dl-swatch dl-sw-contra" }), "contradict"),
    h("span", { class: "dl-legend-note" }, `hover a group for each model's phrasing${staged ? " · edge opacity = share of judge runs that found it" : ""}`),
  );
}

function modelPanel(r: WeaveResult & { multi: MultiWeave }, side: string, show: (g: ClaimGroup | null, ev?: MouseEvent) => void): HTMLElement {
  const m = r.multi;
  const n = m.models.length;
  const claims = r.claims[side] ?? [];
  const groupOf = new Map<number, ClaimGroup>();
  for (const g of m.groups) if (g.members[side] !== undefined) groupOf.set(g.members[side]!, g);
  const cols = 6;
  const cellSize = 34;
  const rows = Math.max(1, Math.ceil(claims.length / cols));
  const svg = s("svg", {
    xmlns: SVG_NS,
    viewBox: `0 0 ${cols * cellSize} ${rows * cellSize}`,
    class: "dl-multi-model-svg",
    role: "img",
    "aria-label": `Model ${L(side)}: ${claims.length} claims`,
  });
  claims.forEach((text, i) => {
    const g = groupOf.get(i);
    const size = g?.size ?? 1;
    svg.append(
      s(
        "circle",
        {
          class: "dl-multi-node",
          "data-group": g?.id ?? "",
          "data-size": size,
          cx: (i % cols) * cellSize + cellSize / 2,
          cy: Math.floor(i / cols) * cellSize + cellSize / 2,
          r: Math.max(5, Math.min(13, 2 + 0.9 * Math.sqrt(text.length))),
          fill: ringColour(size, n),
          stroke: size === n ? GRAPH.sharedStroke : GRAPH.agree,
          "stroke-width": 1,
          onmouseenter: () => g && show(g),
          onmouseleave: () => show(null),
        },
        s("title", {}, `[${i}] ${text} (made by ${size} of ${n})`),
      ),
    );
  });
  const core = claims.filter((_, i) => groupOf.get(i)?.size === n).length;
  const alone = claims.filter((_, i) => (groupOf.get(i)?.size ?? 1) === 1).length;
  return h(
    "div",
    { class: "dl-panel dl-multi-model", "data-panel": side },
    h(
      "div",
      { class: "dl-panel-head" },
      h("span", { class: "dl-panel-title" }, `${L(side)} · ${r.slots[side]?.model ?? "?"}`),
      h("span", { class: "dl-panel-stats" }, `${plural(claims.length, "claim")} · ${core} core · ${alone} only here`),
    ),
    svg,
  );
}
