// The CSV a graphite run is about: read once at the boundary (text, bytes or a file path),
// checked, and described (row count, columns, the preview the models see). Bad input gets one
// sentence that says what is wrong and what to do; nothing huge is ever read into a prompt.
import fs from "node:fs";
import path from "node:path";

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
  columns: string[];
  /** Data rows (header excluded), split into fields. */
  rows: string[][];
  rowCount: number;
  /** The header and the first 25 data rows exactly as they appear in the file. */
  preview: string;
}

export class CsvError extends Error {
  override name = "CsvError";
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Read and check a CSV from text, bytes or `{ path }`. Throws CsvError with one clear sentence. */
export function readCsv(input: CsvInput | undefined | null): CsvData {
  if (input === undefined || input === null || (typeof input === "string" && input.trim() === "")) {
    if (typeof input === "string") throw new CsvError("The CSV is empty: pass CSV text with a header row, { path: \"data.csv\" }, or buildLogCsv().");
    throw new CsvError("graphite needs a CSV: pass csv: buildLogCsv(), CSV text, or { path: \"data.csv\" }.");
  }
  if (typeof input === "string") {
    const bytes = Buffer.byteLength(input, "utf8");
    if (bytes > CSV_MAX_BYTES) throw tooBig(bytes);
    if (!/[\r\n]/.test(input.trim()) && /\.(csv|tsv|txt)$/i.test(input.trim())) {
      throw new CsvError(`The csv option looks like a file name ("${input.trim()}"), not CSV text: pass { path: "${input.trim()}" } to read a file.`);
    }
    if (input.includes("\uFFFD")) {
      throw new CsvError("The CSV text contains U+FFFD replacement characters, so it was decoded from a file that is not UTF-8: re-encode the file as UTF-8 (e.g. iconv -f latin1 -t utf-8) and pass { path } instead.");
    }
    return parseCsvText(input, "data.csv", bytes);
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
  throw new CsvError("The csv option must be CSV text, a Uint8Array, or { path: \"data.csv\" }.");
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
    const at = firstBadUtf8(buf);
    throw new CsvError(
      `The CSV ${name} is not UTF-8 (invalid byte 0x${buf[at]!.toString(16).padStart(2, "0")} at offset ${at}): re-encode it as UTF-8 first, e.g. iconv -f latin1 -t utf-8 in.csv > out.csv.`,
    );
  }
  return parseCsvText(text, name, buf.byteLength);
}

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

interface Record_ {
  fields: string[];
  start: number;
  end: number;
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
function splitRecords(text: string, name: string): Record_[] {
  const out: Record_[] = [];
  let fields: string[] = [];
  let field = "";
  let start = 0;
  let i = 0;
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  const n = text.length;
  while (i < n) {
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
      if (c === "\n") line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === "") {
      quoted = true;
      quoteLine = line;
      i++;
      continue;
    }
    if (c === ",") {
      fields.push(field);
      field = "";
      i++;
      continue;
    }
    if (c === "\n" || c === "\r") {
      const end = i;
      if (c === "\r" && text[i + 1] === "\n") i++;
      i++;
      line++;
      fields.push(field);
      if (!(fields.length === 1 && fields[0] === "")) out.push({ fields, start, end });
      fields = [];
      field = "";
      start = i;
      continue;
    }
    field += c;
    i++;
  }
  if (quoted) throw new CsvError(`The CSV ${name} is malformed: a quoted field opened on line ${quoteLine} is never closed; check for a stray " character.`);
  if (field !== "" || fields.length > 0) {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "")) out.push({ fields, start, end: n });
  }
  return out;
}

export function parseCsvText(raw: string, name = "data.csv", bytes = Buffer.byteLength(raw, "utf8")): CsvData {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.trim() === "") throw new CsvError(`The CSV ${name} is empty: it needs a header row and at least one data row.`);
  if (text.slice(0, 8192).includes("\u0000")) {
    throw new CsvError(`The CSV ${name} contains NUL bytes, so it is binary (or UTF-16), not CSV: export it as UTF-8 CSV text.`);
  }
  const recs = splitRecords(text, name);
  const header = recs[0]!;
  const columns = header.fields.map((f) => f.trim());
  if (columns.length < 2) {
    throw new CsvError(`The CSV ${name} has a single column ("${columns[0]!.slice(0, 40)}"): graphite expects comma-separated values with a header row; convert tabs or semicolons to commas.`);
  }
  const empty = columns.findIndex((c) => c === "");
  if (empty >= 0 && empty !== 0) {
    throw new CsvError(`The CSV ${name} has an empty column name in position ${empty + 1} of the header: name every column.`);
  }
  const dataRecs = recs.slice(1);
  if (dataRecs.length === 0) throw new CsvError(`The CSV ${name} has a header but no data rows: add at least one row.`);
  for (let r = 0; r < dataRecs.length; r++) {
    const got = dataRecs[r]!.fields.length;
    if (got !== columns.length) {
      throw new CsvError(
        `The CSV ${name} is malformed: data row ${r + 1} has ${got} fields but the header has ${columns.length}; quote fields that contain commas.`,
      );
    }
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
    rows: dataRecs.map((r) => r.fields),
    rowCount: dataRecs.length,
    preview,
  };
}
