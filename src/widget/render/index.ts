// Renders a widget state into an element. The Jupyter view, the exported HTML page and the
// browser tests all call this one function: the view is a function of the state. It is called on
// every state change, so it keeps its DOM (and the running force layouts) across calls and only
// touches what changed.
import { WIDGET_VERSION, type WidgetState, type ViewEvent } from "../../lib/schema/widget";
import css from "../style.css";
import { paletteCss } from "../../lib/theme/palette";
import { h } from "./dom";
import { GraphiteView } from "./graphite/view";
import { RunHeader } from "./header";
import type { View, ViewHost } from "./view";
import { WeaveView } from "./weave/view";
import { isMultiWeave, MultiWeaveView } from "./multi/view";
import { BatchView } from "./batch/view";
import { resultProblem } from "./state-check";

export interface RenderHost {
  /** Send an event to the kernel; absent where there is no kernel (exported HTML). */
  send?: (event: ViewEvent) => void;
  /** The duellab version the saved state names (its _view_module_version), when known. */
  savedBy?: unknown;
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
  style.setAttribute("data-duellab", WIDGET_VERSION);
  style.textContent = `${paletteCss()}\n${css}`;
  target.append(style);
}

/**
 * "drawn" when the state's result (or the run header alone) is on screen; "problem" when a sentence
 * stands in for a result this build cannot draw. Pages hide a widget's static fallbacks only while
 * it is drawn.
 */
export type RenderOutcome = "drawn" | "problem";

export function render(el: HTMLElement, state: WidgetState, host: RenderHost = {}): RenderOutcome {
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
    render: (inner, s) => void render(inner, s),
    unmount,
  };
  const problem = resultProblem(state, host.savedBy);
  const chosen = problem ? { key: `problem:${problem}`, make: () => new ProblemView(problem) } : pick(state);
  m.header.update({ run: state.run ?? null, result: problem ? null : state.result, send: host.send });
  if (chosen.key !== m.kind) {
    m.view?.dispose();
    m.view?.el.remove();
    m.view = chosen.make ? chosen.make(viewHost) : null;
    m.kind = chosen.key;
    if (m.view) m.root.append(m.view.el);
  }
  try {
    m.view?.update(state);
    return problem ? "problem" : "drawn";
  } catch (e) {
    // A view that cannot draw this state says so in one sentence; the rest of the page lives on.
    const sentence = `duellab ${WIDGET_VERSION} could not draw this result (${e instanceof Error ? e.message : String(e)}); it is kept in the widget state, and the static view saved beside the widget shows its numbers.`;
    m.view?.dispose();
    m.view?.el.remove();
    m.view = new ProblemView(sentence);
    m.kind = `problem:${sentence}`;
    m.root.append(m.view.el);
    m.view.update(state);
    return "problem";
  }
}

/** One sentence in place of a view: what is wrong with the saved result and what to do. */
class ProblemView implements View {
  readonly el = h("div", { class: "dl-view" });
  constructor(private readonly sentence: string) {}
  update(): void {
    this.el.replaceChildren(h("p", { class: "dl-warning", role: "alert" }, this.sentence));
  }
  dispose(): void {}
}

/** Stops timers and force layouts of a mounted element (when a Jupyter view is removed). */
export function unmount(el: HTMLElement): void {
  const m = mounted.get(el);
  if (!m) return;
  m.header.dispose();
  m.view?.dispose();
  mounted.delete(el);
}
