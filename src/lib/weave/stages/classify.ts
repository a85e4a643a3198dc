// Stage 3 of a weave, Classifying: one CLASSIFY (or judgeRuns of them) per pair of answers, MODEL A
// = the lower index, a bounded number at once. No claims on a side means nothing to relate.
import { isHopeless } from "../../errors/record";
import type { JudgeStep } from "../../schema/weave";
import { judgeRunLine } from "../../judge/stability";
import { classifiedParseMode, classifyPair, type Classified } from "../classify";
import { CLASSIFY_CONCURRENCY, limiter } from "../multi/limit";
import { modelPairs } from "../multi/matrix";
import { classifyPrompt, sideLabel } from "../prompts";
import { isFatal, publishPartial, throwIfCancelled, type Side, type WeaveContext } from "./context";
import type { Extracted } from "./extract";

export interface ClassifiedAll {
  pairList: Array<[Side, Side]>;
  /** One per pair of pairList, in order; the first is A-B. */
  classifiedList: Classified[];
  /** The judge steps as the result shows them (A-B's classify; every run when judgeRuns > 1). */
  judgeSteps: { extract: Record<Side, JudgeStep>; classify: JudgeStep; classifyRuns?: JudgeStep[] };
}

export async function classifyRelations(ctx: WeaveContext, answers: unknown, { claims, extractSteps }: Extracted): Promise<ClassifiedAll> {
  const { live, sides: SIDES, many, judgeRuns, keepRule, nonce } = ctx;
  const pairList = modelPairs(SIDES) as Array<[Side, Side]>;
  const judgeSlot = limiter(CLASSIFY_CONCURRENCY);
  live.tracker.enter(
    "classifying",
    many ? `The judge is relating the claims of ${pairList.length} pairs of answers` : "The judge is relating A's claims to B's",
  );
  await live.yieldToLoop();
  const classifiedList: Classified[] = await Promise.all(
    pairList.map(async ([x, y]): Promise<Classified> => {
      const pairName = `${sideLabel(x)}-${sideLabel(y)}`;
      if (claims[x]!.length === 0 || claims[y]!.length === 0) {
        const empty = [x, y]
          .filter((s) => claims[s]!.length === 0)
          .map((s) => `Model ${sideLabel(s)}`)
          .join(" and ");
        const step: JudgeStep = { parseMode: "json", raw: [], failure: null, rung: null };
        return {
          pairs: [],
          step,
          steps: [step],
          stability: null,
          warnings: [`No relations classified${many ? ` for ${pairName}` : ""}: ${empty} gave no claims.`],
          runPairs: Array.from({ length: judgeRuns }, () => []),
        };
      }
      return classifyPair({
        claimsX: claims[x]!,
        claimsY: claims[y]!,
        what: many ? `the relations between ${sideLabel(x)}'s and ${sideLabel(y)}'s claims` : "the relations between the claims",
        runs: judgeRuns,
        rule: keepRule,
        ask: async ({ k, order, attempt }) => {
          const role = `judge-classify${many ? `-${pairName}` : ""}${judgeRuns > 1 ? `-run${k}` : ""}`;
          const [first, second] = order === "straight" ? [claims[x]!, claims[y]!] : [claims[y]!, claims[x]!];
          const text = classifyPrompt(first, second, nonce, attempt, judgeRunLine(k, judgeRuns, order));
          return (await judgeSlot(() => ctx.call("judge", role, text, live.signal, true))).content;
        },
        isFatal: isFatal(ctx),
        isHopeless,
      });
    }),
  );
  throwIfCancelled(ctx);
  for (const c of classifiedList) ctx.warnings.push(...c.warnings);
  const ab = classifiedList[0]!;
  const judgeSteps = { extract: extractSteps, classify: classifyJudge(ab), ...(judgeRuns > 1 ? { classifyRuns: ab.steps } : {}) };
  publishPartial(ctx, { answers, claims, pairs: ab.pairs, judge: judgeSteps });
  return { pairList, classifiedList, judgeSteps };
}

/** A pair's CLASSIFY as the result shows it: its first step, with the parse mode of all its runs. */
export const classifyJudge = (c: Classified): JudgeStep => ({ ...c.step, parseMode: classifiedParseMode(c) });
