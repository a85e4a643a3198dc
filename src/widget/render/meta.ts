// Per-slot cost and timing shared by both views: provider and model, tokens as reported
// (reasoning tokens or n/a), latency, and the measured time of every stage.
import type { CallRecord, SlotPublic } from "../../lib/schema/common";
import { h, scrollable } from "./dom";
import { ms, num } from "./format";

function sumOrNull(xs: Array<number | null>): number | null {
  const real = xs.filter((x): x is number => x !== null);
  return real.length ? real.reduce((a, b) => a + b, 0) : null;
}

/** One line per slot, always visible: completion tokens, reasoning tokens (or n/a) and latency. */
export function costLine(slots: Record<string, SlotPublic>, calls: CallRecord[]): HTMLElement {
  return h(
    "p",
    { class: "dl-costline" },
    Object.entries(slots).map(([name, sl]) => {
      const mine = calls.filter((c) => c.slot === name);
      return h(
        "span",
        { class: "dl-cost", "data-slot": name },
        h("b", {}, name === "judge" ? "judge" : name.toUpperCase()),
        ` ${sl.model} · `,
        `${num(sumOrNull(mine.map((c) => c.usage.completionTokens)))} tok · reasoning ${num(sumOrNull(mine.map((c) => c.reasoningTokens)))} · ${ms(sumOrNull(mine.map((c) => c.latencyMs)))}`,
      );
    }),
  );
}

export function slotTable(slots: Record<string, SlotPublic>, calls: CallRecord[]): HTMLElement {
  const rows = Object.entries(slots).map(([name, sl]) => {
    const mine = calls.filter((c) => c.slot === name);
    const reasoning = sumOrNull(mine.map((c) => c.reasoningTokens));
    return h(
      "tr",
      { "data-slot": name },
      h("th", {}, name === "judge" ? "judge" : name.toUpperCase()),
      h("td", {}, h("span", { class: "dl-provider" }, sl.provider), " ", h("code", {}, sl.model)),
      h("td", { class: "dl-num" }, String(mine.length)),
      h("td", { class: "dl-num" }, num(sumOrNull(mine.map((c) => c.usage.promptTokens)))),
      h("td", { class: "dl-num" }, num(sumOrNull(mine.map((c) => c.usage.completionTokens)))),
      h("td", { class: "dl-num dl-reasoning", title: reasoning === null ? "this provider did not report reasoning tokens" : undefined }, num(reasoning)),
      h("td", { class: "dl-num" }, ms(sumOrNull(mine.map((c) => c.latencyMs)))),
      h(
        "td",
        { class: "dl-errcell" },
        mine.find((c) => c.error)?.error ?? (mine.some((c) => c.retriedEmpty) ? "empty reply: retried once with double budget" : ""),
      ),
    );
  });
  return h(
    "table",
    { class: "dl-table dl-slots" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, "slot"),
        h("th", {}, "model"),
        h("th", { class: "dl-num" }, "calls"),
        h("th", { class: "dl-num" }, "prompt tok"),
        h("th", { class: "dl-num" }, "completion tok"),
        h("th", { class: "dl-num" }, "reasoning tok"),
        h("th", { class: "dl-num" }, "latency"),
        h("th", {}, "notes"),
      ),
    ),
    h("tbody", {}, rows),
  );
}

export function stageTimes(t: { stages: Record<string, number>; totalMs: number }): HTMLElement {
  return h(
    "p",
    { class: "dl-timings" },
    Object.entries(t.stages).map(([k, v]) => h("span", { class: "dl-timing", "data-stage": k }, `${k} `, h("b", {}, ms(v)))),
    h("span", { class: "dl-timing dl-timing-total" }, "total ", h("b", {}, ms(t.totalMs))),
  );
}

export function promptList(prompts: Array<{ role: string; sha256: string; text: string }>): HTMLElement {
  return h(
    "div",
    { class: "dl-prompts" },
    h(
      "p",
      { class: "dl-muted" },
      `${prompts.length} prompts, ${new Set(prompts.map((p) => p.sha256)).size} distinct sha256 (role-prefixed, so A and B's identical question still hash apart).`,
    ),
    prompts.map((p) =>
      h(
        "details",
        { class: "dl-prompt" },
        h("summary", {}, h("b", {}, p.role), " ", h("code", { class: "dl-sha" }, p.sha256)),
        h("pre", { class: "dl-pre", ...scrollable(`Prompt ${p.role}`) }, p.text),
      ),
    ),
  );
}
