// Renders a widget state into an element. The Jupyter view, the exported HTML page and the
// browser tests all call this one function: the view is a function of the state.
import type { WidgetState, ViewEvent } from "../../lib/schema/widget";

export interface RenderHost {
  /** Send an event to the kernel; absent where there is no kernel (exported HTML). */
  send?: (event: ViewEvent) => void;
}

export function render(el: HTMLElement, state: WidgetState, host: RenderHost = {}): void {
  el.textContent = JSON.stringify(state.run?.status ?? "idle");
  void host;
}
