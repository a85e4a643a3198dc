// The last rung when the judge gives nothing usable: word overlap, labelled as such. It finds
// claims that share vocabulary, not meaning, so every edge it makes carries sourceKind "lexical"
// and the run says so. Pure: no I/O.
import type { Pair } from "../schema/weave";
import { MAX_PAIRS } from "./coerce";

export const AGREE_THRESHOLD = 0.32;
/** Similar claims where exactly one side is negated read as a contradiction only above this. */
export const NEGATION_THRESHOLD = 0.45;

// Negations are stopwords for overlap (they carry no topic) but decide the relation.
const NEGATIONS = new Set([
  "not",
  "no",
  "never",
  "none",
  "neither",
  "nor",
  "nothing",
  "nobody",
  "nowhere",
  "without",
  "cannot",
  "cant",
  "dont",
  "doesnt",
  "didnt",
  "isnt",
  "arent",
  "wasnt",
  "werent",
  "wont",
  "wouldnt",
  "shouldnt",
  "couldnt",
  "mustnt",
  "neednt",
  "hasnt",
  "havent",
  "hadnt",
]);

const STOPWORDS = new Set([
  "a",
  "an",
  "the",
  "and",
  "or",
  "but",
  "if",
  "then",
  "else",
  "of",
  "to",
  "in",
  "on",
  "at",
  "by",
  "for",
  "with",
  "from",
  "as",
  "into",
  "onto",
  "over",
  "under",
  "about",
  "than",
  "so",
  "that",
  "this",
  "these",
  "those",
  "it",
  "its",
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "being",
  "am",
  "do",
  "does",
  "did",
  "has",
  "have",
  "had",
  "having",
  "will",
  "would",
  "should",
  "could",
  "can",
  "may",
  "might",
  "must",
  "shall",
  "i",
  "you",
  "he",
  "she",
  "we",
  "they",
  "me",
  "him",
  "her",
  "us",
  "them",
  "my",
  "your",
  "his",
  "our",
  "their",
  "what",
  "which",
  "who",
  "whom",
  "whose",
  "when",
  "where",
  "why",
  "how",
  "all",
  "any",
  "both",
  "each",
  "few",
  "more",
  "most",
  "other",
  "some",
  "such",
  "only",
  "own",
  "same",
  "too",
  "very",
  "just",
  "also",
  "there",
  "here",
  "s",
  "t",
  "d",
  "ll",
  "re",
  "ve",
  "m",
  "because",
  "while",
  "up",
  "down",
  "out",
  "off",
  "again",
  "further",
  "once",
  "often",
  "usually",
  "generally",
  "typically",
  "one",
  ...NEGATIONS,
]);

/** Lower-cased words with apostrophes folded ("don't" → "dont"). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

/** A crude stem: "services"/"service" and "deploying"/"deploy" should overlap; short words stay. */
function stem(w: string): string {
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ed") && !w.endsWith("eed")) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith("ies")) return w.slice(0, -3) + "y";
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) return w.slice(0, -1);
  return w;
}

/** The content tokens of a claim: stopwords (negations included) removed, plurals folded. */
export function contentTokens(text: string): Set<string> {
  return new Set(
    words(text)
      .filter((w) => !STOPWORDS.has(w))
      .map(stem),
  );
}

export function isNegated(text: string): boolean {
  return words(text).some((w) => NEGATIONS.has(w));
}

/** Jaccard similarity of two claims' content tokens; 0 when either has none. */
export function jaccard(a: string, b: string): number {
  const x = contentTokens(a);
  const y = contentTokens(b);
  if (x.size === 0 || y.size === 0) return 0;
  let inter = 0;
  for (const t of x) if (y.has(t)) inter++;
  return inter / (x.size + y.size - inter);
}

/** Strength rounded so a fallback never pretends to more precision than word overlap has. */
function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * Relation between two claims by word overlap alone. Exactly one negated and similarity above
 * NEGATION_THRESHOLD: contradict. Otherwise similarity at or above AGREE_THRESHOLD: agree. A
 * negation mismatch between the two thresholds is too ambiguous to call either way: no edge.
 */
export function lexicalRelation(a: string, b: string): { relation: "agree" | "contradict"; strength: number } | null {
  const sim = jaccard(a, b);
  const negationDiffers = isNegated(a) !== isNegated(b);
  if (negationDiffers) return sim > NEGATION_THRESHOLD ? { relation: "contradict", strength: round3(sim) } : null;
  return sim >= AGREE_THRESHOLD ? { relation: "agree", strength: round3(sim) } : null;
}

/** Every cross pair the lexical rule relates, strongest MAX_PAIRS kept, sorted by (a, b). */
export function lexicalPairs(claimsA: readonly string[], claimsB: readonly string[], max = MAX_PAIRS): Pair[] {
  const out: Pair[] = [];
  claimsA.forEach((ca, a) => {
    claimsB.forEach((cb, b) => {
      const r = lexicalRelation(ca, cb);
      if (r) out.push({ a, b, relation: r.relation, strength: r.strength, sourceKind: "lexical" });
    });
  });
  return out
    .sort((x, y) => y.strength - x.strength || x.a - y.a || x.b - y.b)
    .slice(0, max)
    .sort((x, y) => x.a - y.a || x.b - y.b);
}

/**
 * Claims read straight from an answer when the judge could not extract them: one per sentence or
 * list item, cleaned and capped. Used only under the fallback label.
 */
export function sentenceClaims(answer: string, max: number): string[] {
  const pieces = answer
    .replace(/\r/g, "")
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((s) =>
      s
        .replace(/^\s*(?:[-*•]|\d{1,3}[.)]|#{1,6})\s+/, "")
        .replace(/\*\*/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((s) => contentTokens(s).size >= 2);
  return firstDistinct(pieces, max);
}

/** The first `max` claims in order, each once: a repeat that differs only in case is the same claim. */
export function firstDistinct(claims: Iterable<string>, max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of claims) {
    const k = c.toLowerCase();
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(c);
    if (out.length >= max) break;
  }
  return out;
}
