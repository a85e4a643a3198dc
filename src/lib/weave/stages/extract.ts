// Stage 2 of a weave, Extracting: one judge job per answer, concurrently, splitting it into atomic
// claims, each with the quote it rests on. A judge that cannot be read degrades to the answer's own
// sentences, labelled. Then every claim's evidence is checked against the answers and each answer's
// coverage measured (weave/evidence/), so the partial result already says what traces.
import { isHopeless } from "../../errors/record";
import type { Answer, AnswerCoverage, ClaimEvidence, JudgeStep } from "../../schema/weave";
import { coerceClaims, type RawEvidence } from "../../judge/coerce";
import { checkWeaveEvidence, tallyEvidence } from "../evidence";
import { sentenceClaims } from "../../judge/lexical";
import { runJudgeStep } from "../../judge/step";
import { extractPrompt, sideLabel } from "../prompts";
import { isFatal, publishPartial, throwIfCancelled, type Side, type WeaveContext } from "./context";

export interface Extracted {
  claims: Record<Side, string[]>;
  extractSteps: Record<Side, JudgeStep>;
  evidence: Record<Side, ClaimEvidence[]>;
  coverage: Record<Side, AnswerCoverage | null>;
}

interface ExtractedSide {
  claims: string[];
  /** null when the claims are the sentence fallback (their own text is then checked). */
  raw: RawEvidence[] | null;
}

export async function extractClaims(ctx: WeaveContext, answers: Record<Side, Answer>): Promise<Extracted> {
  const { live, sides: SIDES, maxClaims, nonce } = ctx;
  live.tracker.enter("extracting", "The judge is splitting each answer into atomic claims");
  await live.yieldToLoop();
  const extracted = await Promise.all(
    SIDES.map((side) =>
      runJudgeStep<ExtractedSide>({
        what: `Model ${sideLabel(side)}'s claims`,
        ask: async (attempt) =>
          (await ctx.call("judge", `judge-extract-${sideLabel(side)}`, extractPrompt(side, answers[side]!.text, nonce, maxClaims, attempt), live.signal, true))
            .content,
        read: (v) => {
          const c = coerceClaims(v, maxClaims);
          if (!c) return { ok: false, reason: "it is not a list of claims" };
          if (c.claims.length === 0) return { ok: false, reason: "the list holds no claims" };
          return { ok: true, value: { claims: c.claims, raw: c.evidence } };
        },
        fallback: () => ({ claims: sentenceClaims(answers[side]!.text, maxClaims), raw: null }),
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
    claims[side] = out.value.claims;
    extractSteps[side] = out.step;
    if (out.warning) ctx.warnings.push(out.warning);
  });
  const { evidence, coverage } = checkWeaveEvidence(
    Object.fromEntries(SIDES.map((s) => [s, answers[s]!.text])),
    Object.fromEntries(SIDES.map((s, i) => [s, extracted[i]!.value])),
  );
  ctx.warnings.push(...evidenceWarnings(SIDES, evidence));
  publishPartial(ctx, { answers, claims, judge: { extract: extractSteps }, evidence, coverage });
  return { claims, extractSteps, evidence, coverage };
}

/** One sentence for every side whose judge quoted nothing (said once), and one per side with claims not found. */
export function evidenceWarnings(sides: readonly Side[], evidence: Record<Side, ClaimEvidence[]>): string[] {
  const out: string[] = [];
  const unquoted = sides.filter((s) => evidence[s]!.length > 0 && evidence[s]!.every((e) => e.status === "untraced"));
  if (unquoted.length > 0) {
    const names = unquoted.map((s) => sideLabel(s)).join(", ");
    out.push(`The judge gave no quotes for ${names}'s claims: they are untraced (not checked against the answer), and coverage is n/a.`);
  }
  for (const s of sides) {
    const t = tallyEvidence(evidence[s]!);
    if (t.notFound > 0)
      out.push(
        `${t.notFound} of ${sideLabel(s)}'s ${t.claims} claims rest on words not found in ${sideLabel(s)}'s answer${t.otherAnswer ? ` (${t.otherAnswer} quote another answer)` : ""}: they describe the judge, not the answer.`,
      );
  }
  return out;
}
