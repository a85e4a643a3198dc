// Stage 1 of a graphite run, Asking: A and B get byte-identical prompts, concurrently. One side
// failing is shown on that side; both failing ends the run (there is nothing to compare). Also the
// one coder call a repair makes (`askCoder`), with the code extracted and prose labelled.
import { errorKind, errorText } from "../../errors/record";
import { Cancelled, StageFailure } from "../../errors/errors";
import { extractCode } from "../code";
import { label, SIDES, type Asked, type Side, type StageSession } from "./shape";
import { emptyChart } from "./empty";

/** Ask one coder; the code is extracted (fences and chatter stripped, prose labelled). */
export async function askCoder(session: StageSession, side: Side, role: string, prompt: string, n: number, signal: AbortSignal): Promise<Asked> {
  const r = await session.call(side, role, prompt, signal, false);
  const ex = extractCode(r.content);
  const who = `Model ${label(side)}${n > 0 ? ` (repair ${n})` : ""}`;
  if (ex.stripped.length) session.result.warnings.push(`${who}: removed ${ex.stripped.join(" and ")} before running the code.`);
  if (ex.prose) session.result.warnings.push(`${who} returned prose instead of code; it was run as-is, so Python reports the failure.`);
  return {
    prose: ex.prose,
    attempt: {
      n,
      kind: n === 0 ? "initial" : "repair",
      code: ex.code,
      rawCode: r.content,
      usage: r.usage,
      reasoningTokens: r.reasoningTokens,
      finishReason: r.finishReason,
      latencyMs: r.latencyMs,
      promptSha256: r.promptSha256,
    },
  };
}

/** Both coders, as the run's first stage. Resolves with each side's outcome, in SIDES order. */
export async function askCoders(session: StageSession): Promise<PromiseSettledResult<Asked>[]> {
  const { live, result } = session;
  const { tracker } = live;
  tracker.enter("asking", "Model A and Model B writing chart code in parallel");
  await live.yieldToLoop();
  // A cancel that came while the loop was yielded ends the run before any model is asked.
  if (live.signal.aborted) throw new Cancelled();
  const done: Side[] = [];
  const asked = await Promise.allSettled(
    SIDES.map(async (side) => {
      const a = await askCoder(session, side, label(side), session.basePrompt, 0, live.signal);
      done.push(side);
      if (done.length < SIDES.length) tracker.detail(`Model ${label(side)} answered in ${(a.attempt.latencyMs / 1000).toFixed(1)} s; waiting for the other`);
      return a;
    }),
  );
  if (live.signal.aborted || asked.some((s) => s.status === "rejected" && errorKind(s.reason) === "aborted")) throw new Cancelled();
  const failures = SIDES.flatMap((side, i) =>
    asked[i]!.status === "rejected" ? [[side, errorText((asked[i] as PromiseRejectedResult).reason)] as const] : [],
  );
  if (failures.length === SIDES.length) {
    // The cause kept is the first side's error: a batch retries on its kind (a rate limit, say).
    const first = asked.find((s): s is PromiseRejectedResult => s.status === "rejected")?.reason;
    throw new StageFailure("asking", `Neither model could be asked: ${failures.map(([s, m]) => `Model ${label(s)}: ${m}`).join(" ")}`, first);
  }
  for (const [side, message] of failures) {
    const rec = result.calls.filter((c) => c.slot === side).at(-1);
    result.charts[side] = emptyChart(message, rec?.latencyMs ?? 0);
    result.warnings.push(`Model ${label(side)} could not be asked, so chart ${label(side)} is missing: ${message}`);
  }
  return asked;
}
