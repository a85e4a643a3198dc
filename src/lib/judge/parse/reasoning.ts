// The answer part of a judge output that opens with inline reasoning (<think>…</think>,
// <thinking>, <reasoning>), or that carries only the closing tag because the chat template
// opened it. The client strips these first; this is the ladder's own guard, so braces written
// while thinking are never read as the answer. Pure: no I/O.

const OPEN = /^\s*<(think|thinking|reasoning)>/i;
const ANY_CLOSE = /<\/(think|thinking|reasoning)>/i;

/**
 * The text after the leading reasoning block(s); the text itself when there are none; null when
 * a reasoning block never closes (everything is thinking: there is no answer to read).
 */
export function answerAfterReasoning(text: string): string | null {
  let rest = text;
  for (let open = OPEN.exec(rest); open; open = OPEN.exec(rest)) {
    const close = new RegExp(`</${open[1]}>`, "i").exec(rest);
    if (!close) return null;
    rest = rest.slice(close.index + close[0].length);
  }
  // A closing tag with no opener: the template put "<think>" in the prompt, so all before it is thought.
  // Output that opens with JSON is not thought: a claim may quote the tag itself.
  const orphan = /^\s*(```|[[{])/.test(rest) ? null : ANY_CLOSE.exec(rest);
  if (orphan && !new RegExp(`<${orphan[1]}>`, "i").test(rest.slice(0, orphan.index))) return rest.slice(orphan.index + orphan[0].length);
  return rest;
}
