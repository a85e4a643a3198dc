// What every view in the registry is: built once per mount, updated from state, disposed when
// the state switches to another view.
import type { ViewEvent, WidgetState } from "../../lib/schema/widget";

export interface ViewHost {
  /** Present only where a kernel listens (the Jupyter widget); absent in exported HTML. */
  readonly send?: (e: ViewEvent) => void;
  /**
   * Draws another state inside this view (the batch view's run detail) and takes it down again:
   * the renderer that made the view, handed in so that no view imports the renderer back.
   */
  readonly render: (el: HTMLElement, state: WidgetState) => void;
  readonly unmount: (el: HTMLElement) => void;
}

export interface View {
  readonly el: HTMLElement;
  update(state: WidgetState): void;
  dispose(): void;
}
