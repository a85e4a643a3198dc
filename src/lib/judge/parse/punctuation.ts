// Smart quotes and full-width punctuation to ASCII, but only where they are JSON's structure:
// what the judge wrote inside a string ("部署简单，成本低", "it’s") is copied untouched, because
// the ladder must never hand back a value that differs from the judge's. Pure: no I/O.
import { endOfString } from "./scanner";

const SMART_DOUBLE = new Set(["\u201c", "\u201d", "\u201e", "\u201f", "\u2033", "\uff02"]);
const SMART_SINGLE = new Set(["\u2018", "\u2019", "\u201a", "\u201b", "\u2032", "\uff07"]);
const OUTSIDE: Record<string, string> = {
  "\uff0c": ",",
  "\uff1a": ":",
  "\uff3b": "[",
  "\uff3d": "]",
  "\uff5b": "{",
  "\uff5d": "}",
  "\u3001": ",",
  "\u00a0": " ",
  "\u200b": "",
};
/**
 * What may follow a closing quote: structure (ASCII or full-width), the end, or the opening quote
 * of the next string when the judge left the comma out (else two claims would merge into one).
 */
const AFTER_CLOSE = /^[\s\u00a0]*([,:\]}\uff0c\uff1a\uff3d\uff5d\u3001]|$|["'\u201c\u2018\uff02\uff07])/;

export function closesHere(text: string, afterQuote: number): boolean {
  return AFTER_CLOSE.test(text.slice(afterQuote, afterQuote + 40));
}

/** A quote can open a single-quoted string only where a value or key may start. */
export function opensValue(lastSignificant: string): boolean {
  return lastSignificant === "" || lastSignificant === "[" || lastSignificant === "{" || lastSignificant === "," || lastSignificant === ":";
}

/**
 * Reads a string opened at `start` by a smart or single quote up to a quote that is followed by
 * structure; `isQuote` says which characters may close it. Returns the body verbatim and the
 * index after the closing quote (the text's end when none closes it).
 */
function quotedBody(
  text: string,
  start: number,
  isQuote: (c: string, at: number) => boolean,
  escapeDouble: boolean,
): { body: string; end: number; closed: boolean } {
  let body = "";
  for (let j = start + 1; j < text.length; j++) {
    const d = text[j]!;
    if (d === "\\") {
      body += d + (text[j + 1] ?? "");
      j++;
    } else if (isQuote(d, j) && closesHere(text, j + 1)) return { body, end: j + 1, closed: true };
    // An ASCII quote inside a smart-quoted string is content: escape it so JSON keeps it.
    else if (d === '"' && escapeDouble) body += '\\"';
    else body += d;
  }
  return { body, end: text.length, closed: false };
}

/** Smart quotes and full-width punctuation to their ASCII forms, outside strings only. */
export function normalisePunctuation(text: string): string {
  let out = "";
  let last = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      last = '"';
      i = end;
      continue;
    }
    if (SMART_DOUBLE.has(c)) {
      // An ASCII quote closes it only before a colon (a key written “key": ...); elsewhere it is content.
      const s = quotedBody(text, i, (d, at) => SMART_DOUBLE.has(d) || (d === '"' && /^\s*[:\uff1a]/.test(text.slice(at + 1, at + 20))), true);
      // One that never closes before structure is prose ("he said “use a monolith” and..."): left as is.
      if (s.closed) {
        out += `"${s.body}"`;
        last = '"';
        i = s.end;
        continue;
      }
    }
    if ((c === "'" || SMART_SINGLE.has(c)) && opensValue(last)) {
      const s = quotedBody(text, i, (d) => d === "'" || SMART_SINGLE.has(d), false);
      if (s.closed) {
        out += `'${s.body}'`;
        last = "'";
        i = s.end;
        continue;
      }
    }
    const mapped = SMART_SINGLE.has(c) ? "'" : SMART_DOUBLE.has(c) ? c : (OUTSIDE[c] ?? c);
    out += mapped;
    if (mapped.trim() !== "") last = mapped[mapped.length - 1]!;
    i++;
  }
  return out;
}
