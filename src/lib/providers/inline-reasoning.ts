// Inline reasoning: local reasoning models (DeepSeek-R1 distills, QwQ, Qwen3 on Ollama, LM Studio,
// vLLM or llama.cpp without a reasoning parser) write their thinking into `content` as a leading
// `<think>…</think>` block. That text is reasoning, so it is removed here exactly as reasoning keys
// are: only the number of characters removed survives, never the text. Pure.

/** The tags local models open their thinking with. */
const TAGS = ["think", "thinking", "reasoning"] as const;

export interface InlineStrip {
  /** The answer with every leading reasoning block removed (leading whitespace after it too). */
  content: string;
  /** Characters of reasoning removed (tags included); 0 when there was none. */
  removedChars: number;
  /** A reasoning block opened and never closed: the whole content was thinking (budget ran out). */
  unclosed: boolean;
}

const OPEN = new RegExp(`^\\s*<(${TAGS.join("|")})(\\s[^>]*)?>`, "i");

/** Where `</tag>` closes (case-insensitive), or -1. */
function closeAt(text: string, tag: string, from: number): { start: number; end: number } | null {
  const re = new RegExp(`</\\s*${tag}\\s*>`, "ig");
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}

/**
 * Strip the reasoning blocks that open `content`. Handles several blocks in a row, any of the three
 * tags in any case, and the template form where the server put `<think>` in the prompt, so the
 * answer starts with thinking and holds only a lone `</think>`. Text after the answer starts is
 * never touched: a `<think>` in the middle of an answer is the answer's own text.
 */
export function stripInlineReasoning(content: string): InlineStrip {
  let rest = content;
  let removed = 0;
  // The chat-template form: no opening tag anywhere before a closing one.
  const lone = /<\/\s*(think|thinking|reasoning)\s*>/i.exec(rest);
  if (lone && !OPEN.test(rest) && !new RegExp(`<\\s*${lone[1]}(\\s[^>]*)?>`, "i").test(rest.slice(0, lone.index))) {
    const end = lone.index + lone[0].length;
    removed += end;
    rest = rest.slice(end);
  }
  for (;;) {
    const open = OPEN.exec(rest);
    if (!open) break;
    const close = closeAt(rest, open[1]!, open[0].length);
    if (!close) return { content: "", removedChars: removed + rest.length, unclosed: true };
    removed += close.end;
    rest = rest.slice(close.end);
  }
  if (removed === 0) return { content, removedChars: 0, unclosed: false };
  const trimmed = rest.replace(/^\s+/, "");
  return { content: trimmed, removedChars: removed + (rest.length - trimmed.length), unclosed: false };
}
