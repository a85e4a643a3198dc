// The view without Jupyter: exported HTML pages call `duellabView.mount(el, state)`.
import type { WidgetState } from "../lib/schema/widget";
import { render, unmount } from "./render/index";

export function mount(el: HTMLElement, state: WidgetState): void {
  render(el, state, {});
}

/** Mounts every `<script type="application/json" data-duellab-state>` on the page into the element before it. */
export function mountAll(doc: Document = document): number {
  const scripts = Array.from(doc.querySelectorAll<HTMLScriptElement>("script[data-duellab-state]"));
  for (const sc of scripts) {
    const target = doc.getElementById(sc.dataset.duellabState || "") ?? sc.previousElementSibling;
    if (target instanceof HTMLElement) mount(target, JSON.parse(sc.textContent || "null") as WidgetState);
  }
  return scripts.length;
}

export { render, unmount };
