// The demo judges that show every case of weave's evidence check offline. Each extracts the demo
// answer's sentences (its claims) and then misbehaves in one designed way: quotes faithfully,
// paraphrases without quotes, invents a claim, quotes the other answer, or skips a paragraph. The
// counts each produces are known before a run (docs: README "What each call measures"). Pure.
import { ANSWERERS } from "./claims";
import { findClaim } from "./claims";

export const QUOTING_JUDGES = ["judge-paraphrase", "judge-inventor", "judge-crossed", "judge-skipper"] as const;
export type QuotingJudge = (typeof QUOTING_JUDGES)[number];

export interface QuotedClaim {
  claim: string;
  quote: string;
}

/** The invented claim: nothing any demo answer says, quoted as if it did. */
export const INVENTED = "Serverless functions remove every operational cost for a small team.";

const PARAPHRASE = "The answer holds that ";

/** A claim in the paraphrasing judge's words: the same point, none of it quotable. */
export function paraphrase(sentence: string): string {
  const s = sentence.replace(/[.!?]+$/, "");
  return `${PARAPHRASE}${s.charAt(0).toLowerCase()}${s.slice(1)}.`;
}

/** The sentence behind a paraphrased claim (so the demo judge can still classify it). */
export function unparaphrase(claim: string): string {
  return claim.startsWith(PARAPHRASE) ? claim.slice(PARAPHRASE.length) : claim;
}

/** The faithful judge's output: every claim with itself as its quote. */
export function faithful(claims: string[]): QuotedClaim[] {
  return claims.map((c) => ({ claim: c, quote: c }));
}

/** Another answerer's first claim for the same question (its main point): what the crossed judge slips in. */
function otherAnswersClaim(claims: string[]): string | null {
  const ref = claims.map(findClaim).find((r) => r !== null);
  if (!ref) return null;
  const other = ANSWERERS.find((w) => w !== ref.who)!;
  return ref.bank.claims[other][0] ?? null;
}

/** The paragraphs of an answer (the demo answerers write four sentences to a paragraph). */
function paragraphs(answer: string): string[] {
  return answer.split(/\n\s*\n/).filter((p) => p.trim() !== "");
}

/**
 * One misbehaving EXTRACT: `claims` are the answer's sentences capped at `max`. The inventor and
 * the crossed judge keep max − 1 of them and add their one bad claim; the skipper leaves out the
 * second paragraph's sentences.
 */
export function quotingExtract(name: QuotingJudge, answer: string, claims: string[], max: number): string {
  if (name === "judge-paraphrase") return JSON.stringify(claims.map(paraphrase));
  if (name === "judge-inventor") {
    const kept = claims.slice(0, Math.max(0, Math.min(claims.length, max - 1)));
    return JSON.stringify({ claims: [...faithful(kept), { claim: INVENTED, quote: INVENTED }] });
  }
  if (name === "judge-crossed") {
    const stolen = otherAnswersClaim(claims);
    if (!stolen) return JSON.stringify({ claims: faithful(claims) });
    const kept = claims.slice(0, Math.max(0, Math.min(claims.length, max - 1)));
    return JSON.stringify({ claims: [...faithful(kept), { claim: stolen, quote: stolen }] });
  }
  const paras = paragraphs(answer);
  const skipped = paras.length >= 2 ? new Set(paras[1]!.split(/(?<=[.!?])\s+/).map((s) => s.trim())) : new Set<string>();
  return JSON.stringify({ claims: faithful(claims.filter((c) => !skipped.has(c))) });
}
