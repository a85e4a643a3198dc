// The batch view: live progress (done, running, failed, ETA, cost so far), the aggregates with
// their intervals, and the runs. Every aggregate has a button listing the runs it comes from;
// clicking a run renders that run's own stored result inline with the ordinary weave/graphite view.
import type { BatchItem, BatchResult, Estimate, GraphiteAggregates, WeaveAggregates } from "../../../lib/schema/batch";
import type { WidgetState } from "../../../lib/schema/widget";
import { h, fill } from "../dom";
import type { View, ViewHost } from "../view";
import { estimate, fixed1, interval, msWhole, NA, pClause, pct, tokens } from "../../../lib/format";
import { runFromResult } from "../../../lib/export/stored-run";
import { runKind } from "./text";
import { tracedShareLines } from "../../../lib/snapshot/traced-share";

// Table headers always say what they head (an empty header reads as nothing to a screen reader).
const col = (c: string | HTMLElement) => h("th", { scope: "col" }, c);
const row = (c: string) => h("th", { scope: "row" }, c);
const srOnly = (text: string) => h("span", { class: "dl-sr-only" }, text);

interface Filter {
  label: string;
  runs: string[];
}

export class BatchView implements View {
  readonly el = h("div", { class: "dl-batch" });
  private readonly progressEl = h("div", { class: "dl-batch-progress" });
  private readonly aggEl = h("div", { class: "dl-batch-aggregates" });
  private readonly listEl = h("div", { class: "dl-batch-list" });
  private readonly detailEl = h("div", { class: "dl-batch-detail", hidden: true });
  private readonly warnEl = h("div", { class: "dl-batch-warnings" });
  private filter: Filter | null = null;
  private selected: string | null = null;
  private shown: { key: string; runId: unknown } | null = null;
  private last: BatchResult | null = null;
  private aggSig = "";
  /** The current runs behind each aggregate button, so an active filter follows new results. */
  private runsByLabel = new Map<string, string[]>();

  constructor(private readonly host: ViewHost) {
    this.el.append(this.progressEl, this.warnEl, this.aggEl, this.listEl, this.detailEl);
  }

  update(state: WidgetState): void {
    const r = state.result as BatchResult | null;
    this.last = r && r.kind === "batch" ? r : null;
    this.draw();
  }

  dispose(): void {
    this.host.unmount(this.detailEl);
  }

  private draw(): void {
    const r = this.last;
    if (!r) {
      fill(this.progressEl, h("span", { class: "dl-muted" }, "Waiting for the batch to start…"));
      return;
    }
    this.drawProgress(r);
    fill(
      this.warnEl,
      r.warnings.map((w) => h("div", { class: "dl-batch-warn" }, `⚠ ${w}`)),
    );
    // The aggregates only change when an item ends: keep their DOM (and pressed buttons) otherwise.
    const sig = `${r.progress.done}|${r.progress.failed}|${r.status}|${this.filter?.label ?? ""}`;
    if (sig !== this.aggSig) {
      this.aggSig = sig;
      fill(this.aggEl, this.drawAggregates(r));
    }
    this.drawList(r);
    this.drawDetail(r);
  }

  private drawProgress(r: BatchResult): void {
    const g = r.progress;
    const part = (cls: string, n: number) => h("span", { class: cls, style: `width:${g.total ? (100 * n) / g.total : 0}%` });
    const eta = r.status === "running" ? `ETA ${msWhole(g.etaMs)}` : r.status === "done" ? `took ${msWhole(g.elapsedMs)}` : "cancelled";
    fill(
      this.progressEl,
      h(
        "div",
        {
          class: "dl-batch-bar",
          role: "progressbar",
          "aria-label": "Runs finished",
          "aria-valuemin": 0,
          "aria-valuemax": g.total,
          "aria-valuenow": g.done + g.failed,
        },
        part("done", g.done),
        part("failed", g.failed),
        part("cancelled", g.cancelled),
        part("running", g.running),
      ),
      h(
        "div",
        { class: "dl-batch-counts" },
        h("span", {}, h("b", { "data-count": "done" }, `${g.done}`), ` of ${g.total} done`),
        h("span", {}, h("b", { "data-count": "running" }, `${g.running}`), " running"),
        h("span", {}, h("b", { "data-count": "failed" }, `${g.failed}`), " failed"),
        g.pending ? h("span", {}, h("b", {}, `${g.pending}`), " waiting") : null,
        g.resumed ? h("span", {}, h("b", {}, `${g.resumed}`), " read back from the results file") : null,
        g.retries ? h("span", {}, h("b", {}, `${g.retries}`), " retries") : null,
        h("span", { "data-eta": "" }, eta),
        h("span", { "data-cost": "" }, `cost so far: ${tokens(r.cost)}`),
        h("span", { class: "dl-muted" }, `${r.concurrency} at a time`),
      ),
    );
  }

  /** A button that filters the run list to the runs an aggregate comes from. */
  private runsButton(label: string, runs: string[], text = `${runs.length} run${runs.length === 1 ? "" : "s"}`): HTMLElement {
    this.runsByLabel.set(label, runs);
    const pressed = this.filter?.label === label;
    return h(
      "button",
      {
        class: "dl-runs-link",
        type: "button",
        "aria-pressed": pressed ? "true" : "false",
        "data-runs": label,
        title: `Show the runs behind: ${label}`,
        disabled: runs.length === 0,
        onclick: () => {
          this.filter = pressed ? null : { label, runs };
          this.aggSig = "";
          this.draw();
        },
      },
      text,
    );
  }

  private estimateRow(label: string, e: Estimate, scale: 1 | 100, extra: string | null = null): HTMLElement {
    return h(
      "tr",
      { "data-estimate": label },
      h("th", { scope: "row", class: "dl-batch-rowhead" }, label),
      h("td", { class: "num" }, estimate(e, scale)),
      h("td", { class: "num" }, interval(e, scale)),
      h("td", { class: "num" }, `${e.n}`),
      h("td", {}, extra ?? "", this.runsButton(label, e.runs)),
    );
  }

  private drawAggregates(r: BatchResult): HTMLElement[] {
    const a = r.aggregates;
    if (!a) return [];
    return a.kind === "weave" ? this.weaveAggregates(a) : this.graphiteAggregates(a);
  }

  private weaveAggregates(a: WeaveAggregates): HTMLElement[] {
    const spread = (s: WeaveAggregates["consensusSpread"]) => (s ? `min ${fixed1(s.min)} · median ${fixed1(s.median)} · max ${fixed1(s.max)} ` : "");
    const rows = [
      // With N models the run's own consensus number is the A–B pair's; say so.
      this.estimateRow(a.coreShare ? "Consensus of A and B (mean)" : "Consensus (mean)", a.consensus, 1, spread(a.consensusSpread)),
      this.estimateRow("Participation (mean)", a.participation, 1, spread(a.participationSpread)),
    ];
    if (a.coreShare) rows.push(this.estimateRow("Core: groups every model made (mean share)", a.coreShare, 1));
    for (const [k, e] of Object.entries(a.groupsBySize ?? {}))
      rows.push(this.estimateRow(`Groups made by exactly ${k} model${k === "1" ? "" : "s"} (mean share)`, e, 1));
    for (const [side, m] of Object.entries(a.perModel)) {
      rows.push(this.estimateRow(`${side.toUpperCase()} (${m.model}): claims shared`, m.shared, 1, spread(m.sharedSpread)));
      rows.push(this.estimateRow(`${side.toUpperCase()} (${m.model}): claims related at all`, m.linked, 1, spread(m.linkedSpread)));
    }
    return [
      h("h2", {}, "Aggregates over the finished runs"),
      h("table", { class: "dl-batch-agg" }, h("tr", {}, col(srOnly("aggregate")), col("value"), col("95% CI"), col("n"), col("spread · runs")), rows),
      h(
        "div",
        { class: "dl-muted", style: "font-size:12px" },
        a.consensus.method,
        a.degraded.length ? " · judge fallback used in " : "",
        a.degraded.length ? this.runsButton("Runs with a judge fallback", a.degraded) : null,
      ),
      ...(a.traced
        ? [
            h("h3", {}, "Claims traced to their answers (pooled counts)"),
            h(
              "ul",
              { class: "dl-batch-traced" },
              tracedShareLines(a).map((t) => h("li", {}, t)),
            ),
          ]
        : []),
    ];
  }

  private graphiteAggregates(a: GraphiteAggregates): HTMLElement[] {
    const w = a.winRate;
    const win = h(
      "div",
      { class: "dl-batch-win", "data-win-rate": w.value === null ? "" : String(w.value) },
      h("b", {}, `A's paired win rate: ${estimate(w, 100)}`),
      ` (95% CI ${interval(w, 100)}; sign test ${pClause(w.signTestP)}) — `,
      this.runsButton("A won", w.aWins, `A won ${w.aWins.length}`),
      " · ",
      this.runsButton("B won", w.bWins, `B won ${w.bWins.length}`),
      " · ",
      this.runsButton("Judge shipped neither", w.neither, `neither ${w.neither.length}`),
      " · ",
      this.runsButton("No judge verdict", w.unjudged, `no verdict ${w.unjudged.length}`),
      w.positionBias?.length ? [" (", this.runsButton("Position bias", w.positionBias, `${w.positionBias.length} by position bias`), ")"] : null,
      h("div", { class: "dl-muted", style: "font-size:12px" }, w.method),
    );
    const rateRows = (["a", "b"] as const).flatMap((side) => [
      this.estimateRow(`${side.toUpperCase()} rendered on the first try`, a.firstTry[side]!, 100),
      this.estimateRow(`${side.toUpperCase()} rendered after repair`, a.afterRepair[side]!, 100),
    ]);
    const cell = (label: string, runs: string[]) => h("td", { "data-cell": label }, this.runsButton(label, runs, `${runs.length}`));
    const grid = h(
      "table",
      { class: "dl-batch-grid" },
      h("tr", {}, col(srOnly("A, by row; B, by column")), col("B rendered"), col("B failed")),
      h("tr", {}, row("A rendered"), cell("Both rendered", a.grid.bothSucceeded), cell("Only A rendered", a.grid.onlyA)),
      h("tr", {}, row("A failed"), cell("Only B rendered", a.grid.onlyB), cell("Both failed", a.grid.bothFailed)),
    );
    return [
      h("h2", {}, "Aggregates over the finished runs"),
      win,
      h("table", { class: "dl-batch-agg" }, h("tr", {}, col(srOnly("aggregate")), col("rate"), col("95% CI"), col("n"), col("runs")), rateRows),
      h("h2", {}, "Final figures, paired (after any repair)"),
      grid,
    ];
  }

  private itemCells(item: BatchItem): (HTMLElement | string)[] {
    const s = item.summary;
    const tokens = item.calls.reduce<number | null>((t, c) => (c.usage.totalTokens === null ? t : (t ?? 0) + c.usage.totalTokens), null);
    let numbers = NA;
    if (s?.consensus !== undefined) numbers = `consensus ${pct(s.consensus)}`;
    if (s?.coreShare !== undefined) numbers = `core ${pct(s.coreShare)} · A–B consensus ${pct(s.consensus)}`;
    if (s?.ship !== undefined)
      numbers = `ship ${s.ship === null ? "no verdict" : s.ship.toUpperCase()} · rendered A ${s.finalOk?.a ? "yes" : "no"}, B ${s.finalOk?.b ? "yes" : "no"}`;
    return [
      `${item.index + 1}`,
      h("span", { title: item.question }, item.question.length > 90 ? `${item.question.slice(0, 87)}…` : item.question),
      h(
        "span",
        { class: "dl-batch-status", "data-status": item.status },
        item.status + (item.resumed ? " (read back)" : "") + (item.attempts > 1 ? ` (${item.attempts} tries)` : ""),
      ),
      item.status === "failed" || item.status === "cancelled" ? h("span", { class: "dl-muted" }, item.error ?? "") : numbers,
      tokens === null ? NA : tokens.toLocaleString("en-US"),
    ];
  }

  private drawList(r: BatchResult): void {
    const keep = this.filter ? new Set(this.runsByLabel.get(this.filter.label) ?? this.filter.runs) : null;
    const items = r.items.filter((i) => !keep || keep.has(i.key));
    const head = this.filter
      ? h(
          "div",
          {},
          h("b", {}, `Runs behind “${this.filter.label}”: ${items.length}`),
          " ",
          h(
            "button",
            {
              class: "dl-runs-link",
              type: "button",
              onclick: () => {
                this.filter = null;
                this.aggSig = "";
                this.draw();
              },
            },
            "show all runs",
          ),
        )
      : h("div", {}, h("b", {}, `All runs: ${items.length}`), h("span", { class: "dl-muted" }, " — click a run to open its own view"));
    const rows = items.map((item) => {
      const tr = h(
        "tr",
        { "data-key": item.key, "aria-selected": item.key === this.selected ? "true" : "false", tabindex: 0 },
        this.itemCells(item).map((c) => h("td", {}, c)),
      );
      const open = () => {
        this.selected = this.selected === item.key ? null : item.key;
        this.draw();
      };
      tr.addEventListener("click", open);
      tr.addEventListener("keydown", (e) => {
        const key = (e as KeyboardEvent).key;
        if (key === "Enter" || key === " ") {
          e.preventDefault();
          open();
        }
      });
      return tr;
    });
    fill(this.listEl, head, h("table", {}, h("tr", {}, col("#"), col("question"), col("status"), col("result"), col("tokens")), rows));
  }

  private drawDetail(r: BatchResult): void {
    const item = this.selected ? r.items.find((i) => i.key === this.selected) : undefined;
    const kind = item ? runKind(item.result) : null;
    if (!item || !kind) {
      if (this.shown) this.host.unmount(this.detailEl);
      this.shown = null;
      this.detailEl.replaceChildren();
      this.detailEl.hidden = !item;
      if (item)
        fill(
          this.detailEl,
          h(
            "div",
            { class: "dl-muted" },
            item.status === "running"
              ? "This run is still going; its view opens when it ends."
              : `No stored result for this run (${item.status}${item.error ? `: ${item.error}` : ""}).`,
          ),
        );
      return;
    }
    const runId = (item.result as { runId?: unknown }).runId;
    // Same run as shown: leave it alone, so its force layout is not restarted.
    if (this.shown?.key === item.key && this.shown.runId === runId) return;
    this.host.unmount(this.detailEl);
    this.detailEl.hidden = false;
    this.detailEl.replaceChildren();
    const title = `Run ${item.index + 1}: ${item.question}`;
    this.host.render(this.detailEl, { view: kind, run: runFromResult(item.result, title), result: item.result, pending: [] });
    this.shown = { key: item.key, runId };
  }
}
