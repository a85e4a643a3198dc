// A tiny Python highlighter: enough tokens (comments, strings, numbers, keywords, builtins,
// decorators, definitions) to make model-written chart code readable. Pure tokenizer + DOM shell.
export type TokenType = "comment" | "string" | "number" | "keyword" | "builtin" | "decorator" | "def" | "text";
export interface Token {
  type: TokenType;
  text: string;
}

const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case".split(
    " ",
  ),
);
const BUILTINS = new Set(
  "abs all any bool dict enumerate filter float format getattr hasattr int isinstance len list map max min open print range reversed round set setattr sorted str sum tuple type zip __import__ eval exec compile input".split(
    " ",
  ),
);
const TOKEN =
  /(#[^\n]*)|((?:[rRbBuUfF]{1,2})?(?:"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$)|"(?:\\.|[^"\\\n])*"?|'(?:\\.|[^'\\\n])*'?))|((?:\b\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?j?\b)|(@[A-Za-z_][\w.]*)|([A-Za-z_]\w*)/g;

export function tokenize(code: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  let prevWord = "";
  const push = (type: TokenType, text: string) => {
    const prev = out[out.length - 1];
    if (type === "text" && prev?.type === "text") prev.text += text;
    else out.push({ type, text });
  };
  for (const m of code.matchAll(TOKEN)) {
    const i = m.index ?? 0;
    if (i > last) push("text", code.slice(last, i));
    const [text, comment, str, number, deco, word] = m;
    if (comment) push("comment", text);
    else if (str) push("string", text);
    else if (number) push("number", text);
    else if (deco) push("decorator", text);
    else if (word) {
      if (prevWord === "def" || prevWord === "class") push("def", text);
      else if (KEYWORDS.has(text)) push("keyword", text);
      else if (BUILTINS.has(text)) push("builtin", text);
      else push("text", text);
      prevWord = text;
    }
    if (!word) prevWord = "";
    last = i + text.length;
  }
  if (last < code.length) push("text", code.slice(last));
  return out;
}

/** The code as a highlighted block, reachable with Tab (it scrolls) and named by `label`. */
export function highlighted(code: string, label = "Code"): HTMLElement {
  const pre = document.createElement("pre");
  pre.className = "dl-code";
  // Scrolls both ways: reachable with Tab, named, and a group rather than a landmark.
  pre.tabIndex = 0;
  pre.setAttribute("role", "group");
  pre.setAttribute("aria-label", label);
  const c = document.createElement("code");
  for (const t of tokenize(code)) {
    if (t.type === "text") c.append(document.createTextNode(t.text));
    else {
      const span = document.createElement("span");
      span.className = `dl-tok-${t.type}`;
      span.textContent = t.text;
      c.append(span);
    }
  }
  pre.append(c);
  return pre;
}
