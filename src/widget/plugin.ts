// The JupyterLab plugin: registers the duellab widget model and view with the widget manager.
import { DOMWidgetModel, DOMWidgetView, IJupyterWidgetRegistry } from "@jupyter-widgets/base";
import { MODEL_NAME, VIEW_NAME, WIDGET_MODULE, WIDGET_VERSION, widgetIdentity } from "../lib/schema/widget";
import type { WidgetState, ViewEvent } from "../lib/schema/widget";
import { render, unmount } from "./render/index";

export class DuelModel extends DOMWidgetModel {
  defaults() {
    return { ...super.defaults(), ...widgetIdentity(), view: "run", run: null, result: null, pending: [] };
  }
}

export class DuelView extends DOMWidgetView {
  render() {
    this.el.classList.add("duellab-root");
    this.paint();
    this.model.on("change", () => this.paint(), this);
  }

  remove() {
    // Stop the header's ticking timer and any force layout when JupyterLab drops this view.
    unmount(this.el);
    return super.remove();
  }

  private paint() {
    const state = this.model.get.bind(this.model);
    const s: WidgetState = { view: state("view"), run: state("run"), result: state("result"), pending: state("pending") ?? [] };
    render(this.el, s, { send: (event: ViewEvent) => this.send(event) });
  }
}

const plugin = {
  id: `${WIDGET_MODULE}:plugin`,
  requires: [IJupyterWidgetRegistry],
  autoStart: true,
  activate: (_app: unknown, registry: { registerWidget: (w: unknown) => void }) => {
    registry.registerWidget({ name: WIDGET_MODULE, version: WIDGET_VERSION, exports: { [MODEL_NAME]: DuelModel, [VIEW_NAME]: DuelView } });
  },
};
export default plugin;
