// One judge job (extract one answer, or classify the pairs) as three rungs: use what parsed; retry
// once with a fresh sample; else the caller's labelled fallback. A call that throws degrades the
// same way and the failure is recorded. Only a cancellation stops the run. No I/O of its own: the
// caller supplies `ask`.
import type { JudgeStep } from "../schema/weave";
import { errorText } from "../errors/record";
import { parseLoose } from "./parse";

export interface JudgeStepOptions<T> {
  /** What the step reads, for messages: "Model A's answer", "the claim pairs". */
  what: string;
  /** One judge call; attempt 2 must send a different prompt (the client rejects reuse). */
  ask: (attempt: 1 | 2) => Promise<string>;
  /** Coercion of the parsed value, with what it could not read of it (`lost`, one sentence each); a reason when not usable. */
  read: (value: unknown) => { ok: true; value: T; lost?: string[] } | { ok: false; reason: string };
  /** The labelled fallback, used when neither attempt gave a usable value. */
  fallback: () => T;
  /** What the fallback is, for the warning: "claims split from the answer's sentences". */
  fallbackLabel: string;
  /** Errors that end the run instead of degrading it (a cancellation). */
  isFatal: (e: unknown) => boolean;
  /** Errors a second attempt cannot fix (bad key, unknown model, nothing listening). */
  isHopeless: (e: unknown) => boolean;
}

export interface JudgeStepOutcome<T> {
  value: T;
  step: JudgeStep;
  /** Shown by the widget when the step did not simply parse. */
  warning: string | null;
}

/** What the "truncated" rung gives up: it keeps every value that finished and closes the brackets. */
export const TRUNCATED_LOSS = "the output did not close (cut off, or broken mid-value), so only the values that finished before the break were read";

export async function runJudgeStep<T>(o: JudgeStepOptions<T>): Promise<JudgeStepOutcome<T>> {
  const raw: string[] = [];
  const problems: string[] = [];
  for (const attempt of [1, 2] as const) {
    let text: string;
    try {
      text = await o.ask(attempt);
    } catch (e) {
      if (o.isFatal(e)) throw e;
      problems.push(`attempt ${attempt}: the judge call failed: ${errorText(e)}`);
      if (o.isHopeless(e)) break;
      continue;
    }
    raw.push(text);
    const parsed = parseLoose(text);
    if (!parsed.ok) {
      problems.push(`attempt ${attempt}: ${parsed.error}`);
      continue;
    }
    const read = o.read(parsed.value);
    if (!read.ok) {
      problems.push(`attempt ${attempt}: parsed (${parsed.rung}) but ${read.reason}`);
      continue;
    }
    const parseMode = attempt === 1 ? "json" : "json-retry";
    const lost = [...(parsed.rung.startsWith("truncated") ? [TRUNCATED_LOSS] : []), ...(read.lost ?? [])];
    const warnings = [
      ...(attempt === 1 ? [] : [`The judge's first output for ${o.what} was unusable (${problems.join("; ")}); a second sample parsed.`]),
      ...(lost.length ? [`Reading the judge's output for ${o.what} lost something: ${lost.join("; ")}.`] : []),
    ];
    const step = { parseMode, raw, failure: problems.length ? problems.join("; ") : null, rung: parsed.rung, ...(lost.length ? { lost } : {}) } as const;
    return { value: read.value, step, warning: warnings.length ? warnings.join(" ") : null };
  }
  const failure = problems.join("; ");
  return {
    value: o.fallback(),
    step: { parseMode: "fallback-lexical", raw, failure, rung: null },
    warning: `Judge fallback for ${o.what}: ${o.fallbackLabel} (${failure}).`,
  };
}
