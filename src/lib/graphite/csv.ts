// The CSV a graphite run is about: read once at the boundary (text, bytes or a file path) the way
// pandas.read_csv reads it, and described (columns as pandas names them, row count, each column's
// kind, the preview the models see, and the exact read_csv call that reads it). The delimiter is
// sniffed (comma, semicolon, tab, pipe) and a decimal comma recognised: the models are told the
// call, and the faithfulness check reads the same way. What pandas refuses is refused with a true
// sentence that says what to do; nothing huge is ever read into a prompt. I/O only at the edge.
import fs from "node:fs";
import path from "node:path";
import { splitRecords, UnclosedQuote, type CsvRecord } from "./csv-records";
import { columnKind, pandasNames, parseNumber, isNA, type ColumnKind, type Decimal } from "./csv-typing";

export const CSV_MAX_BYTES = 50 * 1024 * 1024;
export const PREVIEW_ROWS = 25;
export const PREVIEW_LINE_MAX = 1000;

export type CsvInput = string | Uint8Array | { path: string };

export interface CsvData {
  /** The file name the user gave, or "data.csv" for text. */
  name: string;
  /** The full text (UTF-8, BOM removed), given to the sandbox as ./data.csv. */
  text: string;
  bytes: number;
  /** Column names exactly as pandas gives them ("Unnamed: 0", "v.1"; never trimmed). */
  columns: string[];
  /** Data rows (header excluded), split into fields, short rows padded with "" (NaN). */
  rows: string[][];
  rowCount: number;
  /** The header and the first 25 data rows exactly as they appear in the file. */
  preview: string;
  /** The field delimiter pandas must be given (sep=) when it is not a comma. */
  sep: string;
  /** The decimal mark of the numbers ("," must be passed as decimal=","). */
  decimal: Decimal;
  /** The file's encoding; a Latin-1 or Windows-1252 file reaches the sandbox as a UTF-8 copy. */
  encoding: "utf-8" | "latin-1" | "windows-1252";
  /** The call that reads ./data.csv as graphite read it, e.g. pd.read_csv("data.csv", sep=";"). */
  readCall: string;
  /** Each column's kind as pandas types it (numeric with NaN gaps, bool, date text, text). */
  kinds: ColumnKind[];
  /** Values of the implicit index (rows with one field more than the header), else null. */
  index: string[] | null;
  /** What was read differently from a plain file (short rows, Latin-1), one sentence each. */
  warnings: string[];
}

export class CsvError extends Error {
  override name = "CsvError";
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Read and check a CSV from text, bytes or `{ path }`. Throws CsvError with one clear sentence. */
export function readCsv(input: CsvInput | undefined | null): CsvData {
  if (input === undefined || input === null || (typeof input === "string" && input.trim() === "")) {
    if (typeof input === "string") throw new CsvError('The CSV is empty: pass CSV text with a header row, { path: "data.csv" }, or buildLogCsv().');
    throw new CsvError('graphite needs a CSV: pass csv: buildLogCsv(), CSV text, or { path: "data.csv" }.');
  }
  if (typeof input === "string") {
    const bytes = Buffer.byteLength(input, "utf8");
    if (bytes > CSV_MAX_BYTES) throw tooBig(bytes);
    if (!/[\r\n]/.test(input.trim()) && /\.(csv|tsv|txt)$/i.test(input.trim())) {
      throw new CsvError(`The csv option looks like a file name ("${input.trim()}"), not CSV text: pass { path: "${input.trim()}" } to read a file.`);
    }
    if (input.includes("\uFFFD")) {
      throw new CsvError(
        "The CSV text contains U+FFFD replacement characters, so it was decoded from a file that is not UTF-8: re-encode the file as UTF-8 (e.g. iconv -f latin1 -t utf-8) and pass { path } instead.",
      );
    }
    return readOnce(input, () => parseCsvText(input, "data.csv", bytes));
  }
  if (input instanceof Uint8Array) return fromBytes(input, "data.csv");
  if (typeof input === "object" && typeof (input as { path?: unknown }).path === "string") {
    const p = (input as { path: string }).path;
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      throw new CsvError(`Cannot read the CSV file ${p}: it does not exist (paths are relative to ${process.cwd()}).`);
    }
    if (!st.isFile()) throw new CsvError(`The CSV path ${p} is not a regular file: pass the path of a .csv file.`);
    // Refuse by size before reading a byte, so a 100 MB file never lands in memory or a prompt.
    if (st.size > CSV_MAX_BYTES) throw tooBig(st.size, p);
    return fromBytes(fs.readFileSync(p), path.basename(p));
  }
  throw new CsvError('The csv option must be CSV text, a Uint8Array, or { path: "data.csv" }.');
}

// The last few CSV texts read: a batch or a notebook passes the same text to run after run, and a
// 50,000-row file takes a good part of a second to read. csv-offload.ts reads big texts in a worker
// and keeps what it read here too, so either reader finds it.
const READ_KEEP = 4;
const recent = new Map<string, CsvData>();

/** A copy of what `text` read as, when it was read lately (the caller may change its warnings). */
export function recallCsv(text: string): CsvData | undefined {
  const hit = recent.get(text);
  return hit ? { ...hit, warnings: [...hit.warnings] } : undefined;
}

/** Keep what `text` read as (the last few texts). */
export function rememberCsv(text: string, data: CsvData): void {
  recent.delete(text);
  recent.set(text, data);
  while (recent.size > READ_KEEP) recent.delete(recent.keys().next().value!);
}

/** Forget every text read (the bench measures a first read; tests start clean). */
export function forgetCsvReads(): void {
  recent.clear();
}

function readOnce(text: string, read: () => CsvData): CsvData {
  const hit = recallCsv(text);
  if (hit) return hit;
  const data = read();
  rememberCsv(text, data);
  return { ...data, warnings: [...data.warnings] };
}

function tooBig(bytes: number, p?: string): CsvError {
  return new CsvError(
    `The CSV${p ? ` ${p}` : ""} is ${mb(bytes)}, over the ${mb(CSV_MAX_BYTES)} limit: sample or aggregate it first (e.g. df.sample(100_000).to_csv(...)).`,
  );
}

function fromBytes(buf: Uint8Array, name: string): CsvData {
  if (buf.byteLength > CSV_MAX_BYTES) throw tooBig(buf.byteLength);
  if (buf.byteLength === 0) throw new CsvError(`The CSV ${name} is empty (0 bytes): it needs a header row and at least one data row.`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    // pandas' default encoding (utf-8, strict) fails on such a file. Every byte is a Latin-1
    // character, so it is read as Latin-1 and the models get a UTF-8 copy (read without an
    // encoding argument); a file with NUL bytes is UTF-16 or binary, and is refused below.
    const at = firstBadUtf8(buf);
    const latin = Buffer.from(buf).toString("latin1");
    if (latin.slice(0, 8192).includes("\u0000")) return parseCsvText(latin, name, buf.byteLength);
    // Bytes 0x80-0x9F are control characters in Latin-1 but €, curly quotes and dashes in
    // Windows-1252 (what Excel writes in Western Europe): such a file is read as Windows-1252,
    // unless it holds one of the five bytes Windows-1252 leaves undefined (Python's cp1252 refuses those).
    const cp1252 = /[\x80-\x9f]/.test(latin) && !/[\x81\x8d\x8f\x90\x9d]/.test(latin);
    const encoding = cp1252 ? "windows-1252" : "latin-1";
    const text = cp1252 ? latin.replace(/[\x80-\x9f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!) : latin;
    const label = cp1252 ? 'Windows-1252 (as pd.read_csv(..., encoding="cp1252") does)' : 'Latin-1 (ISO-8859-1, as pd.read_csv(..., encoding="latin-1") does)';
    const note = `${name} is not UTF-8 (byte 0x${buf[at]!.toString(16).padStart(2, "0")} at offset ${at}), so pandas' default read_csv would stop with a UnicodeDecodeError; graphite read it as ${label} and gives the models a UTF-8 copy as data.csv.`;
    return parseCsvText(text, name, buf.byteLength, { encoding, note });
  }
  return parseCsvText(text, name, buf.byteLength);
}

// Windows-1252's characters for bytes 0x80-0x9F (Node's TextDecoder may lack the codec); the
// five undefined bytes are never looked up (such a file is read as Latin-1).
const CP1252_C1 =
  "\u20ac\u003f\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u003f\u017d\u003f\u003f\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u003f\u017e\u0178";

/** Offset of the first byte that breaks UTF-8 (a small validator: only used for the message). */
function firstBadUtf8(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    const len = b < 0x80 ? 1 : (b & 0xe0) === 0xc0 && b >= 0xc2 ? 2 : (b & 0xf0) === 0xe0 ? 3 : (b & 0xf8) === 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len === 0 || i + len > buf.length) return i;
    for (let k = 1; k < len; k++) if ((buf[i + k]! & 0xc0) !== 0x80) return i;
    i += len;
  }
  return Math.max(0, buf.length - 1);
}

const SEPS = [",", ";", "\t", "|"] as const;
const SNIFF_RECORDS = 50;

/**
 * The delimiter: the one whose first records split into the most consistent field count of at
 * least two (the modal count, to allow an implicit index column); a tie goes to the comma, which
 * is pandas' default. When no delimiter gives rows as long as the header, one that splits the
 * header and gives no longer row is taken (pandas pads the short rows). null when none splits the header.
 */
export function sniffDelimiter(text: string): string | null {
  let best: { sep: string; score: number } | null = null;
  let short: string | null = null;
  for (const sep of SEPS) {
    let recs: CsvRecord[];
    try {
      recs = splitRecords(text, sep, SNIFF_RECORDS);
    } catch {
      continue;
    }
    if (recs.length === 0 || recs[0]!.fields.length < 2) continue;
    const data = recs.slice(1);
    const counts = new Map<number, number>();
    for (const r of data) counts.set(r.fields.length, (counts.get(r.fields.length) ?? 0) + 1);
    const [mode, hits] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [recs[0]!.fields.length, 0];
    if (mode < recs[0]!.fields.length) {
      // rows shorter than the header: this delimiter only if no other fits and no row is longer
      if (short === null && data.every((r) => r.fields.length <= recs[0]!.fields.length)) short = sep;
      continue;
    }
    const score = data.length ? hits / data.length : 1;
    if (!best || score > best.score) best = { sep, score };
  }
  return best?.sep ?? short;
}

/** A decimal comma: some column reads as numbers with "," (and not with "."), and uses it. */
function sniffDecimal(columns: string[], rows: string[][], sep: string): Decimal {
  if (sep === ",") return ".";
  for (let c = 0; c < columns.length; c++) {
    let comma = false;
    let ok = true;
    let present = 0;
    for (const r of rows) {
      const v = r[c] ?? "";
      if (isNA(v)) continue;
      present++;
      if (parseNumber(v, ",") === null) {
        ok = false;
        break;
      }
      if (v.includes(",")) comma = true;
    }
    if (ok && comma && present > 0) return ",";
  }
  return ".";
}

const pyStr = (s: string) => JSON.stringify(s);

/** The pandas call that reads the file as graphite did. */
export function readCallFor(sep: string, decimal: Decimal, file = "data.csv"): string {
  const args = [pyStr(file)];
  if (sep !== ",") args.push(`sep=${pyStr(sep)}`);
  if (decimal !== ".") args.push(`decimal=${pyStr(decimal)}`);
  return `pd.read_csv(${args.join(", ")})`;
}

const SEP_NAME: Record<string, string> = { ",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe" };

function hasUnclosedQuote(text: string): boolean {
  try {
    splitRecords(text, ",");
    return false;
  } catch (e) {
    return e instanceof UnclosedQuote;
  }
}

/** No delimiter splits the header. Says what pandas' default read would do with the file. */
function singleColumn(text: string, name: string): CsvError {
  const first = text.trimStart().split(/\r\n?|\n/, 1)[0]!;
  let pandas = "";
  try {
    const recs = splitRecords(text, ",");
    // A first data row with more fields would become the index: pandas then expects that many.
    const expected = recs[1] ? Math.max(1, recs[1].fields.length) : 1;
    const bad = recs.slice(1).find((r) => r.fields.length > expected);
    if (bad)
      pandas = `, and pd.read_csv stops with "Error tokenizing data. C error: Expected ${expected} fields in line ${bad.line}, saw ${bad.fields.length}"`;
  } catch {
    // an unclosed quote: the single-column sentence below is still true
  }
  const why = first.startsWith("#")
    ? `it starts with "#" comment lines, which pandas does not skip unless told (comment="#"), so remove them to make the header the first line.`
    : first.trim() === "---"
      ? "it starts with a YAML front matter (---), which pandas reads as data, so remove it to make the header the first line."
      : "graphite needs at least two columns separated by commas, semicolons, tabs or pipes.";
  return new CsvError(`The CSV ${name} has a single column in its first line ("${first.slice(0, 40)}")${pandas}: ${why}`);
}

export function parseCsvText(
  raw: string,
  name = "data.csv",
  bytes = Buffer.byteLength(raw, "utf8"),
  o: { encoding?: CsvData["encoding"]; note?: string } = {},
): CsvData {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.trim() === "") throw new CsvError(`The CSV ${name} is empty: it needs a header row and at least one data row.`);
  if (text.slice(0, 8192).includes("\u0000")) {
    throw new CsvError(`The CSV ${name} contains NUL bytes, so it is binary (or UTF-16), not CSV: export it as UTF-8 CSV text.`);
  }
  // No delimiter splits a file whose quote never closes: read it with commas to say so.
  const sep = sniffDelimiter(text) ?? (hasUnclosedQuote(text) ? "," : null);
  if (sep === null) throw singleColumn(text, name);
  let recs: CsvRecord[];
  try {
    recs = splitRecords(text, sep);
  } catch (e) {
    if (e instanceof UnclosedQuote) {
      throw new CsvError(`The CSV ${name} is malformed: a quoted field opened on line ${e.line} is never closed; check for a stray " character.`);
    }
    throw e;
  }
  const header = recs[0]!;
  const columns = pandasNames(header.fields);
  const dataRecs = recs.slice(1);
  if (dataRecs.length === 0) throw new CsvError(`The CSV ${name} has a header but no data rows: add at least one row.`);
  // pandas: a first data row with more fields than the header makes the extra leading fields the
  // index; every row may then hold that many fields, fewer are padded with NaN, more are an error.
  const indexCols = Math.max(0, dataRecs[0]!.fields.length - header.fields.length);
  const expected = header.fields.length + indexCols;
  const short: number[] = [];
  for (let r = 0; r < dataRecs.length; r++) {
    const rec = dataRecs[r]!;
    const got = rec.fields.length;
    if (got > expected) {
      const comment = header.fields[0]!.startsWith("#")
        ? `the file starts with a "#" comment line, which pandas reads as the header unless told comment="#", so remove the comment lines.`
        : `that row has more fields than the header, so quote the field that contains a ${SEP_NAME[sep]} or fix the row.`;
      throw new CsvError(
        `The CSV ${name} cannot be read as pandas reads it (pd.read_csv stops with "Error tokenizing data. C error: Expected ${expected} fields in line ${rec.line}, saw ${got}"): ${comment}`,
      );
    }
    if (got < expected) {
      short.push(r + 1);
      while (rec.fields.length < expected) rec.fields.push("");
    }
  }
  const rows = dataRecs.map((r) => (indexCols ? r.fields.slice(indexCols) : r.fields));
  const index = indexCols ? dataRecs.map((r) => r.fields.slice(0, indexCols).join(" ")) : null;
  const decimal = sniffDecimal(columns, rows, sep);
  const kinds = columns.map((_, c) =>
    columnKind(
      rows.map((r) => r[c]!),
      decimal,
    ),
  );
  const warnings: string[] = [];
  if (o.note) warnings.push(o.note);
  if (short.length) {
    const list = short.slice(0, 5).join(", ") + (short.length > 5 ? ", ..." : "");
    warnings.push(
      `${short.length} data row${short.length === 1 ? " has" : "s have"} fewer fields than the header (row${short.length === 1 ? "" : "s"} ${list}): pandas fills the missing fields with NaN, and so did graphite.`,
    );
  }
  if (indexCols) {
    warnings.push(
      `The data rows have ${indexCols} field${indexCols === 1 ? "" : "s"} more than the header, so pandas uses the first ${indexCols === 1 ? "field" : `${indexCols} fields`} of each row as the index, not as a column.`,
    );
  }
  const previewEnd = dataRecs[Math.min(PREVIEW_ROWS, dataRecs.length) - 1]!.end;
  // A row of a wide file can be huge: cut long lines (and say so) so the prompt stays small.
  const preview = text
    .slice(header.start, previewEnd)
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => (l.length > PREVIEW_LINE_MAX ? `${l.slice(0, PREVIEW_LINE_MAX)} … (${l.length - PREVIEW_LINE_MAX} more characters)` : l))
    .join("\n");
  return {
    name,
    text,
    bytes,
    columns,
    rows,
    rowCount: dataRecs.length,
    preview,
    sep,
    decimal,
    encoding: o.encoding ?? "utf-8",
    readCall: readCallFor(sep, decimal),
    kinds,
    index,
    warnings,
  };
}
