// The judge is asked for JSON and often returns something close to it: fenced, wrapped in prose,
// with smart quotes, Python literals, trailing commas, single quotes or cut off at max_tokens.
// A strict JSON.parse would label a good answer a fallback, so parsing is a ladder of ever more
// forgiving readings; the rung that worked is reported so a repaired answer is never silent.
// Pure: no I/O.

export type LooseParse = { ok: true; value: unknown; rung: string } | { ok: false; error: string };

/** Rungs, from the most faithful reading to the most forgiving. The first that parses wins. */
const RUNGS: ReadonlyArray<{ name: string; read: (text: string) => string[] }> = [
  { name: "as-is", read: (t) => [t.trim()] },
  { name: "fenced", read: (t) => fencedBlocks(t) },
  { name: "sliced", read: (t) => balancedSlices(t) },
  { name: "repaired", read: (t) => [repair(t.trim()), ...fencedBlocks(t).map(repair)] },
  { name: "repaired-sliced", read: (t) => slicesOf(repair(normalisePunctuation(t))) },
  { name: "single-quotes", read: (t) => singleQuoteCandidates(t) },
  { name: "truncated", read: (t) => truncatedCandidates(t) },
];

export function parseLoose(text: string): LooseParse {
  if (typeof text !== "string") return { ok: false, error: "the judge output was not text" };
  if (text.trim() === "") return { ok: false, error: "the judge returned nothing (empty content)" };
  for (const rung of RUNGS) {
    for (const candidate of rung.read(text)) {
      if (!candidate) continue;
      try {
        return { ok: true, value: JSON.parse(candidate), rung: rung.name };
      } catch {
        // the next candidate or rung may read it
      }
    }
  }
  const preview = text.trim().replace(/\s+/g, " ").slice(0, 80);
  return { ok: false, error: `no JSON could be read from the judge output (starts: "${preview}")` };
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

const MAX_SLICE_STARTS = 24;

/**
 * Walks from an opening [ or { to its matching close, ignoring brackets inside double-quoted
 * strings. Returns null when the value never closes (see `truncatedCandidates` for that case).
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
 * The one bracket walker: from `start`, call `visit` for every bracket and comma outside
 * double-quoted strings, with the stack of expected closers after it (and, on a close, the closer
 * that was expected). `visit` returns true to stop.
 */
function scanBrackets(text: string, start: number, visit: (c: string, i: number, stack: readonly string[], closed: string | undefined) => boolean): void {
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

/** Balanced slices from each opening bracket in turn: prose like "[note]" may come first. */
export function balancedSlices(text: string): string[] {
  return slicesOf(text);
}

/**
 * Top-level balanced slices only: a bracket inside an earlier slice is part of it, and one inside a
 * value that never closes is too (that is the truncated rung's job). Taking an inner object here
 * would silently return one pair of many.
 */
function slicesOf(text: string): string[] {
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

const PUNCTUATION: Record<string, string> = {
  "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\uff02": '"',
  "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\uff07": "'",
  "\uff0c": ",", "\uff1a": ":", "\uff3b": "[", "\uff3d": "]", "\uff5b": "{", "\uff5d": "}",
  "\u3001": ",", "\u00a0": " ", "\u200b": "",
};

/** Smart quotes and full-width punctuation to their ASCII forms. */
export function normalisePunctuation(text: string): string {
  return text.replace(/[\u201c-\u201f\u2033\uff02\u2018\u2019\u2032\uff07\uff0c\uff1a\uff3b\uff3d\uff5b\uff5d\u3001\u00a0\u200b]/g, (c) => PUNCTUATION[c] ?? c);
}

/**
 * Outside double-quoted strings: Python literals to JSON, trailing commas removed, comments
 * dropped, bare object keys quoted. Strings are copied untouched.
 */
export function repairStructure(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    if (c === ",") {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === "]" || text[j] === "}") {
        i++;
        continue;
      }
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 64));
    if (word && !/[A-Za-z0-9_]/.test(text[i - 1] ?? "")) {
      const w = word[0];
      const literal = w === "True" ? "true" : w === "False" ? "false" : w === "None" ? "null" : null;
      const rest = text.slice(i + w.length);
      if (literal) out += literal;
      else if (/^\s*:/.test(rest) && /[{,]\s*$/.test(out)) out += `"${w}"`;
      else out += w;
      i += w.length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** Index just past the double-quoted string that opens at `start` (or the end of the text). */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

export function repair(text: string): string {
  return repairStructure(normalisePunctuation(text));
}

/**
 * Single-quoted strings to double-quoted ones. A quote closes a string only when what follows is
 * structure (, : ] } or the end), so apostrophes inside words ("don't") survive.
 */
export function singleToDoubleQuotes(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c !== "'") {
      out += c;
      i++;
      continue;
    }
    let body = "";
    let j = i + 1;
    for (; j < text.length; j++) {
      const d = text[j]!;
      if (d === "\\" && text[j + 1] === "'") {
        body += "'";
        j++;
      } else if (d === "\\") {
        body += d + (text[j + 1] ?? "");
        j++;
      } else if (d === "'" && /^\s*([,:\]}]|$)/.test(text.slice(j + 1, j + 40))) break;
      else if (d === '"') body += '\\"';
      else body += d;
    }
    out += `"${body}"`;
    i = j + 1;
  }
  return out;
}

function singleQuoteCandidates(text: string): string[] {
  const normalised = normalisePunctuation(text);
  const out: string[] = [];
  // Slice first so prose apostrophes ("Here's the JSON") never open a string.
  const starts = [...normalised].reduce<number[]>((acc, c, i) => (c === "[" || c === "{" ? [...acc, i] : acc), []).slice(0, MAX_SLICE_STARTS);
  for (const s of starts) {
    const converted = repairStructure(singleToDoubleQuotes(normalised.slice(s)));
    out.push(converted.trim());
    const sliced = sliceBalanced(converted, 0);
    // Unclosed: every later bracket is nested inside it; a fragment would pass for the whole.
    if (!sliced) break;
    out.push(sliced);
  }
  return out;
}

/**
 * Output cut off at max_tokens: keep every element that finished, close the open brackets.
 * Only the first opening bracket is tried; the elements after the last complete comma are lost.
 */
function truncatedCandidates(text: string): string[] {
  const t = repair(text);
  const start = t.search(/[[{]/);
  if (start < 0) return [];
  let lastCut: { at: number; closers: string } | null = null;
  let complete = false;
  scanBrackets(t, start, (c, i, stack) => {
    if (c === "]" || c === "}") {
      if (stack.length === 0) return (complete = true);
      // a value just closed inside an open container: everything up to here is complete
      lastCut = { at: i + 1, closers: [...stack].reverse().join("") };
    } else if (c === ",") lastCut = { at: i, closers: [...stack].reverse().join("") };
    return false;
  });
  if (complete || !lastCut) return [];
  const cut: { at: number; closers: string } = lastCut;
  return [t.slice(start, cut.at) + cut.closers];
}
