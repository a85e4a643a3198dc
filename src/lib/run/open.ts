// How every run starts, weave and graphite alike: its title, its live widget (or none), its id,
// its nonce and its start time, all from the run's RunDeps so tests can fix any of them.
import type { StageSpec } from "./stages";
import type { LiveRun } from "./live";
import type { RunDeps } from "./deps";
import type { ViewKind } from "../schema/widget";

export interface OpenedRun {
  live: LiveRun;
  runId: string;
  nonce: string;
  startedAt: number;
}

/** "Weave: <question>", the question cut at 80 characters. Pure. */
export function runTitle(prefix: string, question: string): string {
  return `${prefix}: ${question.length > 80 ? `${question.slice(0, 77)}...` : question}`;
}

export function openRun(
  deps: Pick<RunDeps, "startLive" | "now" | "newRunId" | "newNonce">,
  o: { view: ViewKind; title: string; stages: StageSpec[]; display?: boolean; signal?: AbortSignal },
): OpenedRun {
  const nonce = deps.newNonce();
  const runId = deps.newRunId();
  const live = deps.startLive({ view: o.view, title: o.title, stages: o.stages, display: o.display, signal: o.signal });
  return { live, runId, nonce, startedAt: deps.now() };
}
