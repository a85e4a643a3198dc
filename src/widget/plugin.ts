// The JupyterLab plugin: registers the duellab widget model and view with the widget manager, under
// this version and every earlier one whose saved state this view still reads (WIDGET_READS), so a
// notebook saved by an older duellab renders with a newer one installed.
import { DOMWidgetModel, DOMWidgetView, IJupyterWidgetRegistry } from "@jupyter-widgets/base";
import { MODEL_NAME, VIEW_NAME, WIDGET_MODULE, WIDGET_READS, widgetIdentity } from "../lib/schema/widget";
import type { WidgetState, ViewEvent } from "../lib/schema/widget";
import { hideFallbacks, showFallbacks } from "./fallback/hide";
import { markLive } from "./fallback/live-views";
import { render, unmount } from "./render/index";

export class DuelModel extends DOMWidgetModel {
  defaults() {
    return { ...super.defaults(), ...widgetIdentity(), view: "run", run: null, result: null, pending: [] };
  }
}

export class DuelView extends DOMWidgetView {
  private unmark: (() => void) | null = null;
  private hidden: Element[] = [];
  private frames = 0;

  render() {
    this.el.classList.add("duellab-root");
    this.el.setAttribute("data-duellab-model", this.model.model_id);
    this.paint();
    this.model.on("change", () => this.paint(), this);
  }

  remove() {
    // Stop the header's ticking timer and any force layout when the manager drops this view, and
    // give the page back the fallbacks it stood in front of.
    unmount(this.el);
    this.standIn(false);
    return super.remove();
  }

  /** While this view draws its result, its static fallbacks step back; when it cannot, they return. */
  private standIn(live: boolean) {
    if (live && !this.unmark) {
      this.unmark = markLive(this.model.model_id);
      this.frames = 0;
      this.hideWhenPlaced();
    } else if (!live && this.unmark) {
      this.unmark();
      this.unmark = null;
      showFallbacks(this.hidden);
      this.hidden = [];
    }
  }

  /** Pages that show raw output HTML place the view after render(): hide its fallbacks once it is in the document. */
  private hideWhenPlaced() {
    if (!this.unmark) return;
    if (this.el.isConnected) {
      this.hidden.push(...hideFallbacks(this.el, this.model.model_id));
      return;
    }
    if (this.frames++ < 600) requestAnimationFrame(() => this.hideWhenPlaced());
  }

  private paint() {
    const state = this.model.get.bind(this.model);
    const s: WidgetState = { view: state("view"), run: state("run"), result: state("result"), pending: state("pending") ?? [] };
    const outcome = render(this.el, s, { send: (event: ViewEvent) => this.send(event), savedBy: state("_view_module_version") });
    this.standIn(outcome === "drawn");
  }
}

const plugin = {
  id: `${WIDGET_MODULE}:plugin`,
  requires: [IJupyterWidgetRegistry],
  autoStart: true,
  activate: (_app: unknown, registry: { registerWidget: (w: unknown) => void }) => {
    for (const version of WIDGET_READS) registry.registerWidget({ name: WIDGET_MODULE, version, exports: { [MODEL_NAME]: DuelModel, [VIEW_NAME]: DuelView } });
  },
};
export default plugin;
