// What the weave answerers say. For the example questions: their claims from the bank, a few
// sentences to a paragraph. For anything else: a short answer that says plainly it is a demo.
import { bankFor, type Answerer } from "./claims";

/** The question inside a weave answer prompt: everything before the run-nonce line. */
export function questionOf(prompt: string): string {
  return prompt
    .replace(/\n*\[run-nonce:[^\]]*\]\s*$/m, "")
    .replace(/\n*\[attempt:[^\]]*\]\s*$/m, "")
    .trim();
}

export function answerFor(who: Answerer, prompt: string): string {
  const bank = bankFor(questionOf(prompt));
  if (!bank) {
    return [
      `This is ${who}, an offline demo model built into duellab, not a real language model.`,
      "Demo models only answer the example questions of the duellab notebooks.",
      "Point this slot at a real provider to compare real answers.",
    ].join(" ");
  }
  const claims = bank.claims[who];
  const paras: string[] = [];
  for (let i = 0; i < claims.length; i += 4) paras.push(claims.slice(i, i + 4).join(" "));
  return paras.join("\n\n");
}

/** Split an answer into its sentences: the demo judge's idea of an atomic claim. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
