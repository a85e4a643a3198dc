// The weave view: headline, the three force panels, and tabs for the claims diff, the raw
// answers, the prompts and the exports. Sections are rebuilt only when the result changes, and a
// panel only when its own nodes or edges change, so live state updates never restart a layout.
import type { WeaveResult } from "../../../lib/schema/weave";
import type { WidgetState } from "../../../lib/schema/widget";
import { h, fill, download, scrollable, uid } from "../dom";
import { ms, num, sideLabel } from "../format";
import { costLine, promptList, slotTable, stageTimes } from "../meta";
import { claimsDiff } from "./diff";
import { markedAnswer, untracedList, wireSpanHighlight } from "./evidence";
import { headline } from "./headline";
import { ForcePanel } from "./panel";
import { shareCardPng } from "./share";
import type { ViewHost } from "../view";

const PANEL_KINDS = ["a", "b", "both"] as const;
const TABS = [
  ["graph", "Graph"],
  ["diff", "Claims diff"],
  ["answers", "Answers"],
  ["prompts", "Prompts"],
  ["export", "Export"],
] as const;

function isWeave(r: unknown): r is WeaveResult {
  const x = r as Partial<WeaveResult> | null;
  return !!x && x.kind === "weave" && !!x.panels && !!x.consensus && !!x.claims;
}

function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class WeaveView {
  readonly el = h("div", { class: "dl-view dl-weave" });
  private readonly head = h("div", { class: "dl-weave-head" });
  private readonly tabBar = h("div", { class: "dl-tabs", role: "tablist" });
  private readonly sections = new Map<string, HTMLElement>();
  private readonly grid = h("div", { class: "dl-panels" });
  private readonly panels = new Map<string, { key: string; panel: ForcePanel }>();
  private resultKey = "";
  private result: WeaveResult | null = null;
  private tab = "graph";
  private lastSeen: unknown = undefined;
  private lastRunning = false;

  constructor(_host: ViewHost) {
    // The WAI-ARIA tabs pattern: one tab stop for the bar (the selected tab), arrows and Home/End
    // move between tabs and select them, each panel is labelled by its tab and reachable with Tab.
    const base = uid("weave");
    this.tabBar.setAttribute("aria-label", "Weave views");
    for (const [id, label] of TABS) {
      this.tabBar.append(
        h(
          "button",
          {
            type: "button",
            class: "dl-tab",
            role: "tab",
            id: `${base}-tab-${id}`,
            "aria-controls": `${base}-panel-${id}`,
            "data-tab": id,
            onclick: () => this.select(id),
          },
          label,
        ),
      );
      this.sections.set(
        id,
        h("div", {
          class: "dl-tabpanel",
          "data-tabpanel": id,
          role: "tabpanel",
          id: `${base}-panel-${id}`,
          "aria-labelledby": `${base}-tab-${id}`,
          tabindex: 0,
        }),
      );
    }
    this.tabBar.addEventListener("keydown", (e) => this.onTabKey(e));
    wireSpanHighlight(this.el);
    this.sections.get("graph")!.append(legend(), this.grid);
    this.el.append(this.head, this.tabBar, ...this.sections.values());
    this.select("graph");
  }

  update(state: WidgetState): void {
    const r = state.result;
    // The widget model hands back the same object while the result is unchanged: nothing to do.
    if (r !== null && r === this.lastSeen && this.lastRunning === (state.run?.status === "running")) return;
    this.lastSeen = r;
    this.lastRunning = state.run?.status === "running";
    if (!isWeave(r)) {
      // Live runs publish partial results (answers, then claims): show what has really arrived.
      const running = state.run?.status === "running";
      const key = `partial:${running}:${JSON.stringify(r ?? null)}`;
      if (this.resultKey !== key) {
        this.resultKey = key;
        fill(this.head, partial(r as Partial<WeaveResult> | null, running));
        this.tabBar.hidden = true;
        for (const sec of this.sections.values()) sec.hidden = true;
      }
      return;
    }
    const key = JSON.stringify(r);
    if (key === this.resultKey) return;
    this.resultKey = key;
    this.result = r;
    this.tabBar.hidden = false;
    this.select(this.tab);
    fill(
      this.head,
      headline(r),
      costLine(r.slots, r.calls),
      stageTimes(r.timings),
      h("details", { class: "dl-meta" }, h("summary", {}, "Tokens per slot in detail"), slotTable(r.slots, r.calls)),
    );
    for (const kind of PANEL_KINDS) {
      const panel = r.panels[kind];
      const pkey = JSON.stringify([panel, r.evidence ?? null]);
      const have = this.panels.get(kind);
      if (have?.key === pkey) continue;
      const fresh = new ForcePanel(kind, panel, { reducedMotion: reducedMotion(), evidence: r.evidence });
      if (have) {
        have.panel.dispose();
        have.panel.el.replaceWith(fresh.el);
      } else this.grid.append(fresh.el);
      this.panels.set(kind, { key: pkey, panel: fresh });
    }
    fill(this.sections.get("diff")!, claimsDiff(r));
    fill(this.sections.get("answers")!, answers(r));
    fill(this.sections.get("prompts")!, promptList(r.prompts), judgeRaw(r));
    fill(this.sections.get("export")!, this.exports());
  }

  dispose(): void {
    for (const { panel } of this.panels.values()) panel.dispose();
  }

  private select(id: string): void {
    this.tab = id;
    for (const b of Array.from(this.tabBar.children) as HTMLElement[]) {
      b.setAttribute("aria-selected", String(b.dataset.tab === id));
      b.tabIndex = b.dataset.tab === id ? 0 : -1;
    }
    for (const [k, sec] of this.sections) sec.hidden = k !== id;
  }

  private onTabKey(e: KeyboardEvent): void {
    const ids = TABS.map(([id]) => id as string);
    const at = ids.indexOf(this.tab);
    const to =
      e.key === "ArrowRight"
        ? (at + 1) % ids.length
        : e.key === "ArrowLeft"
          ? (at - 1 + ids.length) % ids.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? ids.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    this.select(ids[to]!);
    (this.tabBar.querySelector(`[data-tab="${ids[to]}"]`) as HTMLElement | null)?.focus();
  }

  private panelSvgs(): Array<{ kind: string; title: string; svg: string }> {
    return PANEL_KINDS.flatMap((k) => {
      const p = this.panels.get(k)?.panel;
      return p ? [{ kind: k, title: sideLabel(k), svg: p.toSvgString() }] : [];
    });
  }

  private exports(): HTMLElement {
    const r = this.result!;
    const base = `duellab-weave-${r.runId}`;
    const status = h("p", { class: "dl-export-status", "aria-live": "polite" });
    const btn = (label: string, cls: string, attrs: Record<string, string>, fn: () => Promise<void> | void) =>
      h(
        "button",
        {
          type: "button",
          class: `dl-btn ${cls}`,
          ...attrs,
          onclick: async () => {
            try {
              await fn();
              status.textContent = `${label}: downloaded.`;
            } catch (e) {
              status.textContent = `${label} failed: ${(e as Error).message}`;
            }
          },
        },
        label,
      );
    return h(
      "div",
      { class: "dl-exports" },
      h("p", { class: "dl-muted" }, "Each panel as it is laid out now (drag first if you like), a share card, or the whole result as data."),
      h(
        "div",
        { class: "dl-btnrow" },
        PANEL_KINDS.map((k) =>
          btn(`${sideLabel(k)} panel (SVG)`, "dl-export-svg", { "data-export-panel": k }, () => {
            const svg = this.panelSvgs().find((p) => p.kind === k)?.svg;
            if (!svg) throw new Error("that panel is not drawn yet");
            download(`${base}-${k}.svg`, new Blob([svg], { type: "image/svg+xml" }));
          }),
        ),
        btn("Share card (PNG)", "dl-export-png", {}, async () => download(`${base}-card.png`, await shareCardPng(r, this.panelSvgs()))),
        btn("Result (JSON)", "dl-export-json", {}, () => download(`${base}.json`, new Blob([JSON.stringify(r, null, 2)], { type: "application/json" }))),
      ),
      status,
    );
  }
}

function partial(r: Partial<WeaveResult> | null, running: boolean): HTMLElement {
  const waiting = running ? "The graph appears when the judge has classified both answers." : "No weave result to show.";
  if (r?.kind !== "weave") return h("p", { class: "dl-muted dl-waiting" }, waiting);
  const sides = r.sides ?? ["a", "b"];
  return h(
    "section",
    { class: "dl-partial" },
    r.question ? h("p", { class: "dl-question" }, r.question) : null,
    h("p", { class: "dl-muted dl-waiting" }, waiting),
    h(
      "div",
      { class: "dl-two" },
      sides.map((side) => {
        const ans = r.answers?.[side];
        const claims = r.claims?.[side];
        return h(
          "div",
          { class: "dl-answer", "data-side": side },
          h("h2", {}, `${sideLabel(side)} · ${r.slots?.[side]?.model ?? "?"}`),
          ans
            ? h("p", { class: "dl-muted" }, `answered: ${ans.text.split(/\s+/).filter(Boolean).length} words · ${ms(ans.latencyMs)}`)
            : h("p", { class: "dl-muted" }, "waiting for the answer"),
          claims
            ? h(
                "ol",
                { class: "dl-only-list", "data-only": side },
                claims.map((c) => h("li", {}, c)),
              )
            : ans
              ? h("details", {}, h("summary", {}, "the answer"), h("div", { class: "dl-answer-text", ...scrollable(`Answer of ${sideLabel(side)}`) }, ans.text))
              : null,
        );
      }),
    ),
  );
}

function legend(): HTMLElement {
  const sw = (cls: string, label: string) => h("span", { class: "dl-legend-item" }, h("span", { class: `dl-swatch ${cls}` }), label);
  return h(
    "div",
    { class: "dl-legend" },
    sw("dl-sw-shared", "consensus (both)"),
    sw("dl-sw-a", "only A"),
    sw("dl-sw-b", "only B"),
    sw("dl-sw-agree", "agree"),
    sw("dl-sw-contra", "contradict"),
    sw("dl-sw-lexical", "lexical (word overlap)"),
    h("span", { class: "dl-legend-note" }, "width ∝ strength · size ∝ √claim length · hover for the full claim · drag to move"),
  );
}

function answers(r: WeaveResult): HTMLElement {
  return h(
    "div",
    { class: "dl-two dl-answers" },
    r.sides
      .filter((s) => r.answers[s])
      .map((side) => {
        const a = r.answers[side]!;
        return h(
          "div",
          { class: "dl-answer", "data-side": side },
          h("h2", {}, `${sideLabel(side)} · ${r.slots[side]?.model ?? "?"}`),
          h(
            "p",
            { class: "dl-muted" },
            `finish: ${a.finishReason ?? "n/a"} · ${num(a.usage.completionTokens)} completion tokens · reasoning ${num(a.reasoningTokens)} · ${ms(a.latencyMs)}`,
          ),
          h("div", { class: "dl-answer-text", ...scrollable(`Answer of ${sideLabel(side)}`) }, markedAnswer(r, side, a.text)),
          untracedList(r, side),
        );
      }),
  );
}

function judgeRaw(r: WeaveResult): HTMLElement {
  const steps: Array<[string, { parseMode: string; raw: string[]; failure: string | null }]> = [
    ...Object.entries(r.judge.extract).map(([k, v]) => [`extract ${k.toUpperCase()}`, v] as [string, typeof v]),
    ["classify", r.judge.classify],
  ];
  return h(
    "div",
    { class: "dl-judge-raw" },
    h("h2", {}, "What the judge returned"),
    steps.map(([name, st]) =>
      h(
        "details",
        {},
        h("summary", {}, h("b", {}, name), ` · parse: ${st.parseMode}${st.failure ? ` · ${st.failure}` : ""}`),
        st.raw.map((raw, i) =>
          h(
            "pre",
            { class: "dl-pre", ...scrollable(`Judge output, ${name}${st.raw.length > 1 ? `, attempt ${i + 1}` : ""}`) },
            st.raw.length > 1 ? `attempt ${i + 1}:\n${raw}` : raw,
          ),
        ),
      ),
    ),
  );
}
