// Finding a quote's pieces in an answer, in order, at word boundaries, and counting every place it
// could be: a quote found in one place is a trace, in several it is ambiguous and none is picked.
// Pure: no I/O.
import { fold, toOriginal, type Folded } from "./normalise";

export interface Place {
  /** One original-text range per piece of the quote. */
  spans: Array<{ start: number; end: number }>;
}

const WORD = /[\p{L}\p{N}]/u;

/** A match of `piece` at `i` that neither starts nor ends inside a word of the answer. */
function atBoundary(hay: string, i: number, piece: string): boolean {
  const before = hay[i - 1];
  const after = hay[i + piece.length];
  if (before !== undefined && WORD.test(before) && WORD.test(piece[0]!)) return false;
  if (after !== undefined && WORD.test(after) && WORD.test(piece[piece.length - 1]!)) return false;
  return true;
}

/** Index of the first boundary match of `piece` at or after `from`, or -1. */
function findFrom(hay: string, piece: string, from: number): number {
  for (let i = hay.indexOf(piece, from); i >= 0; i = hay.indexOf(piece, i + 1)) if (atBoundary(hay, i, piece)) return i;
  return -1;
}

/**
 * Every place the pieces occur in order: one per boundary match of the first piece, each later
 * piece taken at its first match after the previous one. At most `limit` places are returned
 * (enough to tell one from several).
 */
export function locatePieces(answer: Folded | string, pieces: readonly string[], limit = 16): Place[] {
  const f = typeof answer === "string" ? fold(answer) : answer;
  const hay = f.text;
  if (pieces.length === 0) return [];
  const places: Place[] = [];
  for (let i = findFrom(hay, pieces[0]!, 0); i >= 0 && places.length < limit; i = findFrom(hay, pieces[0]!, i + 1)) {
    const spans = [toOriginal(f, i, i + pieces[0]!.length)];
    let cursor = i + pieces[0]!.length;
    let whole = true;
    for (const piece of pieces.slice(1)) {
      const j = findFrom(hay, piece, cursor);
      if (j < 0) {
        whole = false;
        break;
      }
      spans.push(toOriginal(f, j, j + piece.length));
      cursor = j + piece.length;
    }
    // No later start can complete what this one could not: later pieces only get fewer chances.
    if (!whole) break;
    places.push({ spans });
  }
  return places;
}
