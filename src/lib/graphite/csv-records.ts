// Splitting CSV text into records the way pandas' C tokenizer does with its defaults: one
// delimiter, '"' quotes ("" inside a quoted field is a quote; a quote inside an unquoted field is
// a plain character; text after a closing quote joins the field), quoted fields may hold line
// breaks, \n, \r\n and a lone \r (old Mac) all end a line, and blank or whitespace-only lines are
// skipped. Each record keeps the line number pandas would name in an error. Pure.

export interface CsvRecord {
  fields: string[];
  /** Offsets of the record in the text (start inclusive, end exclusive, line break excluded). */
  start: number;
  end: number;
  /** pandas' line number: lines ended outside quotes, counting skipped blank lines, from 1. */
  line: number;
}

export class UnclosedQuote extends Error {
  constructor(readonly line: number) {
    super(`a quoted field opened on line ${line} is never closed`);
  }
}

/** All records of `text` split on `sep`; `limit` stops after that many (for sniffing). */
export function splitRecords(text: string, sep: string, limit = Infinity): CsvRecord[] {
  const out: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let start = 0;
  let i = 0;
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let quoteLine = 0;
  const n = text.length;
  const finish = (end: number) => {
    fields.push(field);
    // A blank line, or one of spaces and tabs with no delimiter in it, is skipped.
    const blank = fields.length === 1 && !wasQuoted && /^[ \t]*$/.test(fields[0]!);
    if (!blank) out.push({ fields, start, end, line });
    fields = [];
    field = "";
    wasQuoted = false;
  };
  while (i < n && out.length < limit) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === "") {
      quoted = true;
      wasQuoted = true;
      quoteLine = line;
      i++;
      continue;
    }
    if (c === sep) {
      fields.push(field);
      field = "";
      i++;
      continue;
    }
    if (c === "\n" || c === "\r") {
      const end = i;
      if (c === "\r" && text[i + 1] === "\n") i++;
      i++;
      finish(end);
      line++;
      start = i;
      continue;
    }
    // Plain characters up to the next delimiter or line end join the field in one slice (a quote
    // here is a plain character, as in pandas).
    let j = i + 1;
    while (j < n) {
      const d = text[j]!;
      if (d === sep || d === "\n" || d === "\r") break;
      j++;
    }
    field += text.slice(i, j);
    i = j;
  }
  if (out.length >= limit) return out;
  if (quoted) throw new UnclosedQuote(quoteLine);
  if (field !== "" || fields.length > 0 || wasQuoted) finish(n);
  return out;
}
