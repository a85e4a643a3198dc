// A run that shows itself: a RunTracker whose every change is synced to a live widget, a Cancel
// button wired to an AbortSignal, and the same object (with no widget) in scripts and tests.
import { showWidget, type WidgetHandle } from "../jupyter/index";
import type { RunState } from "../schema/common";
import type { ViewEvent, ViewKind, WidgetState } from "../schema/widget";
import { RunTracker, type StageSpec } from "./stages";
import { fallbackDisplays, waitingDisplays } from "../snapshot/fallback";

export interface LiveRun {
  tracker: RunTracker;
  signal: AbortSignal;
  handle: WidgetHandle | null;
  publish(result: unknown): void;
  setPending(p: string[]): void;
  onEvent(h: (e: ViewEvent) => void): void;
  /**
   * The settled summary line and the fallback displays (picture, sanitizer-proof HTML) drawn from
   * the last published result. Await it before the run returns: a display updated after the cell
   * has finished is not in the notebook nbclient saves.
   */
  fallback(mime: { text: string }): Promise<void>;
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
  const firstText = o.text ?? runSummaryText(tracker.state);
  const handle = o.display === false ? null : showWidget(initial, { text: firstText }, (id) => waitingDisplays(id, firstText, "running", o.view));

  let lastStatus = tracker.state.status;
  tracker.onChange((run) => {
    handle?.set({ run });
    // A saved notebook without widget state shows the text: keep it true to how the run ended.
    // A run that ends "done" draws its own fallback (fallback() below) right after; the others
    // (failed, cancelled) only say how they ended.
    if (handle && !customFallback && run.status !== lastStatus && run.status !== "running" && run.status !== "done") {
      const text = runSummaryText(run);
      handle.updateSummary(text);
      handle.updateFallback(waitingDisplays(handle.id, text, run.status, o.view));
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
    fallback: async (mime) => {
      customFallback = true;
      if (!handle) return;
      handle.updateSummary(mime.text);
      // Viewers that cannot load the widget (GitHub, nbviewer, an offline page, a PDF) get the
      // settled view as a picture and as plain HTML, drawn from the result the widget shows. A
      // fallback that cannot be drawn never fails the run: it says so in its own display.
      try {
        const d = await fallbackDisplays({ modelId: handle.id, text: mime.text, result: lastResult, status: tracker.state.status });
        handle.updateFallback(d);
      } catch (e) {
        handle.updateFallback(
          waitingDisplays(handle.id, mime.text, `settled, but its static view could not be drawn (${e instanceof Error ? e.message : String(e)})`, o.view),
        );
      }
    },
    yieldToLoop: () => new Promise<void>((resolve) => setImmediate(resolve)),
  };
}
