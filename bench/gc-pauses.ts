// The garbage collector's pauses on this thread (the kernel's) during a bench step, from Node's
// own "gc" performance entries: how many, the longest and its kind, and their sum. Beside the
// event loop's longest hold, it says how much of it was the collector. On a machine busier than
// its cores a pause also counts the time the collector's threads waited for a core. I/O shell.
import { constants, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";

export interface GcPauses {
  count: number;
  longestMs: number;
  longestKind: string;
  totalMs: number;
  /** Each pause (performance.now()'s clock), for loop-probe.ts to place in the loop's holds. */
  entries: { startTime: number; duration: number; kind: string }[];
}

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "scavenge",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "mark-compact",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental marking",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
};

/** Start watching; the function returned stops and sums what was seen. */
export function watchGc(): () => Promise<GcPauses> {
  const seen: PerformanceEntry[] = [];
  const obs = new PerformanceObserver((list) => seen.push(...list.getEntries()));
  obs.observe({ entryTypes: ["gc"] });
  return async () => {
    // The entries of the last pauses are delivered a few turns of the loop later.
    await new Promise((r) => setTimeout(r, 50));
    obs.disconnect();
    const longest = seen.reduce<PerformanceEntry | null>((a, e) => (a && a.duration >= e.duration ? a : e), null);
    const kind = (longest as { detail?: { kind?: number } } | null)?.detail?.kind;
    return {
      count: seen.length,
      longestMs: longest?.duration ?? 0,
      longestKind: kind === undefined ? "none" : (KINDS[kind] ?? `kind ${kind}`),
      totalMs: seen.reduce((s, e) => s + e.duration, 0),
      entries: seen.map((e) => {
        const k = (e as { detail?: { kind?: number } }).detail?.kind;
        return { startTime: e.startTime, duration: e.duration, kind: k === undefined ? "none" : (KINDS[k] ?? `kind ${k}`) };
      }),
    };
  };
}
