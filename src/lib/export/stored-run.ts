// A finished run's stepper rebuilt from its stored result: the measured stage timings laid end to
// end from createdAt. What an exported page and a batch's "show this run" draw above a result that
// no longer has a live tracker. Pure.
import type { RunState } from "../schema/common";

/** The title a run header gets from the result's kind when the caller names none. */
function kindTitle(result: unknown): string {
  const kind = (result as { kind?: unknown } | null)?.kind;
  return kind === "graphite" || kind === "weave" ? kind : "duellab";
}

export function runFromResult(result: unknown, title = kindTitle(result)): RunState {
  const r = result as { createdAt?: string; timings?: { stages?: Record<string, number> } } | null;
  const parsed = r?.createdAt ? Date.parse(r.createdAt) : 0;
  // An unreadable createdAt starts the stages at 0: their durations are still the measured ones.
  const t0 = Number.isFinite(parsed) ? parsed : 0;
  let t = t0;
  const stages = Object.entries(r?.timings?.stages ?? {}).map(([id, dur]) => {
    const st = { id, label: id.charAt(0).toUpperCase() + id.slice(1), status: "done" as const, startedAt: t, endedAt: t + dur, detail: null };
    t += dur;
    return st;
  });
  return { title, status: "done", stages, startedAt: stages.length ? t0 : null, endedAt: stages.length ? t : null, error: null, cancellable: false };
}
