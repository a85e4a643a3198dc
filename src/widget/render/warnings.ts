// The result's warnings (a fallback taken, a parameter a provider refused, a file read as
// Latin-1), shown the same way in every view: a list, or nothing when there are none.
import { h } from "./dom";

export function warningList(warnings: readonly string[]): HTMLUListElement | null {
  return warnings.length
    ? h(
        "ul",
        { class: "dl-warnings" },
        warnings.map((w) => h("li", {}, w)),
      )
    : null;
}
