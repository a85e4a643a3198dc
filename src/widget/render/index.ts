// Renders a widget state into an element. The Jupyter view, the exported HTML page and the
// browser tests all call this one function: the view is a function of the state. It is called on
// every state change, so it keeps its DOM (and the running force layouts) across calls and only
// touches what changed.
import type { WidgetState, ViewEvent, ViewKind } from "../../lib/schema/widget";
import css from "../style.css";
import { h } from "./dom";
import { GraphiteView } from "./graphite/view";
import { RunHeader } from "./header";
import type { View, ViewHost } from "./view";
import { WeaveView } from "./weave/view";

export interface RenderHost {
  /** Send an event to the kernel; absent where there is no kernel (exported HTML). */
  send?: (event: ViewEvent) => void;
}

/** One constructor per view kind; "run" is the header alone. */
const REGISTRY: Record<ViewKind, ((host: ViewHost) => View) | null> = {
  run: null,
  weave: (host) => new WeaveView(host),
  graphite: (host) => new GraphiteView(host),
};

interface Mounted {
  root: HTMLElement;
  header: RunHeader;
  kind: ViewKind | null;
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
  style.textContent = css;
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
  const viewHost: ViewHost = { get send() { return current.host.send; } };
  const kind: ViewKind = state.view in REGISTRY ? state.view : "run";
  m.header.update({ run: state.run ?? null, result: state.result, send: host.send });
  if (kind !== m.kind) {
    m.view?.dispose();
    m.view?.el.remove();
    const make = REGISTRY[kind];
    m.view = make ? make(viewHost) : null;
    m.kind = kind;
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
