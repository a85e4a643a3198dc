// The check behind every claim's trace: is the judge's evidence (a quote, offsets, or both) really
// in the answer the claim is listed under? Found in one place: traced. In several: ambiguous, none
// picked. Not there: not-found, and where it was found instead (another answer) or why it cannot
// be (longer than the answer, offsets out of range). No evidence: untraced. Nothing is inferred
// where the program did not find it. Pure: no I/O.
import type { ClaimEvidence } from "../../schema/weave";
import { locatePieces, type Place } from "./locate";
import { fold, quotePieces, type Folded } from "./normalise";

import { NO_EVIDENCE, type RawEvidence } from "../../judge/coerce";

export { NO_EVIDENCE, type RawEvidence };

/** The answers of one weave, folded once and shared by every claim's check. */
export type FoldedAnswers = Record<string, { text: string; folded: Folded }>;

export function foldAnswers(texts: Record<string, string>): FoldedAnswers {
  const out: FoldedAnswers = {};
  for (const [side, text] of Object.entries(texts)) out[side] = { text, folded: fold(text) };
  return out;
}

const hasOffsets = (e: RawEvidence) => e.start !== null && e.end !== null;

/** Offsets that name real text: integers, start before end, inside the answer. */
function offsetsInRange(e: RawEvidence, length: number): boolean {
  const { start, end } = e;
  return start !== null && end !== null && Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end && end <= length;
}

/** The one place whose spans overlap the judge's offsets, if exactly one does. */
function placeAtOffsets(places: Place[], e: RawEvidence): Place | null {
  const hits = places.filter((p) => p.spans[0]!.start < e.end! && p.spans[p.spans.length - 1]!.end > e.start!);
  return hits.length === 1 ? hits[0]! : null;
}

/** One claim's evidence checked against its own answer (`side`) and, when not there, the others. */
export function verifyEvidence(raw: RawEvidence, side: string, answers: FoldedAnswers): ClaimEvidence {
  const own = answers[side];
  if (!own) throw new Error(`no answer for side ${side}`);
  const quote = raw.quote !== null && raw.quote.trim() !== "" ? raw.quote : null;
  const pieces = quote === null ? [] : quotePieces(quote);
  const base = { quote, spans: [] as ClaimEvidence["spans"] };
  if (pieces.length > 0) {
    const places = locatePieces(own.folded, pieces);
    if (places.length === 1) return { ...base, status: "traced", why: "quote", spans: places[0]!.spans, places: 1 };
    if (places.length > 1) {
      // Offsets may pick one of the places; they never pick where the quote is not.
      const chosen = hasOffsets(raw) ? placeAtOffsets(places, raw) : null;
      if (chosen) return { ...base, status: "traced", why: "quote-offsets", spans: chosen.spans, places: places.length };
      return { ...base, status: "ambiguous", why: "several-places", places: places.length };
    }
    for (const [other, a] of Object.entries(answers)) {
      if (other === side) continue;
      if (locatePieces(a.folded, pieces, 1).length > 0) return { ...base, status: "not-found", why: "other-answer", foundIn: other, places: 0 };
    }
    const quoteLength = pieces.reduce((n, p) => n + p.length, 0) + pieces.length - 1;
    return { ...base, status: "not-found", why: quoteLength > own.folded.text.length ? "too-long" : "absent", places: 0 };
  }
  if (hasOffsets(raw)) {
    if (!offsetsInRange(raw, own.text.length)) return { ...base, status: "not-found", why: "out-of-range" };
    const span = { start: raw.start!, end: raw.end! };
    // A span of only whitespace or punctuation is no evidence of anything.
    if (!/[\p{L}\p{N}]/u.test(own.text.slice(span.start, span.end))) return { ...base, status: "not-found", why: "absent" };
    return { ...base, status: "traced", why: "offsets", spans: [span], places: 1 };
  }
  return { ...base, status: "untraced", why: "no-evidence" };
}

/**
 * Claims split from the answer's own sentences (the labelled lexical fallback) carry no judge
 * evidence; their text is checked as its own quote, so they trace only where the words are there.
 */
export function verifyClaimText(claim: string, side: string, answers: FoldedAnswers): ClaimEvidence {
  const checked = verifyEvidence({ quote: claim, start: null, end: null }, side, answers);
  return checked.status === "traced" ? { ...checked, why: "claim-text", quote: null } : { ...checked, quote: null };
}
