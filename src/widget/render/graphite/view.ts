// The graphite view: both charts side by side at full resolution, what produced them, what the
// sandbox measured and refused, what the judge said, and a repair button where a run crashed.
import type { Chart, GraphiteResult, GraphiteStability } from "../../../lib/schema/graphite";
import type { FigureMeasure, Layer, SandboxRun } from "../../../lib/schema/sandbox";
import type { WidgetState } from "../../../lib/schema/widget";
import { h, fill, scrollable } from "../dom";
import { headlineSection, stat } from "../headline";
import { ms, num, NA, yesNo } from "../format";
import { promptList, slotTable, stageTimes } from "../meta";
import type { ViewHost } from "../view";
import { highlighted } from "./highlight";
import { supportsThinkingFlag } from "../../../lib/slot/capability";
import { warningList } from "../warnings";

const SIDES = ["a", "b"] as const;

function isGraphite(r: unknown): r is GraphiteResult {
  const x = r as Partial<GraphiteResult> | null;
  return !!x && x.kind === "graphite" && !!x.charts;
}

const STATUS_TEXT: Record<SandboxRun["status"], string> = {
  ok: "rendered",
  error: "crashed",
  blocked: "BLOCKED",
  timeout: "timed out",
  killed: "killed",
  "no-figure": "no figure",
};

export function canRepair(chart: Chart): boolean {
  return chart.run.status !== "ok" && chart.run.status !== "blocked" && chart.error === null && (chart.run.traceback !== null || chart.run.status === "error");
}

export class GraphiteView {
  readonly el = h("div", { class: "dl-view dl-graphite" });
  private key = "";
  private pendingKey = "";
  private lastSeen: unknown = undefined;
  private lastJudging = false;
  private readonly repairButtons = new Map<string, HTMLButtonElement>();

  constructor(private readonly host: ViewHost) {}

  update(state: WidgetState): void {
    const r = state.result;
    if (!isGraphite(r)) {
      if (this.key !== "none") {
        this.key = "none";
        fill(
          this.el,
          h(
            "p",
            { class: "dl-muted dl-waiting" },
            state.run?.status === "running" ? "The charts appear when both snippets have run." : "No graphite result to show.",
          ),
        );
      }
      return;
    }
    const judging = state.run?.status === "running" && !r.judge;
    // Same object as last time (the widget model's unchanged value): skip serialising the PNGs.
    const same = r === this.lastSeen && judging === this.lastJudging;
    this.lastSeen = r;
    this.lastJudging = judging;
    const key = same ? this.key : `${judging}:${JSON.stringify(r)}`;
    if (key !== this.key) {
      this.key = key;
      this.pendingKey = "";
      this.build(r, judging);
    }
    const pending = state.pending ?? [];
    const pk = pending.join("|");
    if (pk !== this.pendingKey) {
      this.pendingKey = pk;
      for (const [side, btn] of this.repairButtons) this.syncRepair(btn, side, pending);
    }
  }

  dispose(): void {}

  private syncRepair(btn: HTMLButtonElement, side: string, pending: string[]): void {
    const busy = pending.includes(`repair-${side}`);
    btn.disabled = busy || !this.host.send;
    btn.dataset.busy = String(busy);
    fill(btn, busy ? [h("span", { class: "dl-spinner", "aria-hidden": "true" }), "Repairing…"] : "Send the traceback back and retry");
    btn.title = this.host.send ? "" : 'Repair needs the running kernel: call result.repair("' + side + '") in the notebook.';
  }

  private build(r: GraphiteResult, judging: boolean): void {
    this.repairButtons.clear();
    fill(
      this.el,
      scoreHeadline(r, judging),
      warningList(r.warnings),
      h(
        "div",
        { class: "dl-two dl-charts" },
        SIDES.map((side) => this.chartCard(r, side)),
      ),
      h("h2", {}, "Measured properties of the rendered figures"),
      propertiesTable(r),
      judgeCard(r, judging),
      layersCard(r),
      h("details", { class: "dl-meta" }, h("summary", {}, "Models, tokens and timings"), slotTable(r.slots, r.calls), stageTimes(r.timings)),
      h("details", { class: "dl-meta" }, h("summary", {}, `Prompts and their sha256 (${r.prompts.length})`), promptList(r.prompts)),
      h(
        "details",
        { class: "dl-meta" },
        h("summary", {}, `The data: ${r.csv.name}, ${num(r.csv.rowCount)} rows, ${r.csv.columns.length} columns`),
        h("pre", { class: "dl-pre", ...scrollable("CSV preview") }, r.csv.preview),
      ),
    );
  }

  private chartCard(r: GraphiteResult, side: "a" | "b"): HTMLElement {
    const c = r.charts[side];
    const slot = r.slots[side];
    const run = c.run;
    const ship = r.judge?.ship === side;
    const images = run.pngs.map((p, i) =>
      h(
        "figure",
        { class: "dl-figure" },
        h("img", {
          class: "dl-chart-img",
          "data-side": side,
          src: `data:image/png;base64,${p.base64}`,
          width: p.width,
          height: p.height,
          alt: `Chart ${side.toUpperCase()}${run.pngs.length > 1 ? ` figure ${i + 1}` : ""}: ${c.run.figures[i]?.axisLabels[0]?.title || "untitled"}`,
        }),
        h("figcaption", {}, `${p.width}×${p.height} px PNG (from its IHDR)`),
      ),
    );
    let repair: HTMLButtonElement | null = null;
    let thinking: HTMLInputElement | null = null;
    if (canRepair(c)) {
      // Offered only where the capability rule says the flag can be sent (Particle, deepseek-*).
      if (slot && supportsThinkingFlag(slot)) {
        thinking = h("input", { type: "checkbox", class: "dl-thinking", "data-side": side });
        thinking.checked = slot.thinking !== false;
      }
      repair = h("button", {
        type: "button",
        class: "dl-btn dl-btn-primary dl-repair",
        "data-side": side,
        onclick: () => {
          if (!this.host.send || repair!.disabled) return;
          this.syncRepair(repair!, side, [`repair-${side}`]);
          this.host.send(thinking ? { type: "repair", side, thinking: thinking.checked } : { type: "repair", side });
        },
      });
      this.repairButtons.set(side, repair);
      this.syncRepair(repair, side, []);
    }
    const copy = h(
      "button",
      {
        type: "button",
        class: "dl-btn dl-copy",
        onclick: async (e: Event) => {
          const b = e.currentTarget as HTMLButtonElement;
          try {
            await navigator.clipboard.writeText(c.code);
            b.textContent = "Copied";
          } catch {
            b.textContent = "Copy failed: select the code instead";
          }
          setTimeout(() => (b.textContent = "Copy code"), 1500);
        },
      },
      "Copy code",
    );
    return h(
      "article",
      { class: `dl-chart${ship ? " dl-chart-ship" : ""}`, "data-side": side, "data-status": run.status },
      h(
        "header",
        { class: "dl-chart-head" },
        h("h2", { class: "dl-panel-title dl-chart-title", "data-side": side }, `Chart ${side.toUpperCase()}`),
        h("span", { class: "dl-slot" }, `${slot?.provider ?? "?"} · ${slot?.model ?? "?"}`),
        h("span", { class: "dl-badge dl-status-badge", "data-status": run.status }, STATUS_TEXT[run.status]),
        ship ? h("span", { class: "dl-badge dl-badge-ship" }, "judge ships this") : null,
      ),
      c.error ? h("div", { class: "dl-error", role: "alert" }, h("strong", {}, "The model could not be asked: "), c.error) : null,
      run.status === "blocked"
        ? h(
            "div",
            { class: "dl-blocked", role: "alert" },
            h("span", { class: "dl-badge dl-badge-blocked" }, "BLOCKED"),
            " refused before it ran by the static check:",
            h(
              "ul",
              {},
              run.violations.map((v) => h("li", { class: "dl-violation" }, h("b", {}, v.rule), ` — line ${v.line}: `, h("code", {}, v.detail))),
            ),
          )
        : null,
      images.length
        ? images
        : h("div", { class: "dl-nofig" }, run.status === "ok" ? "The run succeeded but saved no figure." : `No figure: ${STATUS_TEXT[run.status]}.`),
      run.traceback
        ? [
            h("h3", {}, "Traceback (verbatim)"),
            h("pre", { class: "dl-pre dl-traceback", ...scrollable(`Traceback of chart ${side.toUpperCase()}`) }, run.traceback),
          ]
        : null,
      repair,
      thinking ? h("label", { class: "dl-muted dl-thinking-label" }, thinking, " let the model think (off sends enable_thinking: false)") : null,
      run.notes.length
        ? h(
            "ul",
            { class: "dl-notes" },
            run.notes.map((n) => h("li", {}, n)),
          )
        : null,
      h(
        "p",
        { class: "dl-muted dl-chart-meta" },
        `${num(c.usage.completionTokens)} completion tokens · reasoning ${num(c.reasoningTokens)} · model ${ms(c.latencyMs)} · sandbox ${run.status === "blocked" ? "not run" : ms(run.durationMs)}`,
      ),
      faithfulness(c),
      h("div", { class: "dl-code-head" }, h("h3", {}, "Code"), copy),
      highlighted(c.code, `Code of chart ${side.toUpperCase()}`),
      c.attempts.length > 1 || c.attempts.some((a) => a.kind === "repair") ? attemptsList(c) : null,
    );
  }
}

const OUTCOME_TEXT: Record<GraphiteStability["outcome"], string | null> = {
  a: null,
  b: null,
  neither: null,
  "position-bias": "position bias: the order decided, not the charts",
  split: "split: no majority across runs",
  "no-verdict": "no verdict: no run could be read",
};

function scoreHeadline(r: GraphiteResult, judging: boolean): HTMLElement {
  const j = r.judge;
  const st = j?.stability;
  const special = st ? OUTCOME_TEXT[st.outcome] : null;
  const shipText = !j
    ? judging
      ? "judging…"
      : "not judged"
    : (special ?? (j.ship === "neither" ? "neither chart" : `Chart ${j.ship.toUpperCase()} (${r.slots[j.ship]?.model ?? "?"})`));
  return headlineSection(r.question, [
    stat(
      shipText,
      st ? `the judge would ship, over ${st.runs} runs (${st.swappedRuns} with A and B swapped)` : "the judge would ship",
      "dl-stat-main dl-ship",
      undefined,
      { "data-ship": special ? st!.outcome : (j?.ship ?? "none") },
    ),
    // Two scores, each 1-10: written out so "8 / 10" is never read as one score out of ten.
    SIDES.map((s) =>
      stat(j ? `${num(j.scores[s].insight)} · ${num(j.scores[s].clarity)}` : NA, `Chart ${s.toUpperCase()}: insight · clarity (each 1–10)`, "", undefined, {
        "data-side": s,
      }),
    ),
  ]);
}

function faithfulness(c: Chart): HTMLElement {
  const f = c.faithfulness;
  return h(
    "div",
    { class: "dl-faith", "data-verdict": f.verdict },
    h("h3", {}, "Faithful to the data? ", h("span", { class: "dl-badge dl-faith-badge", "data-verdict": f.verdict }, f.verdict)),
    f.checks.length
      ? h(
          "ul",
          {},
          f.checks.map((k) =>
            h(
              "li",
              { "data-status": k.status },
              h("span", { class: "dl-check", "data-status": k.status }, k.status === "pass" ? "✓ checked" : k.status === "fail" ? "✗ failed" : "– not checked"),
              ` ${k.check}: `,
              k.detail,
            ),
          ),
        )
      : h("p", { class: "dl-muted" }, "Nothing could be checked against the CSV."),
  );
}

function attemptsList(c: Chart): HTMLElement {
  return h(
    "details",
    { class: "dl-attempts", open: true },
    h("summary", {}, `Attempts (${c.attempts.length})`),
    h(
      "ol",
      {},
      c.attempts.map((a) =>
        h(
          "li",
          { "data-status": a.run.status },
          `${a.kind === "initial" ? "first try" : `repair ${a.n}`}: ${STATUS_TEXT[a.run.status]} · ${ms(a.latencyMs)} model · reasoning ${num(a.reasoningTokens)}`,
          a.run.traceback
            ? h(
                "details",
                {},
                h("summary", {}, "traceback"),
                h("pre", { class: "dl-pre", ...scrollable(`Traceback of ${a.kind === "initial" ? "the first try" : `repair ${a.n}`}`) }, a.run.traceback),
              )
            : null,
          h("details", {}, h("summary", {}, "code"), highlighted(a.code, `Code of ${a.kind === "initial" ? "the first try" : `repair ${a.n}`}`)),
        ),
      ),
    ),
  );
}

type Row = [string, (f: FigureMeasure | null, run: SandboxRun) => string];
const ROWS: Row[] = [
  ["status", (_f, run) => run.status],
  ["figure size", (f) => (f ? `${f.figsizeIn[0]}×${f.figsizeIn[1]} in at ${f.dpi} dpi` : NA)],
  ["PNG pixels", (_f, run) => (run.pngs[0] ? `${run.pngs[0].width}×${run.pngs[0].height}` : NA)],
  ["axes", (f) => num(f?.axes)],
  ["line objects", (f) => num(f?.lines)],
  ["patch objects", (f) => num(f?.patches)],
  [
    "distinct colours",
    (f) =>
      f
        ? `${f.distinctColors.length}${f.distinctColors.length ? ` (${f.distinctColors.slice(0, 6).join(" ")}${f.distinctColors.length > 6 ? " …" : ""})` : ""}`
        : NA,
  ],
  ["title present", (f) => yesNo(f ? f.titles > 0 : null)],
  ["x-axis label present", (f) => yesNo(f ? f.xlabels > 0 : null)],
  ["y-axis label present", (f) => yesNo(f ? f.ylabels > 0 : null)],
  ["legend present", (f) => yesNo(f ? f.legends > 0 : null)],
  ["overlapping text", (f) => num(f?.overlappingText)],
  ["artists outside the figure", (f) => num(f?.outsideArtists)],
  ["empty axes", (f) => num(f?.emptyAxes)],
  ["sandbox time", (_f, run) => (run.status === "blocked" ? NA : ms(run.durationMs))],
];

function propertiesTable(r: GraphiteResult): HTMLElement {
  const fa = r.charts.a.run.figures[0] ?? null,
    fb = r.charts.b.run.figures[0] ?? null;
  return h(
    "table",
    { class: "dl-table dl-props" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "measured"), h("th", {}, `Chart A · ${r.slots.a?.model ?? "?"}`), h("th", {}, `Chart B · ${r.slots.b?.model ?? "?"}`)),
    ),
    h(
      "tbody",
      {},
      ROWS.map(([label, get]) => {
        const va = get(fa, r.charts.a.run),
          vb = get(fb, r.charts.b.run);
        return h(
          "tr",
          { "data-prop": label },
          h("th", {}, label),
          h("td", { class: va === NA ? "dl-na" : null }, va),
          h("td", { class: vb === NA ? "dl-na" : null }, vb),
        );
      }),
    ),
  );
}

function judgeCard(r: GraphiteResult, judging: boolean): HTMLElement {
  const j = r.judge;
  if (!j)
    return h(
      "section",
      { class: "dl-judge" },
      h("h2", {}, "Judge"),
      h("p", { class: "dl-muted" }, judging ? "The judge is scoring the measured figures…" : "The judge has not scored these charts."),
    );
  const mode =
    j.parseMode === "json"
      ? "json"
      : j.parseMode === "json-retry"
        ? "json after one retry"
        : `${j.parseMode} — the judge's output could not be parsed; no scores were invented`;
  return h(
    "section",
    { class: "dl-judge", "data-parse-mode": j.parseMode },
    h("h2", {}, `Judge scorecard`, h("span", { class: "dl-muted" }, ` · ${r.slots.judge?.model ?? "?"} · round ${j.round} · parse: ${mode}`)),
    j.failure ? h("div", { class: "dl-warning", role: "alert" }, j.failure) : null,
    h(
      "table",
      { class: "dl-table dl-scores" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, "chart"),
          h("th", { class: "dl-num", scope: "col" }, "insight"),
          h("th", { class: "dl-num" }, "clarity"),
          h("th", {}, "verdict"),
        ),
      ),
      h(
        "tbody",
        {},
        SIDES.map((s) =>
          h(
            "tr",
            { "data-side": s, class: j.ship === s ? "dl-row-ship" : null },
            h("th", {}, `Chart ${s.toUpperCase()}${j.ship === s ? " ✔ ship" : ""}`),
            h("td", { class: "dl-num" }, num(j.scores[s].insight)),
            h("td", { class: "dl-num" }, num(j.scores[s].clarity)),
            h("td", {}, j.scores[s].verdict || NA),
          ),
        ),
      ),
    ),
    h("p", {}, h("b", {}, "Ship: "), j.ship === "neither" ? "neither" : `Chart ${j.ship.toUpperCase()}`),
    j.stability ? stabilityCard(j.stability) : null,
    h(
      "details",
      { class: "dl-raw" },
      h("summary", {}, `Raw judge output (${j.raw.length})`),
      j.raw.map((raw, i) => h("pre", { class: "dl-pre", ...scrollable(`Raw judge output ${i + 1}`) }, raw)),
    ),
    h(
      "details",
      { class: "dl-raw" },
      h("summary", {}, "The measured facts the judge saw"),
      h("pre", { class: "dl-pre", ...scrollable("The measured facts the judge saw") }, j.factsText),
    ),
  );
}

function layersCard(r: GraphiteResult): HTMLElement {
  const names = [...new Set(SIDES.flatMap((s) => Object.keys(r.charts[s].run.layers)))];
  const cell = (l: Layer | undefined) =>
    l
      ? h(
          "td",
          { "data-on": String(l.on), title: l.detail },
          h("span", { class: "dl-check", "data-status": l.on ? "pass" : "fail" }, l.on ? "active" : "not active"),
          " ",
          h("span", { class: "dl-muted" }, l.detail),
        )
      : h("td", { class: "dl-na" }, NA);
  return h(
    "section",
    { class: "dl-layers" },
    h("h2", {}, "Isolation layers"),
    h(
      "p",
      { class: "dl-muted" },
      "Best-effort isolation, reported per run as it really was on this host; not a security boundary. Use a container for code you do not trust.",
    ),
    names.length
      ? h(
          "table",
          { class: "dl-table" },
          h("thead", {}, h("tr", {}, h("th", {}, "layer"), h("th", {}, "Chart A run"), h("th", {}, "Chart B run"))),
          h(
            "tbody",
            {},
            names.map((n) => h("tr", { "data-layer": n }, h("th", {}, n), cell(r.charts.a.run.layers[n]), cell(r.charts.b.run.layers[n]))),
          ),
        )
      : h("p", { class: "dl-muted" }, "The sandbox reported no layers (the code did not run)."),
  );
}

/** K judge runs, half with A and B swapped: votes by order, score spreads, and every run. */
function stabilityCard(st: GraphiteStability): HTMLElement {
  const votes = (v: GraphiteStability["votes"]) => `A ${v.a} · B ${v.b} · neither ${v.neither} of ${v.runs}`;
  const spread = (x: { min: number | null; median: number | null; max: number | null }) => `${num(x.min)} / ${num(x.median)} / ${num(x.max)}`;
  return h(
    "div",
    { class: "dl-stability", "data-outcome": st.outcome },
    h(
      "p",
      {},
      h("b", {}, `Over ${st.runs} judge runs`),
      ` (${st.judgedRuns} readable): ${votes(st.votes)} · straight order: ${votes(st.byOrder.straight)} · swapped: ${votes(st.byOrder.swapped)} · ${st.rule}`,
    ),
    st.positionBias
      ? h(
          "div",
          { class: "dl-warning", role: "alert" },
          "Position bias: the verdict followed the order the charts were shown in, so it is reported as bias, not as a win.",
        )
      : null,
    h(
      "table",
      { class: "dl-table dl-spread" },
      h("thead", {}, h("tr", {}, h("th", {}, "min / median / max"), h("th", { class: "dl-num" }, "insight"), h("th", { class: "dl-num" }, "clarity"))),
      h(
        "tbody",
        {},
        SIDES.map((s) =>
          h(
            "tr",
            { "data-side": s },
            h("th", {}, `Chart ${s.toUpperCase()}`),
            h("td", { class: "dl-num" }, spread(st.insight[s])),
            h("td", { class: "dl-num" }, spread(st.clarity[s])),
          ),
        ),
      ),
    ),
    h(
      "details",
      { class: "dl-raw" },
      h("summary", {}, `Every run (${st.perRun.length})`),
      h(
        "table",
        { class: "dl-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, "run"),
            h("th", {}, "order"),
            h("th", {}, "parse"),
            h("th", {}, "ship"),
            h("th", { class: "dl-num" }, "A insight / clarity"),
            h("th", { class: "dl-num" }, "B insight / clarity"),
          ),
        ),
        h(
          "tbody",
          {},
          st.perRun.map((run) =>
            h(
              "tr",
              {},
              h("td", {}, String(run.run)),
              h("td", {}, run.order),
              h("td", {}, run.parseMode),
              h("td", {}, run.ship ?? NA),
              h("td", { class: "dl-num" }, run.scores ? `${num(run.scores.a.insight)} / ${num(run.scores.a.clarity)}` : NA),
              h("td", { class: "dl-num" }, run.scores ? `${num(run.scores.b.insight)} / ${num(run.scores.b.clarity)}` : NA),
            ),
          ),
        ),
      ),
    ),
  );
}
