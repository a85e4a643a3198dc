// Renders a widget state into an element. The Jupyter view, the exported HTML page and the
// browser tests all call this one function: the view is a function of the state. It is called on
// every state change, so it keeps its DOM (and the running force layouts) across calls and only
// touches what changed.
import type { WidgetState, ViewEvent } from "../../lib/schema/widget";
import css from "../style.css";
import { paletteCss } from "../../lib/theme/palette";
import { h } from "./dom";
import { GraphiteView } from "./graphite/view";
import { RunHeader } from "./header";
import type { View, ViewHost } from "./view";
import { WeaveView } from "./weave/view";
import { isMultiWeave, MultiWeaveView } from "./multi/view";
import { BatchView } from "./batch/view";

export interface RenderHost {
  /** Send an event to the kernel; absent where there is no kernel (exported HTML). */
  send?: (event: ViewEvent) => void;
}

/**
 * The view registry: the first entry whose `match` accepts the state draws it under the header.
 * More specific views go first (for example a multi-model weave before the plain weave); add a
 * view with ONE line here. "run" matches nothing: the header alone.
 */
export interface ViewEntry {
  key: string;
  match: (state: WidgetState) => boolean;
  make: (host: ViewHost) => View;
}
const byView = (view: string) => (s: WidgetState) => (s.view as string) === view;
export const REGISTRY: ViewEntry[] = [
  { key: "weave-multi", match: (s) => byView("weave")(s) && isMultiWeave(s.result), make: (host) => new MultiWeaveView(host) },
  { key: "weave", match: byView("weave"), make: (host) => new WeaveView(host) },
  { key: "graphite", match: byView("graphite"), make: (host) => new GraphiteView(host) },
  { key: "batch", match: byView("batch"), make: (host) => new BatchView(host) },
];

/** A kind this build has no view for still says something: never a blank widget. */
class UnknownView implements View {
  readonly el = h("div", { class: "dl-view" });
  update(state: WidgetState): void {
    this.el.replaceChildren(
      h(
        "p",
        { class: "dl-muted dl-waiting" },
        `This version of the duellab view cannot draw a "${String(state.view)}" result; it is kept in the widget state and in the result object.`,
      ),
    );
  }
  dispose(): void {}
}

function pick(state: WidgetState): { key: string; make: ((host: ViewHost) => View) | null } {
  const entry = REGISTRY.find((e) => e.match(state));
  if (entry) return entry;
  if ((state.view as string) === "run" || !state.view) return { key: "run", make: null };
  return { key: `unknown:${String(state.view)}`, make: () => new UnknownView() };
}

interface Mounted {
  root: HTMLElement;
  header: RunHeader;
  kind: string | null;
  view: View | null;
  host: RenderHost;
}

const mounted = new WeakMap<HTMLElement, Mounted>();

function injectStyle(el: HTMLElement): void {
  const root = el.getRootNode();
  const target = root instanceof ShadowRoot ? root : el.ownerDocument.head;
  if (target.querySelector("style[data-duellab]")) return;
  const style = el.ownerDocument.createElement("style");
  style.setAttribute("data-duellab", "0.1.0");
  style.textContent = `${paletteCss()}\n${css}`;
  target.append(style);
}

export function render(el: HTMLElement, state: WidgetState, host: RenderHost = {}): void {
  let m = mounted.get(el);
  if (!m || m.root.parentElement !== el) {
    injectStyle(el);
    el.classList.add("duellab-root");
    const header = new RunHeader();
    const root = h("div", { class: "dl-root" }, header.el);
    el.replaceChildren(root);
    m = { root, header, kind: null, view: null, host };
    mounted.set(el, m);
  }
  m.host = host;
  const current = m;
  // Nested states (a batch's stored run) are drawn with no kernel to talk to, as before.
  const viewHost: ViewHost = {
    get send() {
      return current.host.send;
    },
    render: (inner, s) => render(inner, s),
    unmount,
  };
  const chosen = pick(state);
  m.header.update({ run: state.run ?? null, result: state.result, send: host.send });
  if (chosen.key !== m.kind) {
    m.view?.dispose();
    m.view?.el.remove();
    m.view = chosen.make ? chosen.make(viewHost) : null;
    m.kind = chosen.key;
    if (m.view) m.root.append(m.view.el);
  }
  m.view?.update(state);
}

/** Stops timers and force layouts of a mounted element (when a Jupyter view is removed). */
export function unmount(el: HTMLElement): void {
  const m = mounted.get(el);
  if (!m) return;
  m.header.dispose();
  m.view?.dispose();
  mounted.delete(el);
}
