// What the judge returned, read into claims and pairs. Never trusted: every shape a judge has been
// seen to use is accepted, everything else is dropped and counted. Pure: no I/O.
import type { Pair, Relation, SourceKind } from "../schema/weave";

const CLAIM_LIST_KEYS = [
  "claims",
  "items",
  "list",
  "atomic_claims",
  "atomicClaims",
  "statements",
  "facts",
  "points",
  "result",
  "results",
  "data",
  "answer",
  "output",
];
const CLAIM_TEXT_KEYS = ["claim", "text", "statement", "content", "value", "fact", "point", "description"];
/** Where a judge puts a claim's verbatim evidence: a string, an object {text|quote, start, end}, or [start, end]. */
const QUOTE_KEYS = ["quote", "evidence", "source", "span", "excerpt", "citation", "verbatim", "source_text", "sourceText", "supporting_text", "quoted"];
const QUOTE_TEXT_KEYS = ["quote", "text", "excerpt", "value", "content"];
const START_KEYS = ["start", "start_offset", "startOffset", "start_char", "startChar", "char_start", "begin", "offset_start", "from"];
const END_KEYS = ["end", "end_offset", "endOffset", "end_char", "endChar", "char_end", "stop", "offset_end", "to"];
const PAIR_LIST_KEYS = ["pairs", "relations", "relationships", "edges", "links", "matches", "items", "results", "result", "data", "output"];
const LEFT_KEYS = ["a", "a_index", "aIndex", "a_idx", "index_a", "indexA", "claim_a", "claimA", "source", "from", "i", "left", "model_a", "modelA"];
const RIGHT_KEYS = ["b", "b_index", "bIndex", "b_idx", "index_b", "indexB", "claim_b", "claimB", "target", "to", "j", "right", "model_b", "modelB"];
const RELATION_KEYS = ["relation", "relationship", "rel", "type", "label", "kind", "verdict", "stance"];
const STRENGTH_KEYS = ["strength", "confidence", "score", "weight", "similarity", "certainty", "probability"];

/** Strength the judge did not give: the middle, so it neither wins nor loses a tie on its own. */
export const DEFAULT_STRENGTH = 0.5;
export const MAX_PAIRS = 30;

/** A value the judge may have wrapped once more as a JSON string. */
function unwrapJsonString(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const t = value.trim();
  if (!/^[[{]/.test(t)) return value;
  try {
    return JSON.parse(t);
  } catch {
    return value;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The array inside an object under one of `keys`, or the only array-valued property. */
function listInside(value: unknown, keys: string[]): unknown[] | null {
  const v = unwrapJsonString(value);
  if (Array.isArray(v)) return v;
  if (!isRecord(v)) return null;
  for (const k of keys) {
    const inner = unwrapJsonString(v[k]);
    if (Array.isArray(inner)) return inner;
    if (isRecord(inner)) {
      const deeper = listInside(inner, keys);
      if (deeper) return deeper;
    }
  }
  const arrays = Object.values(v).map(unwrapJsonString).filter(Array.isArray);
  return arrays.length === 1 ? arrays[0]! : null;
}

const BULLET = /^\s*(?:[-*•·‣◦▪●–—>]+|\(?\d{1,3}[.):\]]|\[\d{1,3}\]|#{1,6})\s+/;

/** One claim as the judge wrote it, cleaned: bullets, numbering, wrapping quotes and runs of spaces go. */
export function cleanClaim(raw: string): string {
  let s = raw.replace(/\s+/g, " ").trim();
  for (let k = 0; k < 3 && BULLET.test(s); k++) s = s.replace(BULLET, "").trim();
  if (s.length >= 2 && /^["'“‘]/.test(s) && /["'”’]$/.test(s)) s = s.slice(1, -1).trim();
  return s;
}

function claimText(item: unknown): string | null {
  if (typeof item === "string") return item;
  if (typeof item === "number") return String(item);
  if (isRecord(item)) {
    for (const k of CLAIM_TEXT_KEYS) if (typeof item[k] === "string") return item[k] as string;
    const strings = Object.entries(item)
      .filter(([k]) => !QUOTE_KEYS.includes(k))
      .map(([, x]) => x)
      .filter((x): x is string => typeof x === "string");
    if (strings.length === 1) return strings[0]!;
  }
  return null;
}

/** The evidence a judge gave for one claim: a quote and/or character offsets into the answer. */
export interface RawEvidence {
  quote: string | null;
  start: number | null;
  end: number | null;
}

export const NO_EVIDENCE: RawEvidence = { quote: null, start: null, end: null };

/** An offset as a number or a numeric string ("12"); anything else is no offset. */
export function readOffset(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
  if (typeof raw === "string" && /^\s*-?\d+(?:\.\d+)?\s*$/.test(raw)) return Number(raw);
  return null;
}

function offsetsFrom(rec: Record<string, unknown>): { start: number | null; end: number | null } {
  return { start: readOffset(firstKey(rec, START_KEYS)), end: readOffset(firstKey(rec, END_KEYS)) };
}

/** [12, 40] or "12-40" / "12:40" / "12..40" as offsets. */
function offsetPair(raw: unknown): { start: number | null; end: number | null } | null {
  if (Array.isArray(raw) && raw.length === 2) {
    const [s, e] = [readOffset(raw[0]), readOffset(raw[1])];
    return s !== null && e !== null ? { start: s, end: e } : null;
  }
  if (typeof raw === "string") {
    const m = /^\s*(\d+)\s*(?:-|:|\.\.|,|to)\s*(\d+)\s*$/.exec(raw);
    if (m) return { start: Number(m[1]), end: Number(m[2]) };
  }
  return null;
}

/** The evidence inside one claim item (an object); strings carry none. */
export function claimEvidence(item: unknown): RawEvidence {
  if (!isRecord(item)) return NO_EVIDENCE;
  let quote: string | null = null;
  let { start, end } = offsetsFrom(item);
  for (const k of QUOTE_KEYS) {
    const v = unwrapJsonString(item[k]);
    if (v === undefined || v === null) continue;
    const pair = offsetPair(v);
    if (pair) {
      start ??= pair.start;
      end ??= pair.end;
    } else if (typeof v === "string") quote ??= v;
    else if (isRecord(v)) {
      for (const q of QUOTE_TEXT_KEYS) if (quote === null && typeof v[q] === "string") quote = v[q] as string;
      const inner = offsetsFrom(v);
      start ??= inner.start;
      end ??= inner.end;
    }
  }
  return { quote, start, end };
}

export interface CoercedClaims {
  claims: string[];
  /** The judge's evidence for each claim, same order (NO_EVIDENCE where it gave none). */
  evidence: RawEvidence[];
  /** Items that were not a claim (wrong type, empty), duplicates and those over the cap. */
  dropped: number;
}

/**
 * Claims from an array, an object under claims/items/list/..., objects like {claim: "..."}, or a
 * newline-separated string. De-duplicated (case and spacing ignored) and capped at `max`.
 * null when nothing in the value reads as a list of claims.
 */
export function coerceClaims(value: unknown, max: number): CoercedClaims | null {
  let list = listInside(value, CLAIM_LIST_KEYS);
  if (!list && typeof value === "string") list = value.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (!list) return null;
  const seen = new Set<string>();
  const claims: string[] = [];
  const evidence: RawEvidence[] = [];
  let dropped = 0;
  for (const item of list) {
    const text = claimText(item);
    const clean = text === null ? "" : cleanClaim(text);
    const key = clean
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    if (!clean || !key || seen.has(key) || claims.length >= max) {
      dropped++;
      continue;
    }
    seen.add(key);
    claims.push(clean);
    evidence.push(claimEvidence(item));
  }
  return { claims, evidence, dropped };
}

/** A relation word to agree/contradict; null for anything else ("unrelated", "neutral"). */
export function normaliseRelation(raw: unknown): Relation | null {
  if (typeof raw === "boolean") return raw ? "agree" : null;
  if (typeof raw !== "string") return null;
  const r = raw.trim().toLowerCase();
  // Negative words first: "disagree" contains "agree", "inconsistent" contains "consistent".
  if (/contradict|disagree|conflict|oppos|inconsist|incompatib|refut|counter|dispute|reject|deny|denies|mutually exclusive|^contra$|^no$|^false$/.test(r))
    return "contradict";
  if (/unrelated|neutral|independent|irrelevant|^none$|^null$/.test(r)) return null;
  if (/agree|support|consistent|same|equivalent|entail|match|align|similar|overlap|concur|compatible|corroborat|^yes$|^true$/.test(r)) return "agree";
  return null;
}

/** An index the judge wrote: 3, "3", "A3", "[3]", "claim 3", 3.0. null when it is none of these. */
export function readIndex(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) ? raw : null;
  if (typeof raw !== "string") return null;
  const m = /^\s*(?:[ab]\s*|claim\s*|#)?\[?\s*(-?\d+)\s*\]?\s*$/i.exec(raw);
  return m ? Number(m[1]) : null;
}

/** A strength: 0.8, "0.8", "80%", 80 (read as percent); clamped to 0..1. null when unreadable. */
export function readStrength(raw: unknown): number | null {
  let n: number | null = null;
  if (typeof raw === "number") n = raw;
  else if (typeof raw === "string") {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*(%)?\s*$/.exec(raw);
    if (m) n = m[2] ? Number(m[1]) / 100 : Number(m[1]);
    else {
      const word = raw.trim().toLowerCase();
      n = word === "high" || word === "strong" ? 0.8 : word === "medium" || word === "moderate" ? 0.5 : word === "low" || word === "weak" ? 0.3 : null;
    }
  }
  if (n === null || !Number.isFinite(n)) return null;
  if (n > 1 && n <= 100) n = n / 100;
  return Math.min(1, Math.max(0, n));
}

function firstKey(rec: Record<string, unknown>, keys: string[]): unknown {
  for (const k of keys) if (k in rec) return rec[k];
  return undefined;
}

export interface CoercedPairs {
  pairs: Pair[];
  /** Entries dropped: unreadable, unknown relation, out-of-range index, duplicate or over the cap. */
  dropped: number;
  outOfRange: number;
  /** Pairs whose strength the judge left out or wrote unreadably (given DEFAULT_STRENGTH). */
  defaultedStrength: number;
  /**
   * Of `dropped`: entries whose two indices read but whose relation is missing or unreadable, often
   * a relation a repair cut off. Each is a relation the judge may have meant: never a silent loss.
   */
  noRelation: Array<{ a: number; b: number; relation: string | null }>;
}

/**
 * Pairs from {pairs: [...]} (or relations/edges/links/...), a bare array, or a single pair; index
 * keys a/a_index/source/from/i/... and the mirror names; tuples [a, b, relation, strength].
 * Duplicates of one (a, b) keep the strongest. Capped at `max` strongest. Sorted by (a, b) so the
 * result does not depend on the order the judge listed them in. null when nothing reads as pairs.
 */
export function coercePairs(value: unknown, sizeA: number, sizeB: number, sourceKind: SourceKind = "judge", max = MAX_PAIRS): CoercedPairs | null {
  let list = listInside(value, PAIR_LIST_KEYS);
  const v = unwrapJsonString(value);
  if (!list && isRecord(v) && firstKey(v, LEFT_KEYS) !== undefined) list = [v];
  if (!list) return null;
  let dropped = 0;
  let outOfRange = 0;
  let defaultedStrength = 0;
  const noRelation: CoercedPairs["noRelation"] = [];
  const byKey = new Map<string, Pair>();
  for (const item of list) {
    let a: number | null = null;
    let b: number | null = null;
    let relation: Relation | null = null;
    let strengthRaw: unknown;
    let relationRaw: unknown;
    if (Array.isArray(item)) {
      a = readIndex(item[0]);
      b = readIndex(item[1]);
      relationRaw = item[2];
      strengthRaw = item[3];
    } else if (isRecord(item)) {
      a = readIndex(firstKey(item, LEFT_KEYS));
      b = readIndex(firstKey(item, RIGHT_KEYS));
      relationRaw = firstKey(item, RELATION_KEYS);
      strengthRaw = firstKey(item, STRENGTH_KEYS);
    }
    relation = normaliseRelation(relationRaw);
    // "unrelated"/"neutral" is the judge's answer; a missing or unreadable relation is a loss.
    const saidUnrelated = typeof relationRaw === "string" && /unrelated|neutral|independent|irrelevant|^none$|^null$/i.test(relationRaw.trim());
    if (a !== null && b !== null && relation === null && !saidUnrelated)
      noRelation.push({ a, b, relation: typeof relationRaw === "string" ? relationRaw : null });
    if (a === null || b === null || relation === null) {
      dropped++;
      continue;
    }
    if (a < 0 || b < 0 || a >= sizeA || b >= sizeB) {
      dropped++;
      outOfRange++;
      continue;
    }
    let strength = readStrength(strengthRaw);
    if (strength === null) {
      strength = DEFAULT_STRENGTH;
      defaultedStrength++;
    }
    const key = `${a}:${b}`;
    const prev = byKey.get(key);
    if (prev) {
      dropped++;
      if (prev.strength > strength || (prev.strength === strength && prev.relation === "contradict")) continue;
    }
    byKey.set(key, { a, b, relation, strength, sourceKind });
  }
  const all = [...byKey.values()].sort((x, y) => y.strength - x.strength || x.a - y.a || x.b - y.b);
  if (all.length > max) dropped += all.length - max;
  const pairs = all.slice(0, max).sort((x, y) => x.a - y.a || x.b - y.b);
  return { pairs, dropped, outOfRange, defaultedStrength, noRelation };
}
