// What a model returned, turned into the code the sandbox runs. Models add markdown fences and
// chatter even when told not to; we strip them and say so, and we label an answer that is prose
// rather than code instead of pretending it was a program.

export interface ExtractedCode {
  code: string;
  /** What was removed, in words, for the result's warnings ("a ```python fence", "2 lines of prose"). */
  stripped: string[];
  /** True when nothing in the answer looks like Python: the model wrote prose instead of code. */
  prose: boolean;
}

const FENCE = /^[ \t]*(```+|~~~+)[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;

/** A line that Python would accept as a statement start (heuristic, deliberately generous). */
const CODE_LINE =
  /^(\s*)(import\s+\w|from\s+[\w.]+\s+import\s|def\s+\w+\s*\(|class\s+\w|for\s+.+:|while\s+.+:|if\s+.+:|elif\s|else\s*:|try\s*:|except\b|finally\s*:|with\s+.+:|return\b|print\s*\(|#|@\w|[A-Za-z_][\w.]*(\[[^\]]*\])?\s*(=|\+=|-=|\*=|\/=)\s*\S|[A-Za-z_][\w.]*\s*\(|[)\]}]|"""|''')/;

export function looksLikeCode(line: string): boolean {
  return CODE_LINE.test(line);
}

export function extractCode(raw: string): ExtractedCode {
  const stripped: string[] = [];
  let text = raw.replace(/\r\n?/g, "\n");
  const fences = [...text.matchAll(FENCE)];
  if (fences.length > 0) {
    const py = fences.filter((m) => /^(python|py|python3)?$/i.test(m[2] ?? ""));
    const pool = py.length > 0 ? py : fences;
    // Several python blocks are usually one program split by commentary: keep them in order.
    const chosen = py.length > 1 ? py : [pool.reduce((best, m) => (m[3]!.length > best[3]!.length ? m : best))];
    const outside = text
      .replace(FENCE, "")
      .split("\n")
      .filter((l) => l.trim() !== "").length;
    text = chosen.map((m) => m[3]!).join("\n");
    stripped.push(chosen.length > 1 ? `${chosen.length} markdown code fences (joined)` : "a markdown code fence");
    if (outside) stripped.push(`prose around the fence (${outside} line${outside === 1 ? "" : "s"})`);
  } else {
    // An unterminated opening fence, or a stray closing one.
    const lines = text.split("\n");
    const kept = lines.filter((l) => !/^\s*(```+|~~~+)\s*[\w+-]*\s*$/.test(l));
    if (kept.length !== lines.length) stripped.push("a stray markdown fence line");
    text = kept.join("\n");
  }
  const lines = text.split("\n");
  const first = lines.findIndex((l) => l.trim() !== "" && looksLikeCode(l));
  if (first < 0) {
    return { code: text.trim() + (text.trim() ? "\n" : ""), stripped, prose: true };
  }
  let last = lines.length - 1;
  while (
    last > first &&
    (lines[last]!.trim() === "" || (!looksLikeCode(lines[last]!) && /^[A-Z][^=()]*[.!:]$/.test(lines[last]!.trim()) && !/^\s/.test(lines[last]!)))
  )
    last--;
  const leading = lines.slice(0, first).filter((l) => l.trim() !== "").length;
  const trailing = lines.slice(last + 1).filter((l) => l.trim() !== "").length;
  if (leading) stripped.push(`${leading} line${leading === 1 ? "" : "s"} of prose before the code`);
  if (trailing) stripped.push(`${trailing} line${trailing === 1 ? "" : "s"} of prose after the code`);
  const code =
    lines
      .slice(first, last + 1)
      .join("\n")
      .replace(/\s+$/, "") + "\n";
  const codeLines = code.split("\n").filter((l) => l.trim() !== "");
  const codeish = codeLines.filter(looksLikeCode).length;
  // Mostly sentences with a stray "print(" is still prose: require a fair share of code lines.
  const prose = codeish === 0 || (codeLines.length >= 4 && codeish / codeLines.length < 0.3);
  return { code, stripped, prose };
}
