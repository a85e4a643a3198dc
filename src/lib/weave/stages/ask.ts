// Stage 1 of a weave, Asking: every model gets the identical prompt, concurrently. A side that
// fails stops its siblings so nothing is left running, and the run stops naming the side that
// failed first-hand (not a sibling stopped because of it). An empty answer stops it too.
import type { CallResult } from "../../providers/contract";
import { errorKind, errorText } from "../../errors/record";
import { StageFailure } from "../../errors/errors";
import type { Answer } from "../../schema/weave";
import { answerPrompt, sideLabel } from "../prompts";
import { publishPartial, throwIfCancelled, type Side, type WeaveContext } from "./context";

export async function askModels(ctx: WeaveContext): Promise<Record<Side, Answer>> {
  const { live, sides: SIDES, many } = ctx;
  const { tracker } = live;
  tracker.enter(
    "asking",
    many ? `${SIDES.length} models answering the same question in parallel` : "Model A and Model B answering the same question in parallel",
  );
  await live.yieldToLoop();
  const prompt = answerPrompt(ctx.question, ctx.nonce);
  const sibling = new AbortController();
  const stopSibling = () => sibling.abort(live.signal.reason);
  live.signal.addEventListener("abort", stopSibling, { once: true });
  const answered: Side[] = [];
  const settled = await Promise.allSettled(
    SIDES.map(async (side) => {
      const r = await ctx.call(side, sideLabel(side), prompt, sibling.signal, false).catch((e) => {
        sibling.abort(e);
        throw e;
      });
      answered.push(side);
      if (answered.length < SIDES.length) {
        tracker.detail(
          many
            ? `${answered.length} of ${SIDES.length} answered; Model ${sideLabel(side)} took ${(r.latencyMs / 1000).toFixed(1)} s`
            : `Model ${sideLabel(side)} answered in ${(r.latencyMs / 1000).toFixed(1)} s; waiting for the other`,
        );
      }
      return r;
    }),
  );
  live.signal.removeEventListener("abort", stopSibling);
  throwIfCancelled(ctx);
  // Report the side that failed first-hand, not the sibling we stopped because of it.
  const firstHand = settled.findIndex((s) => s.status === "rejected" && errorKind(s.reason) !== "aborted");
  const failed = firstHand >= 0 ? firstHand : settled.findIndex((s) => s.status === "rejected");
  if (failed >= 0) {
    const reason = (settled[failed] as PromiseRejectedResult).reason;
    throw new StageFailure("asking", `Model ${sideLabel(SIDES[failed]!)} could not answer: ${errorText(reason)}`, reason);
  }
  const answers = {} as Record<Side, Answer>;
  SIDES.forEach((side, i) => {
    const r = (settled[i] as PromiseFulfilledResult<CallResult>).value;
    answers[side] = { text: r.content, usage: r.usage, reasoningTokens: r.reasoningTokens, finishReason: r.finishReason, latencyMs: r.latencyMs };
    if (r.content.trim() === "")
      throw new StageFailure(
        "asking",
        `Model ${sideLabel(side)} returned an empty answer (finish reason ${r.finishReason ?? "n/a"}): try a larger budget or another model.`,
      );
    if (r.finishReason === "length")
      ctx.warnings.push(
        `Model ${sideLabel(side)}'s answer was cut off at its ${ctx.budget(side)}-token budget (finish reason "length"): its claims cover only what it wrote.`,
      );
  });
  publishPartial(ctx, { answers });
  return answers;
}
