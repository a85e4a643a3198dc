// The headline every result view opens with (two-model weave, N-model weave, graphite): the
// question, then a row of figures, each a large value over what it counts; what follows the row
// (notes, warnings) is each view's own. Builds DOM elements; no other effect.
import { h, type Child } from "./dom";

/**
 * One figure of the row: `value` large over `label`. `cls` styles it (and lets tests find it),
 * `title` says on hover how the value was computed, `data` the data-* attributes a view sets.
 */
export function stat(value: Child, label: Child, cls: string, title?: string, data: Record<string, string> = {}): HTMLElement {
  return h(
    "div",
    { class: cls ? `dl-stat ${cls}` : "dl-stat", title, ...data },
    h("div", { class: "dl-stat-value" }, value),
    h("div", { class: "dl-stat-label" }, label),
  );
}

/** The headline section: the question, the row of `stats`, then `after` in order. */
export function headlineSection(question: string, stats: (Child | Child[])[], ...after: (Child | Child[])[]): HTMLElement {
  return h("section", { class: "dl-headline" }, h("p", { class: "dl-question" }, question), h("div", { class: "dl-stats" }, ...stats), ...after);
}
