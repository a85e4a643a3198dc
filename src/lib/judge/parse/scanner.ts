// String-aware walking of JSON-like text: where a double-quoted string ends, which brackets close
// which, the top-level balanced values in a text and the contents of ``` fences. Every slicing
// rung of the ladder goes through here, so none can mistake a nested value for the whole answer.
// Pure: no I/O.

/** At most this many top-level values are tried in one text: prose may hold stray brackets. */
export const MAX_SLICE_STARTS = 24;

/** Index just past the double-quoted string that opens at `start` (or the end of the text). */
export function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/**
 * The one bracket walker: from `start`, call `visit` for every bracket and comma outside
 * double-quoted strings, with the stack of expected closers after it (and, on a close, the closer
 * that was expected). `visit` returns true to stop.
 */
export function scanBrackets(
  text: string,
  start: number,
  visit: (c: string, i: number, stack: readonly string[], closed: string | undefined) => boolean,
): void {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    let closed: string | undefined;
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") stack.push(c === "[" ? "]" : "}");
    else if (c === "]" || c === "}") closed = stack.pop();
    else if (c !== ",") continue;
    if (c !== '"' && visit(c, i, stack, closed)) return;
  }
}

/**
 * Walks from an opening [ or { to its matching close, ignoring brackets inside double-quoted
 * strings. Returns null when the value never closes or a close does not match its opener.
 */
export function sliceBalanced(text: string, start: number): string | null {
  let out: string | null = null;
  scanBrackets(text, start, (c, i, stack, closed) => {
    if (c === "]" || c === "}") {
      if (closed !== c) return true; // a mismatched close: not one value
      if (stack.length === 0) {
        out = text.slice(start, i + 1);
        return true;
      }
    }
    return false;
  });
  return out;
}

/**
 * Top-level balanced slices only, in order: a bracket inside an earlier slice is part of it, and
 * one after a value that never closes (or closes wrongly) is nested in it, so the walk stops
 * there. Taking an inner object would silently return one pair of many as the whole answer.
 */
export function topLevelSlices(text: string): string[] {
  const out: string[] = [];
  let starts = 0;
  for (let i = 0; i < text.length && starts < MAX_SLICE_STARTS; i++) {
    const c = text[i];
    if (c !== "[" && c !== "{") continue;
    starts++;
    const s = sliceBalanced(text, i);
    if (!s) break;
    out.push(s);
    i += s.length - 1;
  }
  return out;
}

/**
 * The top-level slices worth trying as the answer: bracketed prose ("[Note]", "[1]") may come
 * first, but once a slice holds a string or a key it is the judge's JSON. If that one does not
 * parse, a later value ("... and also {...}") is not the answer either: the repairing rungs get
 * the broken one instead.
 */
export function answerSlices(text: string): string[] {
  const all = topLevelSlices(text);
  const first = all.findIndex((s) => /["':]/.test(s));
  return first < 0 ? all : all.slice(0, first + 1);
}

/** Contents of ``` fenced blocks (any language tag), innermost text only. */
export function fencedBlocks(text: string): string[] {
  const out: string[] = [];
  const re = /```[a-zA-Z0-9_-]*[ \t]*\r?\n?([\s\S]*?)```/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1]!.trim());
  // An opening fence that never closed (output cut off): take the rest.
  if (out.length === 0) {
    const open = /```[a-zA-Z0-9_-]*[ \t]*\r?\n([\s\S]*)$/.exec(text);
    if (open) out.push(open[1]!.trim());
  }
  return out;
}

/** The text from its first [ or { to the end; null when it has none. */
export function fromFirstBracket(text: string): string | null {
  const start = text.search(/[[{]/);
  return start < 0 ? null : text.slice(start).trim();
}
