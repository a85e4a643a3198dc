// The judge is asked for JSON and often returns something close to it: fenced, wrapped in prose,
// with smart quotes, Python literals, trailing commas, single quotes, comments, missing commas,
// raw newlines or cut off at max_tokens. A strict JSON.parse would label a good answer a fallback,
// so parsing is a ladder of ever more forgiving readings (judge/parse/rungs.ts); the rung that
// worked is reported so a repaired answer is never silent. A wrong value is worse than none: no
// rung changes what is inside a string or returns a nested value as the whole answer.
// Pure: no I/O.
import { Reading, RUNGS } from "./parse/rungs";
import { answerAfterReasoning } from "./parse/reasoning";
import { topLevelSlices } from "./parse/scanner";

export { fencedBlocks, sliceBalanced } from "./parse/scanner";
export { normalisePunctuation } from "./parse/punctuation";
export { repair, repairStructure, singleToDoubleQuotes } from "./parse/repair";
export { answerAfterReasoning } from "./parse/reasoning";

export type LooseParse = { ok: true; value: unknown; rung: string } | { ok: false; error: string };

function tryRungs(text: string, from: number): LooseParse | null {
  const reading = new Reading(text);
  for (const rung of RUNGS.slice(from)) {
    for (const candidate of rung.read(reading)) {
      if (!candidate) continue;
      try {
        return { ok: true, value: JSON.parse(candidate), rung: rung.name };
      } catch {
        // the next candidate or rung may read it
      }
    }
  }
  return null;
}

export function parseLoose(text: string): LooseParse {
  if (typeof text !== "string") return { ok: false, error: "the judge output was not text" };
  if (text.trim() === "") return { ok: false, error: "the judge returned nothing (empty content)" };
  // Valid JSON is the common case: read it before anything else looks at the text.
  try {
    return { ok: true, value: JSON.parse(text), rung: "as-is" };
  } catch {
    // fall through to the ladder
  }
  const answer = answerAfterReasoning(text);
  if (answer === null) return { ok: false, error: "the judge output is only reasoning (a <think> block that never closes); there is no answer to read" };
  if (answer.trim() === "") return { ok: false, error: "the judge wrote only reasoning and no answer after it" };
  // The as-is rung already failed on this very text when nothing was skipped and nothing trims.
  const read = tryRungs(answer, answer === text && text === text.trim() ? 1 : 0);
  // The client strips reasoning first; if some reached the ladder, the rung says it was skipped.
  if (read?.ok && answer !== text) return { ...read, rung: `${read.rung} (after reasoning)` };
  if (read) return read;
  const preview = answer.trim().replace(/\s+/g, " ").slice(0, 80);
  return { ok: false, error: `no JSON could be read from the judge output (starts: "${preview}")` };
}

/** Balanced top-level slices from each opening bracket in turn: prose like "[note]" may come first. */
export function balancedSlices(text: string): string[] {
  return topLevelSlices(text);
}
