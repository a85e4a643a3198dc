// Every prompt weave sends, built in one place so the demo judge, the tests and the ledger agree
// on the bytes. Pure.
// The judge's system line and temperature are ../judge/constants.ts; the question limit ../run/limits.ts.
export const ANSWER_MAX_TOKENS = 1600;
export const JUDGE_MAX_TOKENS = 2000;

/** Side key ("a") to the label the judge reads ("A"). */
export function sideLabel(side: string): string {
  return side.toUpperCase();
}

/** The retry marker goes after the nonce line so the retried prompt is new but otherwise identical. */
function attemptLine(attempt: number): string {
  return attempt > 1 ? `\n[attempt: ${attempt}]` : "";
}

/** A and B get these exact bytes: the nonce is per run, not per model, so the comparison stays fair. */
export function answerPrompt(question: string, nonce: string): string {
  return `${question}\n\n[run-nonce: ${nonce}]`;
}

/**
 * Naming the model both tells the judge whose answer it reads and keeps the two prompts distinct.
 * Each claim comes with the quote it rests on, still in this one call; duellab checks every quote
 * against the answer itself (weave/evidence/).
 */
export function extractPrompt(side: string, answer: string, nonce: string, maxClaims: number, attempt = 1): string {
  return (
    [
      `Split the following answer into atomic claims, at most ${maxClaims} items. For each claim, quote the words of the answer it rests on, copied exactly (use ... for a gap).`,
      `Return only JSON of the form {"claims":[{"claim":"<the claim>","quote":"<exact words from the answer>"}]}. No commentary.`,
      `ANSWER FROM MODEL ${sideLabel(side)}:`,
      '"""',
      answer,
      '"""',
      `[run-nonce: ${nonce}]`,
    ].join("\n") + attemptLine(attempt)
  );
}

export const MAX_CLASSIFY_PAIRS = 30;

/** `runLine` (repeated judge runs) goes after the nonce line and before any retry marker. */
export function classifyPrompt(claimsA: readonly string[], claimsB: readonly string[], nonce: string, attempt = 1, runLine = ""): string {
  const list = (claims: readonly string[]) => claims.map((c, i) => `[${i}] ${c}`);
  return (
    [
      "Below are atomic claims from two answers to the same question. Find the pairs that are related:",
      'a claim of MODEL A and a claim of MODEL B that say the same thing ("agree") or cannot both be true ("contradict").',
      `Return only JSON of the form {"pairs":[{"a":<index in MODEL A>,"b":<index in MODEL B>,"relation":"agree"|"contradict","strength":<0..1>}]}.`,
      `List at most ${MAX_CLASSIFY_PAIRS} pairs, strongest first. Leave unrelated claims out; an empty list is allowed: {"pairs":[]}.`,
      "MODEL A CLAIMS:",
      ...list(claimsA),
      "MODEL B CLAIMS:",
      ...list(claimsB),
      `[run-nonce: ${nonce}]`,
      ...(runLine ? [runLine] : []),
    ].join("\n") + attemptLine(attempt)
  );
}

/** Slot names of an N-model weave: a, b, c, ... (the judge reads them as MODEL A, MODEL B, ...). */
export function sideKeys(n: number): string[] {
  return Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i));
}
