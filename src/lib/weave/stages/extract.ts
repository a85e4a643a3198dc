// Stage 2 of a weave, Extracting: one judge job per answer, concurrently, splitting it into atomic
// claims. A judge that cannot be read degrades to the answer's own sentences, labelled.
import { isHopeless } from "../../errors/record";
import type { Answer, JudgeStep } from "../../schema/weave";
import { coerceClaims } from "../../judge/coerce";
import { sentenceClaims } from "../../judge/lexical";
import { runJudgeStep } from "../../judge/step";
import { extractPrompt, sideLabel } from "../prompts";
import { isFatal, publishPartial, throwIfCancelled, type Side, type WeaveContext } from "./context";

export interface Extracted {
  claims: Record<Side, string[]>;
  extractSteps: Record<Side, JudgeStep>;
}

export async function extractClaims(ctx: WeaveContext, answers: Record<Side, Answer>): Promise<Extracted> {
  const { live, sides: SIDES, maxClaims, nonce } = ctx;
  live.tracker.enter("extracting", "The judge is splitting each answer into atomic claims");
  await live.yieldToLoop();
  const extracted = await Promise.all(
    SIDES.map((side) =>
      runJudgeStep<string[]>({
        what: `Model ${sideLabel(side)}'s claims`,
        ask: async (attempt) =>
          (await ctx.call("judge", `judge-extract-${sideLabel(side)}`, extractPrompt(side, answers[side]!.text, nonce, maxClaims, attempt), live.signal, true))
            .content,
        read: (v) => {
          const c = coerceClaims(v, maxClaims);
          if (!c) return { ok: false, reason: "it is not a list of claims" };
          if (c.claims.length === 0) return { ok: false, reason: "the list holds no claims" };
          return { ok: true, value: c.claims };
        },
        fallback: () => sentenceClaims(answers[side]!.text, maxClaims),
        fallbackLabel: "claims were split from the answer's sentences, not extracted by the judge",
        isFatal: isFatal(ctx),
        isHopeless,
      }),
    ),
  );
  throwIfCancelled(ctx);
  const claims = {} as Record<Side, string[]>;
  const extractSteps = {} as Record<Side, JudgeStep>;
  SIDES.forEach((side, i) => {
    const out = extracted[i]!;
    claims[side] = out.value;
    extractSteps[side] = out.step;
    if (out.warning) ctx.warnings.push(out.warning);
  });
  publishPartial(ctx, { answers, claims, judge: { extract: extractSteps } });
  return { claims, extractSteps };
}
