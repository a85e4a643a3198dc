// The rungs of the judge-output parse ladder, from the most faithful reading to the most
// forgiving; each turns the text into candidate JSON strings. Every slicing rung takes top-level
// values only, and jsonrepair (which reads prose around JSON as more JSON) is tried last and only
// on text that starts at a bracket. Pure: no I/O.
import { fencedBlocks, fromFirstBracket, scanBrackets, topLevelSlices } from "./scanner";
import { normalisePunctuation } from "./punctuation";
import { repair, repairStructure, singleToDoubleQuotes } from "./repair";

// jsonrepair ships ESM-only type declarations beside its CommonJS build; this library compiles to
// CommonJS, so it is required, with the one signature used here.
const { jsonrepair } = require("jsonrepair") as { jsonrepair: (text: string) => string };

export interface Rung {
  name: string;
  read: (text: string) => string[];
}

export const RUNGS: readonly Rung[] = [
  { name: "as-is", read: (t) => [t.trim()] },
  { name: "fenced", read: (t) => fencedBlocks(t) },
  { name: "sliced", read: (t) => topLevelSlices(t) },
  { name: "repaired", read: (t) => [repair(t.trim()), ...fencedBlocks(t).map(repair)] },
  { name: "repaired-sliced", read: (t) => topLevelSlices(repair(t)) },
  { name: "single-quotes", read: (t) => topLevelSlices(repairStructure(singleToDoubleQuotes(normalisePunctuation(t)))) },
  { name: "truncated", read: (t) => truncatedCandidates(t) },
  { name: "jsonrepair", read: (t) => jsonrepairCandidates(t) },
];

/**
 * Output cut off at max_tokens: keep every element that finished, close the open brackets.
 * Only the first opening bracket is tried; the elements after the last complete comma are lost.
 */
export function truncatedCandidates(text: string): string[] {
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

/**
 * jsonrepair on bracket-start text only: each fenced block, then the text from its first [ or {
 * to its last closing bracket (a closing remark after the JSON would otherwise be read as more
 * JSON). A repair whose outer type is not the one the text opened with wrapped several values
 * (or prose) into one array: that is not what the judge wrote, so it is refused. jsonrepair throws
 * on what it cannot read; that is a miss, not an error.
 */
export function jsonrepairCandidates(text: string): string[] {
  const starts = [...fencedBlocks(text)];
  const from = fromFirstBracket(text);
  if (from !== null) {
    const lastClose = Math.max(from.lastIndexOf("}"), from.lastIndexOf("]"));
    starts.push(lastClose > 0 ? from.slice(0, lastClose + 1) : from);
  }
  const out: string[] = [];
  for (const s of starts) {
    if (!/^[[{]/.test(s)) continue;
    try {
      const repaired = jsonrepair(s).trimStart();
      if (repaired[0] === s[0]) out.push(repaired);
    } catch {
      // not repairable: the next candidate may be
    }
  }
  return out;
}
