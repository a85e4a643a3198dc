// Stage 2 of a graphite run, Executing: both snippets in the sandbox, concurrently, each with only
// data.csv beside it; each finished run is recorded as its chart's latest attempt with its
// faithfulness checked against the data, off the kernel's event loop (../faith-offload.ts). A
// sandbox that fails itself stops the run naming the chart.
import { errorText } from "../../errors/record";
import { Cancelled, StageFailure } from "../../errors/errors";
import type { Attempt, Chart } from "../../schema/graphite";
import type { SandboxRun } from "../../schema/sandbox";
import { checkFaithfulnessOffLoop } from "../faith-offload";
import { label, SIDES, type Asked, type Side, type StageSession } from "./shape";

/** Run one snippet with only data.csv beside it. A sandbox that fails itself throws. */
export async function executeCode(session: StageSession, side: Side, code: string, signal: AbortSignal): Promise<SandboxRun> {
  const sb = await session.deps.sandbox();
  const run = await sb.run({
    code,
    files: { "data.csv": session.csv.text },
    signal,
    ...(session.sandboxTimeoutMs ? { timeoutMs: session.sandboxTimeoutMs } : {}),
  });
  for (const note of run.notes) session.result.warnings.push(`Chart ${label(side)}: ${note}`);
  return run;
}

/** Record a finished attempt as the chart's latest state, its faithfulness checked in a worker. */
export async function settleChart(session: StageSession, side: Side, asked: Asked, run: SandboxRun): Promise<Chart> {
  const attempt: Attempt = { ...asked.attempt, run };
  const faithfulness = await checkFaithfulnessOffLoop(session.csv, run.figures);
  const prev = session.result.charts[side];
  const chart: Chart = {
    code: attempt.code,
    run,
    usage: attempt.usage,
    reasoningTokens: attempt.reasoningTokens,
    latencyMs: attempt.latencyMs,
    faithfulness,
    attempts: [...(prev?.attempts ?? []), attempt],
    error: null,
  };
  session.result.charts[side] = chart;
  return chart;
}

/** Resolves when the signal aborts (never rejects). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

/** Both answered snippets, as the run's second stage; then the charts are published. */
export async function executeCharts(session: StageSession, asked: PromiseSettledResult<Asked>[]): Promise<void> {
  const { live } = session;
  const cancelled = () => live.signal.aborted;
  live.tracker.enter("executing", "Running both snippets in the sandbox");
  await live.yieldToLoop();
  const runs = await Promise.all(
    SIDES.map(async (side, i) => {
      const s = asked[i]!;
      if (s.status !== "fulfilled") return null;
      try {
        return await executeCode(session, side, s.value.attempt.code, live.signal);
      } catch (e) {
        if (cancelled()) throw new Cancelled();
        throw new StageFailure("executing", `The sandbox could not run chart ${label(side)}'s code: ${errorText(e)}`, e);
      }
    }),
  );
  if (cancelled()) throw new Cancelled();
  // Both checks at once, each in a worker: the kernel's loop stays free for progress, and Cancel
  // ends the stage at once (a check still running is left to finish or time out on its own).
  const checked = Promise.all(
    SIDES.map(async (side, i) => {
      const s = asked[i]!;
      if (s.status === "fulfilled") await settleChart(session, side, s.value, runs[i]!);
    }),
  );
  await Promise.race([checked, aborted(live.signal)]);
  if (cancelled()) throw new Cancelled();
  session.publish();
}
