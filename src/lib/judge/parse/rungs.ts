// The rungs of the judge-output parse ladder, from the most faithful reading to the most
// forgiving; each turns the text into candidate JSON strings. Every slicing rung takes top-level
// values only, and jsonrepair (which reads prose around JSON as more JSON) is tried last and only
// on text that starts at a bracket. Pure: no I/O.
import { answerSlices, fencedBlocks, fromFirstBracket, scanBrackets } from "./scanner";
import { normalisePunctuation } from "./punctuation";
import { repair, repairStructure, singleToDoubleQuotes } from "./repair";

// jsonrepair ships ESM-only type declarations beside its CommonJS build; this library compiles to
// CommonJS, so it is required, with the one signature used here.
const { jsonrepair } = require("jsonrepair") as { jsonrepair: (text: string) => string };

/** One text being read, with the normalised and repaired forms every later rung shares made once. */
export class Reading {
  private norm: string | null = null;
  private rep: string | null = null;
  constructor(readonly text: string) {}
  normalised(): string {
    return (this.norm ??= normalisePunctuation(this.text));
  }
  repaired(): string {
    return (this.rep ??= repairStructure(this.normalised()));
  }
}

export interface Rung {
  name: string;
  read: (r: Reading) => string[];
}

export const RUNGS: readonly Rung[] = [
  { name: "as-is", read: (r) => [r.text.trim()] },
  { name: "fenced", read: (r) => fencedBlocks(r.text) },
  { name: "sliced", read: (r) => answerSlices(r.text) },
  { name: "repaired", read: (r) => [r.repaired().trim(), ...fencedBlocks(r.text).map(repair)] },
  { name: "repaired-sliced", read: (r) => answerSlices(r.repaired()) },
  { name: "single-quotes", read: (r) => answerSlices(repairStructure(singleToDoubleQuotes(r.normalised()))) },
  { name: "truncated", read: (r) => truncatedCandidates(r.repaired()) },
  { name: "jsonrepair", read: (r) => jsonrepairCandidates(r.text) },
];

/**
 * Output cut off at max_tokens (`t` already repaired): keep every element that finished, close
 * the open brackets. Only the first opening bracket is tried; the elements after the last
 * complete comma are lost.
 */
export function truncatedCandidates(t: string): string[] {
  const start = t.search(/[[{]/);
  if (start < 0) return [];
  let lastCut: { at: number; closers: string } | null = null;
  let complete = false;
  let mismatched = false;
  scanBrackets(t, start, (c, i, stack, closed) => {
    if (c === "]" || c === "}") {
      // a close that does not match its opener is a broken value, not a cut-off one
      if (closed !== c) return (mismatched = true);
      if (stack.length === 0) return (complete = true);
      // a value just closed inside an open container: everything up to here is complete
      lastCut = { at: i + 1, closers: [...stack].reverse().join("") };
    } else if (c === ",") lastCut = { at: i, closers: [...stack].reverse().join("") };
    return false;
  });
  if (complete || mismatched || !lastCut) return [];
  const cut: { at: number; closers: string } = lastCut;
  return [t.slice(start, cut.at) + cut.closers];
}

/** `text` with `fn` applied to each stretch outside double-quoted strings; strings are kept as written. */
function outsideStrings(text: string, fn: (part: string) => string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(/"(?:[^"\\]|\\.)*"/g)) {
    out += fn(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + fn(text.slice(last));
}

/** A list written as only a placeholder, "[...]", outside strings. */
function placeholderList(text: string): boolean {
  let found = false;
  outsideStrings(text, (part) => {
    found ||= /\[\s*\.\.\.\s*\]/.test(part);
    return part;
  });
  return found;
}

/**
 * jsonrepair on bracket-start text only: each fenced block, the first balanced value that holds a
 * string or key, then the text from its first [ or { to its last closing bracket (a closing
 * remark after the JSON would otherwise be read as more JSON). A repair whose outer type is not the one the text opened with wrapped several values
 * (or prose) into one array: that is not what the judge wrote, so it is refused. jsonrepair throws
 * on what it cannot read; that is a miss, not an error.
 */
export function jsonrepairCandidates(text: string): string[] {
  const starts = [...fencedBlocks(text)];
  // The judge's JSON value when its brackets balance (prose after it, or another value, stays out).
  const slice = answerSlices(text).at(-1);
  if (slice !== undefined) starts.push(slice);
  const from = fromFirstBracket(text);
  if (from !== null) {
    const lastClose = Math.max(from.lastIndexOf("}"), from.lastIndexOf("]"));
    starts.push(lastClose > 0 ? from.slice(0, lastClose + 1) : from);
  }
  const out: string[] = [];
  for (const start of starts) {
    if (!/^[[{]/.test(start)) continue;
    const s = outsideStrings(start, (part) => part.replace(/\u2026/g, "..."));
    // A list that is only the prompt's placeholder ("[...]") is a copied template, not "no items".
    if (placeholderList(s)) continue;
    try {
      const repaired = jsonrepair(s).trimStart();
      if (repaired[0] === s[0]) out.push(repaired);
    } catch {
      // not repairable: the next candidate may be
    }
  }
  return out;
}
