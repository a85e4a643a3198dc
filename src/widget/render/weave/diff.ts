// The claims diff: shared pairs side by side, then what only one model said, largest first —
// the quickest answer to "what did B miss?". It is also the graph's text alternative: the same
// claims and relations as accessible tables and lists.
import type { WeaveResult } from "../../../lib/schema/weave";
import { h } from "../dom";
import { quoteUnder } from "./evidence";

export function uniqueClaims(r: WeaveResult, side: "a" | "b"): Array<{ index: number; text: string }> {
  const matched = new Set(r.consensus.matches.map((m) => m[side]));
  return (r.claims[side] ?? [])
    .map((text, index) => ({ index, text }))
    .filter((c) => !matched.has(c.index))
    .sort((p, q) => q.text.length - p.text.length || p.index - q.index);
}

export function claimsDiff(r: WeaveResult): HTMLElement {
  const A = r.claims.a ?? [],
    B = r.claims.b ?? [];
  const contra = r.pairs.filter((p) => p.relation === "contradict");
  const onlyA = uniqueClaims(r, "a"),
    onlyB = uniqueClaims(r, "b");
  const list = (items: Array<{ index: number; text: string }>, side: string) =>
    items.length
      ? h(
          "ol",
          { class: "dl-only-list", "data-only": side },
          items.map((c) => h("li", { "data-index": c.index, "data-claims": `${side}:${c.index}`, tabindex: 0 }, c.text, quoteUnder(r, side, c.index))),
        )
      : h("p", { class: "dl-muted" }, "Nothing: every claim was matched.");
  return h(
    "div",
    { class: "dl-diff" },
    h("h2", {}, `Shared claims (${r.consensus.matches.length})`),
    r.consensus.matches.length
      ? h(
          "table",
          { class: "dl-table dl-shared-table" },
          h("caption", { class: "dl-sr-only" }, `Shared claims: ${r.consensus.matches.length} pairs matched one-to-one, with the strength of each match`),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col" }, "Model A said"),
              h("th", { scope: "col" }, "Model B said"),
              h("th", { class: "dl-num", scope: "col" }, "strength"),
            ),
          ),
          h(
            "tbody",
            {},
            r.consensus.matches.map((m) =>
              h(
                "tr",
                { "data-claims": `a:${m.a} b:${m.b}` },
                h("td", {}, A[m.a] ?? "?", quoteUnder(r, "a", m.a)),
                h("td", {}, B[m.b] ?? "?", quoteUnder(r, "b", m.b)),
                h("td", { class: "dl-num" }, m.strength.toFixed(2)),
              ),
            ),
          ),
        )
      : h("p", { class: "dl-muted" }, "No claim was matched one-to-one."),
    contra.length
      ? [
          h("h2", {}, `Contradictions (${contra.length})`),
          h(
            "table",
            { class: "dl-table dl-contra-table" },
            h("caption", { class: "dl-sr-only" }, `Contradictions: ${contra.length} pairs of claims that contradict each other`),
            h(
              "thead",
              { class: "dl-sr-only" },
              h(
                "tr",
                {},
                h("th", { scope: "col" }, "Model A said"),
                h("th", { scope: "col" }, "relation"),
                h("th", { scope: "col" }, "Model B said"),
                h("th", { scope: "col" }, "strength"),
              ),
            ),
            h(
              "tbody",
              {},
              contra.map((p) =>
                h(
                  "tr",
                  { "data-claims": `a:${p.a} b:${p.b}` },
                  h("td", {}, A[p.a] ?? "?", quoteUnder(r, "a", p.a)),
                  h("td", { class: "dl-vs" }, "vs"),
                  h("td", {}, B[p.b] ?? "?", quoteUnder(r, "b", p.b)),
                  h("td", { class: "dl-num" }, `${p.strength.toFixed(2)}${p.sourceKind === "lexical" ? " lexical" : ""}`),
                ),
              ),
            ),
          ),
        ]
      : null,
    h(
      "div",
      { class: "dl-two" },
      h("div", {}, h("h2", {}, `Only in A — what did B miss? (${onlyA.length})`), list(onlyA, "a")),
      h("div", {}, h("h2", {}, `Only in B — what did A miss? (${onlyB.length})`), list(onlyB, "b")),
    ),
  );
}
