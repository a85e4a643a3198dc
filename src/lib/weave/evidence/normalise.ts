// The folding under which a judge's quote counts as the answer's own words: case, runs of
// whitespace, curly and straight quote marks, the dash family, and markdown emphasis and code
// marks (`*`, backticks) that a judge drops when it quotes. Each folded character remembers where
// it came from, so a match maps back to the answer's own offsets. Pure: no I/O.

export interface Folded {
  /** The folded text. */
  text: string;
  /** at[i]: index in the original of folded character i; at[text.length] is the end of the last one. */
  at: Int32Array;
}

const SINGLE_QUOTES = new Set(["\u2018", "\u2019", "\u201a", "\u201b", "\u2032", "\u00b4"]);
const DOUBLE_QUOTES = new Set(["\u201c", "\u201d", "\u201e", "\u201f", "\u2033", "\u00ab", "\u00bb"]);
const DASHES = new Set(["\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212", "\ufe58", "\ufe63", "\uff0d"]);
const DROPPED = new Set(["*", "`"]);

const WHITESPACE = /\s/;

/** One character as it folds: "" when dropped, " " for any whitespace. */
function foldChar(c: string): string {
  if (WHITESPACE.test(c)) return " ";
  if (DROPPED.has(c)) return "";
  if (SINGLE_QUOTES.has(c)) return "'";
  if (DOUBLE_QUOTES.has(c)) return '"';
  if (DASHES.has(c)) return "-";
  return c.toLowerCase();
}

const UTF16 = new TextDecoder("utf-16le");

/** `text` folded, whitespace runs to one space and trimmed, with every character's origin. */
export function fold(text: string): Folded {
  // Typed buffers, not arrays of one-character strings: a 4,000-word answer folds in well under a millisecond.
  let codes = new Uint16Array(text.length + 16);
  let at = new Int32Array(text.length + 17);
  let n = 0;
  const put = (code: number, i: number) => {
    if (n === codes.length) {
      const c2 = new Uint16Array(codes.length * 2);
      c2.set(codes);
      codes = c2;
      const a2 = new Int32Array(at.length * 2);
      a2.set(at);
      at = a2;
    }
    codes[n] = code;
    at[n++] = i;
  };
  let space = true; // a leading space is dropped
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Fast path for the bulk of any answer: printable ASCII other than the dropped marks.
    if (code > 32 && code < 127 && code !== 42 && code !== 96) {
      put(code >= 65 && code <= 90 ? code + 32 : code, i);
      space = false;
      continue;
    }
    const f = foldChar(text[i]!);
    if (f === "") continue;
    if (f === " ") {
      if (space) continue;
      space = true;
      put(32, i);
      continue;
    }
    space = false;
    for (let k = 0; k < f.length; k++) put(f.charCodeAt(k), i);
  }
  if (n > 0 && codes[n - 1] === 32) n--;
  const folded = UTF16.decode(codes.subarray(0, n));
  const origin = at.slice(0, n + 1);
  origin[n] = n ? Math.min(text.length, origin[n - 1]! + 1) : text.length;
  return { text: folded, at: origin };
}

/** Original [start, end) of folded [from, to). */
export function toOriginal(f: Folded, from: number, to: number): { start: number; end: number } {
  const start = f.at[from]!;
  const end = to >= f.text.length ? f.at[f.text.length]! : f.at[to - 1]! + 1;
  return { start, end };
}

/** The gap marks a quote may hold: "...", "…", and either in brackets or parentheses. */
const GAP = /\s*(?:[[(]\s*(?:\.{3}|\u2026)\s*[\])]|\.{3,}|\u2026)\s*/;

/** The pieces of a quote between its gap marks, folded; wrapping quote marks removed; empty pieces dropped. */
export function quotePieces(quote: string): string[] {
  let q = quote.trim();
  // A judge often wraps its quote in quote marks of its own.
  for (let k = 0; k < 2 && q.length >= 2 && /^["'\u2018\u201c\u00ab]/.test(q) && /["'\u2019\u201d\u00bb]$/.test(q); k++) q = q.slice(1, -1).trim();
  return q
    .split(GAP)
    .map((p) => fold(p).text)
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
}
