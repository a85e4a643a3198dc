// A read CSV handed from the reader's worker thread to the kernel's in pieces (csv-worker.ts sends,
// csv-offload.ts receives): first its head (everything but the rows, and the text only when the
// kernel does not hold it already), then its rows a slice at a time. A message is deserialized on
// the kernel's thread in one piece: 50,000 rows of 8 fields in one message hold it ~50 ms, a slice
// of a few thousand fields a few. Pure.
import type { CsvData } from "./csv";

/** About this many fields per slice of rows (whole rows; at least one row per slice). */
export const SLICE_FIELDS = 8192;

/** The CSV without its rows (and without its text when `text` is null: the kernel's own input is it). */
export type CsvHead = Omit<CsvData, "rows" | "index" | "text"> & { text: string | null; indexed: boolean };

export interface CsvSlice {
  rows: string[][];
  index: string[] | null;
}

/** What the reader's worker says: the head and how many slices follow, one slice, or what the reader threw. */
export type CsvReaderMessage = { head: CsvHead; slices: number } | { slice: number; part: CsvSlice } | { error: { name: string; message: string } };

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
export function headOf(data: CsvData, kernelText: string | null): CsvHead {
  const { rows: _rows, index, text, ...rest } = data;
  return { ...rest, text: text === kernelText ? null : text, indexed: index !== null };
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
    private readonly head: CsvHead,
    private readonly kernelText: string | null,
  ) {
    this.index = head.indexed ? [] : null;
  }

  add(part: CsvSlice): void {
    for (const r of part.rows) this.rows.push(r);
    if (this.index && part.index) for (const v of part.index) this.index.push(v);
  }

  data(): CsvData {
    const { indexed: _indexed, text, ...rest } = this.head;
    const full = text ?? this.kernelText;
    if (full === null) throw new Error("the CSV reader's worker sent no text for a CSV the kernel does not hold");
    return { ...rest, text: full, rows: this.rows, index: this.index };
  }
}
