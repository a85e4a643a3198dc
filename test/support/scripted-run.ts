// A fake run for tests only: walks the weave-like stages with real delays through startLiveRun,
// so the header widget advances as a real run would, and stops at once when Cancel is pressed.
import { startLiveRun, type LiveRun } from "../../src/lib/run/live";

export const SCRIPTED_STAGES = [
  { id: "asking", label: "Asking" },
  { id: "extracting", label: "Extracting" },
  { id: "classifying", label: "Classifying" },
  { id: "weaving", label: "Weaving" },
  { id: "settled", label: "Settled" },
];

export interface ScriptedRunOptions {
  /** Milliseconds spent in each working stage. */
  stepMs?: number;
  /** Fail in this stage with this provider-like message. */
  failAt?: { stage: string; message: string };
  title?: string;
  display?: boolean;
  signal?: AbortSignal;
  /**
   * Leave each working stage when this resolves instead of after stepMs: a test that must act
   * mid-run (save, cancel) holds the run there for as long as a loaded machine needs.
   */
  until?: (stage: string, signal: AbortSignal) => Promise<void>;
  /** Called once the live run exists (tests use it to press Cancel or read the handle). */
  onStart?: (live: LiveRun) => void;
}

export interface ScriptedOutcome {
  status: string;
  durations: Record<string, number>;
  commId: string | null;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** `p`, or a rejection with the signal's reason as soon as it aborts. */
function abortable(p: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export async function scriptedRun(o: ScriptedRunOptions = {}): Promise<ScriptedOutcome> {
  const live = startLiveRun({ view: "run", title: o.title ?? "Scripted run", stages: SCRIPTED_STAGES, display: o.display, signal: o.signal });
  o.onStart?.(live);
  const outcome = (): ScriptedOutcome => ({ status: live.tracker.state.status, durations: live.tracker.durations(), commId: live.handle?.id ?? null });
  try {
    for (const st of SCRIPTED_STAGES.slice(0, -1)) {
      live.tracker.enter(st.id, `scripted ${st.label.toLowerCase()}`);
      await live.yieldToLoop();
      if (o.failAt?.stage === st.id) {
        live.tracker.fail(o.failAt.message);
        return outcome();
      }
      if (o.until) await abortable(o.until(st.id, live.signal), live.signal);
      else await sleep(o.stepMs ?? 300, live.signal);
    }
    live.tracker.finish();
  } catch (e) {
    if (!live.signal.aborted) throw e;
  }
  return outcome();
}
