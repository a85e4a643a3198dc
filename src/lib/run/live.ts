// A run that shows itself: a RunTracker whose every change is synced to a live widget, a Cancel
// button wired to an AbortSignal, and the same object (with no widget) in scripts and tests.
import { showWidget, type WidgetHandle } from "../jupyter/index";
import type { RunState } from "../schema/common";
import type { ViewEvent, ViewKind, WidgetState } from "../schema/widget";
import { RunTracker, type StageSpec } from "./stages";
import { staticHtml } from "../snapshot/static-html";

export interface LiveRun {
  tracker: RunTracker;
  signal: AbortSignal;
  handle: WidgetHandle | null;
  publish(result: unknown): void;
  setPending(p: string[]): void;
  onEvent(h: (e: ViewEvent) => void): void;
  fallback(mime: { text: string; html?: string }): void;
  yieldToLoop(): Promise<void>;
}

export interface LiveRunOptions {
  view: ViewKind;
  title: string;
  stages: StageSpec[];
  display?: boolean;
  signal?: AbortSignal;
  text?: string;
}

/** The reason a run's signal carries when the user pressed Cancel. */
export const CANCELLED_BY_USER = "The run was cancelled from the widget's Cancel button.";

/** One line for notebooks opened without the widget: which stage, how it ended, how long it took. */
export function runSummaryText(run: RunState): string {
  const took = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
  const stages = run.stages
    .filter((s) => s.startedAt !== null && s.endedAt !== null)
    .map((s) => `${s.label} ${took((s.endedAt as number) - (s.startedAt as number))}`);
  const active = run.stages.find((s) => s.status === "active");
  const head = `${run.title}: ${run.status}${active ? ` (${active.label})` : ""}`;
  const error = run.error ? ` (${run.error.stage} failed: ${run.error.message})` : "";
  return `${head}${error}${stages.length ? ` [${stages.join(", ")}]` : ""}`;
}

/** The static snapshot of a result, or none: a snapshot that cannot be drawn never fails a run. */
function snapshot(result: unknown): string | undefined {
  try {
    return staticHtml(result);
  } catch {
    return undefined;
  }
}

export function startLiveRun(o: LiveRunOptions): LiveRun {
  const tracker = new RunTracker(o.title, o.stages);
  const controller = new AbortController();
  const handlers: ((e: ViewEvent) => void)[] = [];
  let customFallback = false;
  let lastResult: unknown = null;

  const cancel = (reason: unknown) => {
    if (controller.signal.aborted) return;
    controller.abort(reason);
    if (tracker.state.status === "running" || tracker.state.status === "idle") tracker.cancel();
  };
  if (o.signal) {
    if (o.signal.aborted) cancel(o.signal.reason);
    else o.signal.addEventListener("abort", () => cancel(o.signal?.reason), { once: true });
  }

  const initial: WidgetState = { view: o.view, run: tracker.state, result: null, pending: [] };
  const handle = o.display === false ? null : showWidget(initial, { text: o.text ?? runSummaryText(tracker.state) });

  let lastStatus = tracker.state.status;
  tracker.onChange((run) => {
    handle?.set({ run });
    // A saved notebook without widget state shows the text: keep it true to how the run ended.
    if (handle && !customFallback && run.status !== lastStatus && run.status !== "running") {
      handle.updateFallback({ text: runSummaryText(run) });
    }
    lastStatus = run.status;
  });

  handle?.onEvent((e) => {
    if (e?.type === "cancel") cancel(new DOMException(CANCELLED_BY_USER, "AbortError"));
    for (const h of handlers) h(e);
  });

  return {
    tracker,
    signal: controller.signal,
    handle,
    publish: (result) => {
      lastResult = result;
      handle?.set({ result });
    },
    setPending: (p) => handle?.set({ pending: p }),
    onEvent: (h) => void handlers.push(h),
    fallback: (mime) => {
      customFallback = true;
      if (!handle) return;
      // Viewers without JavaScript (GitHub, nbviewer, a README) get the settled graph or the two
      // charts as static HTML beside the widget view, derived from the result the widget shows.
      handle.updateFallback(mime.html !== undefined || lastResult === null ? mime : { ...mime, html: snapshot(lastResult) });
    },
    yieldToLoop: () => new Promise<void>((resolve) => setImmediate(resolve)),
  };
}
