// The offline widget renderer for exported notebooks: @jupyter-widgets/html-manager plus the
// duellab widget module, in one script inlined into the HTML page. It renders every saved widget
// from the notebook's widget state, with no kernel and no network.
import { HTMLManager } from "@jupyter-widgets/html-manager/lib/htmlmanager";
import { renderWidgets } from "@jupyter-widgets/html-manager/lib/libembed";
import { DuelModel, DuelView } from "../plugin";
import { MODEL_NAME, VIEW_NAME, WIDGET_MODULE, WIDGET_VERSION } from "../../lib/schema/widget";
import { bundledLoader } from "./loader";

const loader = bundledLoader({
  [WIDGET_MODULE]: { version: WIDGET_VERSION, exports: { [MODEL_NAME]: DuelModel, [VIEW_NAME]: DuelView } },
});

function start(): void {
  renderWidgets(() => new HTMLManager({ loader })).catch((err: unknown) => {
    console.error(`duellab: the saved widgets in this page could not be rendered: ${err instanceof Error ? err.message : String(err)}`);
  });
}

// Render only once the page has loaded: nbconvert's own scripts (and any require.js) run first,
// and the widget-view tags further down the page are then all in the document.
if (document.readyState === "complete") start();
else window.addEventListener("load", start, { once: true });
