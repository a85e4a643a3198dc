// Stage 3 of a graphite run, Judging: the judge scores the measured figures only (json, json-retry,
// or the labelled fallback; K runs with the charts swapped in half when judgeRuns > 1). A repair
// re-scores both charts the same way in a later round.
import { errorKind, isHopeless } from "../../errors/record";
import { Cancelled } from "../../errors/errors";
import { chartFacts } from "../facts";
import { buildJudgePrompt, runGraphiteJudge } from "../judge";
import type { Side, StageSession } from "./shape";
import { runGraphiteJudgeRuns, withRunLine } from "../stability";

/** One judge round over the charts as they are now. */
export async function judgeCharts(session: StageSession, round: number, signal: AbortSignal): Promise<void> {
  const r = session.result;
  const note = (s: Side) => (r.charts[s].error ? `the model could not be asked (${r.charts[s].error})` : null);
  const factsA = chartFacts("a", r.charts.a.run, r.charts.a.faithfulness, note("a"));
  const factsB = chartFacts("b", r.charts.b.run, r.charts.b.faithfulness, note("b"));
  const role = round > 1 ? `judge-graphite-round-${round}` : "judge-graphite";
  const isFatal = (e: unknown) => signal.aborted || errorKind(e) === "aborted";
  const { judge, warnings } =
    session.judgeRuns > 1
      ? await runGraphiteJudgeRuns({
          runs: session.judgeRuns,
          round,
          factsText: `${factsA}\n\n${factsB}`,
          // Swapped: B's measured facts are shown as CHART A; the verdict is mapped back.
          facts: (order) =>
            order === "straight"
              ? { first: factsA, second: factsB }
              : {
                  first: chartFacts("a", r.charts.b.run, r.charts.b.faithfulness, note("b")),
                  second: chartFacts("b", r.charts.a.run, r.charts.a.faithfulness, note("a")),
                },
          ask: async (k, _order, runLine, shown, attempt) =>
            (
              await session.call(
                "judge",
                `${role}-run${k}`,
                withRunLine(
                  buildJudgePrompt({ question: r.question, factsA: shown.first, factsB: shown.second, nonce: r.nonce, round, attempt }),
                  r.nonce,
                  runLine,
                ),
                signal,
                true,
              )
            ).content,
          isFatal,
          isHopeless,
        })
      : await runGraphiteJudge({
          ask: async (attempt) =>
            (await session.call("judge", role, buildJudgePrompt({ question: r.question, factsA, factsB, nonce: r.nonce, round, attempt }), signal, true))
              .content,
          factsText: `${factsA}\n\n${factsB}`,
          round,
          isFatal,
          isHopeless,
        });
  r.judge = judge;
  r.warnings.push(...warnings);
}

/** The run's third stage: round 1. */
export async function judgeStage(session: StageSession): Promise<void> {
  const { live } = session;
  live.tracker.enter("judging", "The judge is scoring the measured figures");
  await live.yieldToLoop();
  await judgeCharts(session, 1, live.signal);
  if (live.signal.aborted) throw new Cancelled();
}
