// A read CSV handed from the reader's worker thread to the kernel's in pieces (csv-worker.ts sends,
// csv-offload.ts receives): first its head (everything but the rows, and the text only when the
// kernel does not hold it already), then its rows a slice at a time, or, for a graphite run, no rows
// at all (the kernel's thread never reads them: the checks read the text again in their own
// workers). A message is deserialized on the kernel's thread in one piece: 50,000 rows of 8 fields
// in one message hold it ~50 ms, a slice of a few thousand fields a few. Pure.
import type { CsvData } from "./csv";

/** About this many fields per slice of rows (whole rows; at least one row per slice). */
export const SLICE_FIELDS = 8192;

/**
 * The CSV without its rows: what a graphite run holds on the kernel's thread (the prompt, the
 * result's csv, the warnings, the text for the sandbox and the checking workers). The rows of a
 * 50,000-row file are ~18 MB of the kernel's heap that only the collector would ever touch.
 */
export type CsvHead = Omit<CsvData, "rows" | "index">;

/** The head as the worker sends it (without its text when `text` is null: the kernel's own input is it). */
export type CsvHeadMessage = Omit<CsvHead, "text"> & { text: string | null; indexed: boolean };

export interface CsvSlice {
  rows: string[][];
  index: string[] | null;
}

/** What the reader's worker says: the head and how many slices follow, one slice, or what the reader threw. */
export type CsvReaderMessage = { head: CsvHeadMessage; slices: number } | { slice: number; part: CsvSlice } | { error: { name: string; message: string } };

/** What the kernel asks the reader's worker for: the next slice. */
export interface CsvSliceRequest {
  next: number;
}

/** Rows per slice: every row has the same number of fields (short rows were padded). */
export function rowsPerSlice(data: CsvData): number {
  const width = Math.max(1, (data.rows[0]?.length ?? 0) + (data.index ? 1 : 0));
  return Math.max(1, Math.floor(SLICE_FIELDS / width));
}

export function sliceCount(data: CsvData): number {
  return Math.ceil(data.rows.length / rowsPerSlice(data));
}

/** The head, with the text left out when the kernel already holds the same text. */
export function headOf(data: CsvData, kernelText: string | null): CsvHeadMessage {
  const { rows: _rows, index, text, ...rest } = data;
  return { ...rest, text: text === kernelText ? null : text, indexed: index !== null };
}

/** The CSV without its rows (a copy of the top level: the warnings are the caller's to extend). */
export function withoutRows(data: CsvHead): CsvHead {
  const { rows: _rows, index: _index, ...head } = data as CsvData;
  return { ...head, warnings: [...head.warnings] };
}

/** The head put back from the worker's message (`kernelText` when the message left it out). */
export function headFrom(m: CsvHeadMessage, kernelText: string | null): CsvHead {
  const { indexed: _indexed, text, ...rest } = m;
  const full = text ?? kernelText;
  if (full === null) throw new Error("the CSV reader's worker sent no text for a CSV the kernel does not hold");
  return { ...rest, text: full };
}

export function sliceOf(data: CsvData, k: number): CsvSlice {
  const per = rowsPerSlice(data);
  return { rows: data.rows.slice(k * per, (k + 1) * per), index: data.index ? data.index.slice(k * per, (k + 1) * per) : null };
}

/** The CSV put back together from its head and slices in order (`kernelText` when the head left it out). */
export class CsvAssembly {
  private readonly rows: string[][] = [];
  private readonly index: string[] | null;

  constructor(
    private readonly head: CsvHeadMessage,
    private readonly kernelText: string | null,
  ) {
    this.index = head.indexed ? [] : null;
  }

  add(part: CsvSlice): void {
    for (const r of part.rows) this.rows.push(r);
    if (this.index && part.index) for (const v of part.index) this.index.push(v);
  }

  data(): CsvData {
    return { ...headFrom(this.head, this.kernelText), rows: this.rows, index: this.index };
  }
}
