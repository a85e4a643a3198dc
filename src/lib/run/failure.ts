// How a run that did not finish ends, the same for weave and graphite: the widget's stepper shows
// where and why (cancelled, or failed in a named stage), and the caller gets one RunError whose
// message is the sentence the user reads. Touches only the tracker it is given.
import type { LiveRun } from "./live";
import type { StageSpec } from "./stages";
import { errorText } from "../errors/record";
import { Cancelled, RunError, StageFailure, type RunKind } from "../errors/errors";

/**
 * Marks the run's end on its tracker and returns the error to throw. `title` is the run as a
 * sentence starts it ("Weave", "Graphite").
 */
export function endRun(e: unknown, o: { run: RunKind; title: string; live: LiveRun; stages: readonly StageSpec[] }): RunError {
  const { tracker, signal } = o.live;
  const stage = tracker.state.stages.find((s) => s.status === "active" || s.status === "cancelled");
  if (e instanceof Cancelled || signal.aborted) {
    if (tracker.state.status === "running" || tracker.state.status === "idle") tracker.cancel();
    return new RunError({
      run: o.run,
      stage: stage?.id ?? null,
      reason: "cancelled",
      message: `${o.title} was cancelled while ${stage ? stage.label.toLowerCase() : "starting"}.`,
      ...(e instanceof Cancelled ? {} : { cause: e }),
    });
  }
  if (e instanceof StageFailure) {
    tracker.fail(e.message, e.stage);
    return new RunError({
      run: o.run,
      stage: e.stage,
      reason: "stage-failed",
      message: `${o.title} stopped at "${o.stages.find((s) => s.id === e.stage)?.label}": ${e.message}`,
      ...(e.cause === undefined ? {} : { cause: e.cause }),
    });
  }
  tracker.fail(errorText(e));
  return new RunError({
    run: o.run,
    stage: stage?.id ?? null,
    reason: "internal",
    message: `${o.title} failed while ${stage ? stage.label.toLowerCase() : "running"}: ${errorText(e)}`,
    cause: e,
  });
}
