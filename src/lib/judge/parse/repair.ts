// Structural repairs a judge's near-JSON needs, made outside strings only: Python literals, bare
// keys, trailing commas, // and /* */ comments, and single-quoted strings to double-quoted ones.
// String contents are copied untouched. Pure: no I/O.
import { endOfString } from "./scanner";
import { closesHere, normalisePunctuation, opensValue } from "./punctuation";

/**
 * Outside double-quoted strings: Python literals to JSON, trailing commas removed, comments
 * dropped, bare object keys quoted. Strings are copied untouched.
 */
export function repairStructure(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
      continue;
    }
    if (c === ",") {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === "]" || text[j] === "}") {
        i++;
        continue;
      }
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 64));
    if (word && !/[A-Za-z0-9_]/.test(text[i - 1] ?? "")) {
      const w = word[0];
      const literal = w === "True" ? "true" : w === "False" ? "false" : w === "None" ? "null" : null;
      const rest = text.slice(i + w.length);
      if (literal) out += literal;
      else if (/^\s*:/.test(rest) && /[{,]\s*$/.test(out)) out += `"${w}"`;
      else out += w;
      i += w.length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

export function repair(text: string): string {
  return repairStructure(normalisePunctuation(text));
}

/**
 * Single-quoted strings to double-quoted ones. A quote opens a string only where a value or key
 * may start (so prose like "Here's" never does) and closes it only when what follows is structure
 * (, : ] } or the end), so apostrophes inside words ("don't") survive.
 */
export function singleToDoubleQuotes(text: string): string {
  let out = "";
  let last = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      last = '"';
      i = end;
      continue;
    }
    if (c !== "'" || !opensValue(last)) {
      out += c;
      if (c.trim() !== "") last = c;
      i++;
      continue;
    }
    let body = "";
    let j = i + 1;
    for (; j < text.length; j++) {
      const d = text[j]!;
      if (d === "\\" && text[j + 1] === "'") {
        body += "'";
        j++;
      } else if (d === "\\") {
        body += d + (text[j + 1] ?? "");
        j++;
      } else if (d === "'" && closesHere(text, j + 1)) break;
      else if (d === '"') body += '\\"';
      else body += d;
    }
    out += `"${body}"`;
    last = '"';
    i = j + 1;
  }
  return out;
}
