// Which sentences of an answer no traced claim rests on: what the graph does not represent.
// Sentences are split as the lexical fallback splits them (lines, and . ! ? before a capital);
// only those with at least two content words count, so a heading or a "---" is not a sentence
// the judge "left out". Pure: no I/O.
import type { AnswerCoverage, ClaimEvidence, TextSpan } from "../../schema/weave";
import { contentTokens } from "../../judge/lexical";

const BOUNDARY = /\n+|(?<=[.!?])\s+(?=[A-Z0-9"\u201c(*])/g;

/** The answer's sentences as ranges of its text, trimmed, two content words or more. */
export function sentenceSpans(text: string): TextSpan[] {
  const out: TextSpan[] = [];
  let from = 0;
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end > start && contentTokens(text.slice(start, end)).size >= 2) out.push({ start, end });
  };
  for (const m of text.matchAll(BOUNDARY)) {
    push(from, m.index);
    from = m.index + m[0].length;
  }
  push(from, text.length);
  return out;
}

/**
 * Coverage of one answer by its claims' traced spans; null when no claim of that side was traced
 * or even checkable (an unmeasured coverage is "n/a", never "nothing covered").
 */
export function answerCoverage(text: string, evidence: readonly ClaimEvidence[]): AnswerCoverage | null {
  const spans = evidence.filter((e) => e.status === "traced").flatMap((e) => e.spans);
  if (spans.length === 0 && !evidence.some((e) => e.status !== "untraced")) return null;
  const sentences = sentenceSpans(text);
  const uncovered: number[] = [];
  sentences.forEach((s, i) => {
    if (!spans.some((t) => t.start < s.end && t.end > s.start)) uncovered.push(i);
  });
  return { sentences, uncovered };
}
