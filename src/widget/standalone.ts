// The view without Jupyter: exported HTML pages call `duellabView.mount(el, state)`.
import type { WidgetState } from "../lib/schema/widget";
import { render } from "./render/index";

export function mount(el: HTMLElement, state: WidgetState): void {
  render(el, state, {});
}
