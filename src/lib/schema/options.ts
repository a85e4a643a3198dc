// The options of weave(), graphite() and the batches, checked by zod at the public edge. Each bad
// field gives the one sentence the user reads (what was wrong, what to pass); the first bad field
// in the order below is the one reported, as before. Slots (slot/slot.ts) and the CSV
// (graphite/csv.ts) have parsers of their own. Pure.
import { z } from "zod";

/** The sentence of the first issue: the schemas below phrase every issue as a whole sentence. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "The options are not valid.";
}

/** A question: a non-empty string after trimming, at most `max` characters. */
export function questionField(max: number, emptySentence: string) {
  return z
    .string({ errorMap: () => ({ message: emptySentence }) })
    .trim()
    .superRefine((q, ctx) => {
      if (q === "") ctx.addIssue({ code: z.ZodIssueCode.custom, message: emptySentence });
      else if (q.length > max)
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `The question is ${q.length} characters long; the limit is ${max}: shorten it.` });
    });
}

/**
 * A whole number from 1 to `max`, `fallback` when absent. `nullIsAbsent`: null means "use the
 * default" (weave's options have always read it so; graphite's judgeRuns reports it).
 */
export function wholeNumberField(name: string, max: number, fallback: number, nullIsAbsent: boolean) {
  const sentence = (got: unknown) => `${name} must be a whole number from 1 to ${max} (got ${String(got)}).`;
  const n = z
    .number({ errorMap: (_issue, ctx) => ({ message: sentence(ctx.data) }) })
    .int()
    .min(1)
    .max(max);
  return nullIsAbsent ? n.nullish().transform((v) => v ?? fallback) : n.optional().transform((v) => v ?? fallback);
}

/** One of a fixed list of words, `fallback` when absent. */
export function choiceField<T extends string>(name: string, choices: readonly [T, ...T[]], fallback: T) {
  const sentence = (got: unknown) => `${name} must be one of ${choices.map((c) => `"${c}"`).join(", ")} (got ${JSON.stringify(got)}).`;
  return z
    .enum(choices, { errorMap: (_issue, ctx) => ({ message: sentence(ctx.data) }) })
    .nullish()
    .transform((v) => v ?? fallback);
}

/** weave()'s own fields (the slots are parsed by parseSlot after these). */
export function weaveFields(o: { maxQuestionChars: number; maxClaims: number; maxJudgeRuns: number; keepRules: readonly [string, ...string[]] }) {
  return z.object({
    question: questionField(o.maxQuestionChars, 'The question is empty: pass question: "..." with the question both models should answer.'),
    maxClaims: wholeNumberField("maxClaims", o.maxClaims, 12, true),
    judgeRuns: wholeNumberField("judgeRuns", o.maxJudgeRuns, 1, true),
    keepRule: choiceField("keepRule", o.keepRules, o.keepRules[0]),
  });
}

/** The N-model form of weave(): a list of 2 to `max` slots (each then parsed by parseSlot). */
export function modelsField(max: number) {
  const sentence = (got: unknown) => `models must be a list of 2 to ${max} slots (got ${Array.isArray(got) ? got.length : typeof got}).`;
  return z
    .array(z.unknown(), { errorMap: (_issue, ctx) => ({ message: sentence(ctx.data) }) })
    .min(2)
    .max(max);
}

/** graphite()'s own fields (the CSV is read before these, the slots after). */
export function graphiteFields(o: { maxQuestionChars: number; maxJudgeRuns: number }) {
  return z.object({
    question: questionField(o.maxQuestionChars, 'The question is empty: pass question: "..." saying what the chart should help decide.'),
    judgeRuns: wholeNumberField("judgeRuns", o.maxJudgeRuns, 1, false),
  });
}

/** A batch's concurrency: items running at once. */
export function concurrencyField(max: number, fallback: number) {
  return wholeNumberField("concurrency", max, fallback, true);
}
