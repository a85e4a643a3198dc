// Reading graphite's CSV without holding the kernel's event loop. A small input (under 256 KB) is
// read on the kernel's thread as before (a few ms); a big one in a worker thread (csv-worker.ts)
// that hands the rows back a slice per turn of the loop (csv-transfer.ts), so progress, other cells'
// widgets and Cancel go on while 50,000 rows are parsed. The result is readCsv's own, and so is
// every sentence a bad CSV gets (the worker runs readCsv; a CsvError comes back as a CsvError). A
// text read lately, or being read now, is not read again: ten runs started at once on the same
// text share one read. A worker that cannot start or dies reads on the kernel's thread instead
// (slower, never different). I/O shell.
import fs from "node:fs";
import { Worker } from "node:worker_threads";
import { CSV_MAX_BYTES, CsvError, readCsv, recallCsv, rememberCsv, type CsvData, type CsvInput } from "./csv";
import { CsvAssembly, headFrom, withoutRows, type CsvHead, type CsvReaderMessage, type CsvSliceRequest } from "./csv-transfer";
import { helperNice, niceWorkerScript } from "../sandbox/priority";
import { besideMe, workerScript } from "./worker-script";

/** Inputs at least this big are read in a worker. */
export const OFFLOOP_MIN_BYTES = 256 * 1024;

export interface CsvReadOptions {
  /** Read in a worker from this size up (default OFFLOOP_MIN_BYTES; tests pass 0). */
  minBytes?: number;
  /** The worker's script (default csv-worker beside this file; tests pass one that fails). */
  script?: string;
  /** Called as each slice of rows arrives, with its number (tests watch the loop turn between them). */
  onSlice?: (k: number) => void;
}

/**
 * How the kernel's CSVs were read, counted since the process started (tests and the bench read
 * it); `heads` counts the reads of a worker that sent the head only (they count in `worker` too).
 */
export const csvReads = { inline: 0, worker: 0, recalled: 0, shared: 0, fellBack: 0, slices: 0, heads: 0 };

const defaultScript = () => besideMe(__dirname, __filename, "csv-worker");

// Texts being read now: a second run on the same text waits for the first read.
const reading = new Map<string, Promise<CsvData>>();

const copy = (d: CsvData): CsvData => ({ ...d, warnings: [...d.warnings] });

// The heads of the last few texts read by readCsvHead, and the head reads under way: a batch or a
// notebook passes the same text to run after run.
const HEADS_KEEP = 4;
const heads = new Map<string, CsvHead>();
const readingHeads = new Map<string, Promise<CsvHead>>();

/** Forget every head read (the bench measures a first read; tests start clean). */
export function forgetCsvHeads(): void {
  heads.clear();
}

function rememberHead(text: string, head: CsvHead): void {
  heads.delete(text);
  heads.set(text, head);
  while (heads.size > HEADS_KEEP) heads.delete(heads.keys().next().value!);
}

/** How big an input is, when it is one a worker can be given (null: readCsv refuses or reads it as it will). */
function sizeOf(input: CsvInput | undefined | null): number | null {
  if (typeof input === "string") return Buffer.byteLength(input, "utf8");
  if (input instanceof Uint8Array) return input.byteLength;
  if (typeof input === "object" && input !== null && typeof (input as { path?: unknown }).path === "string") {
    try {
      const st = fs.statSync((input as { path: string }).path);
      return st.isFile() ? st.size : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** readCsv's result for `input`, read off the kernel's loop when it is big. Rejects with readCsv's own error. */
export async function readCsvOffLoop(input: CsvInput | undefined | null, o: CsvReadOptions = {}): Promise<CsvData> {
  if (typeof input === "string") {
    const hit = recallCsv(input);
    if (hit) {
      csvReads.recalled++;
      return hit;
    }
    const now = reading.get(input);
    if (now) {
      csvReads.shared++;
      return copy(await now);
    }
  }
  const size = sizeOf(input);
  // Inputs readCsv refuses by their size alone are refused here at once, as readCsv refuses them.
  if (size === null || size < (o.minBytes ?? OFFLOOP_MIN_BYTES) || size > CSV_MAX_BYTES) {
    csvReads.inline++;
    return readCsv(input);
  }
  if (typeof input !== "string") return copy(await inWorker(input as CsvInput, o, false));
  const text = input;
  const p = inWorker(text, o, false).then((d) => {
    rememberCsv(text, d);
    return d;
  });
  reading.set(text, p);
  try {
    return copy(await p);
  } finally {
    reading.delete(text);
  }
}

/**
 * What graphite() needs of `input` on the kernel's thread: readCsv's result without the rows, read
 * in a worker that never sends them when the input is big. Rejects with readCsv's own error.
 */
export async function readCsvHead(input: CsvInput | undefined | null, o: CsvReadOptions = {}): Promise<CsvHead> {
  if (typeof input === "string") {
    const hit = heads.get(input);
    const full = hit ? undefined : recallCsv(input);
    if (hit || full) {
      csvReads.recalled++;
      return withoutRows(hit ?? full!);
    }
    const now = readingHeads.get(input);
    if (now) {
      csvReads.shared++;
      return withoutRows(await now);
    }
  }
  const size = sizeOf(input);
  if (size === null || size < (o.minBytes ?? OFFLOOP_MIN_BYTES) || size > CSV_MAX_BYTES) {
    csvReads.inline++;
    const head = withoutRows(readCsv(input));
    if (typeof input === "string") rememberHead(input, head);
    return withoutRows(head);
  }
  if (typeof input !== "string") return inWorker(input as CsvInput, o, true);
  const text = input;
  const p = inWorker(text, o, true).then((h) => {
    rememberHead(text, h);
    return h;
  });
  readingHeads.set(text, p);
  try {
    return withoutRows(await p);
  } finally {
    readingHeads.delete(text);
  }
}

/** One read in a new worker; the worker is ended once the last slice is in, or once the head is, for a head-only read. */
function inWorker(input: CsvInput, o: CsvReadOptions, headOnly: true): Promise<CsvHead>;
function inWorker(input: CsvInput, o: CsvReadOptions, headOnly: false): Promise<CsvData>;
function inWorker(input: CsvInput, o: CsvReadOptions, headOnly: boolean): Promise<CsvData | CsvHead> {
  return new Promise<CsvData | CsvHead>((resolve, reject) => {
    let settled = false;
    let assembly: CsvAssembly | null = null;
    let slices = 0;
    let worker: Worker;
    const done = (f: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      f();
    };
    // A worker that cannot start, dies or sends what cannot be put together: read on this thread
    // (the same data, only slower).
    const inline = () => {
      csvReads.fellBack++;
      try {
        resolve(headOnly ? withoutRows(readCsv(input)) : readCsv(input));
      } catch (e) {
        reject(e);
      }
    };
    const fallBack = () => done(inline);
    try {
      // At DUELLAB_HELPER_NICE when it is set, as the checking workers (../sandbox/priority.ts).
      const s = niceWorkerScript(workerScript(o.script ?? defaultScript()), helperNice());
      // Not the parent's flags: under `node --test` they would make the worker a test runner too.
      worker = new Worker(s.file, { eval: s.eval, execArgv: [], workerData: { input } });
    } catch {
      return inline();
    }
    csvReads.worker++;
    const ask = (next: number) => worker.postMessage({ next } satisfies CsvSliceRequest);
    worker.on("message", (m: CsvReaderMessage) => {
      if (settled) return;
      if ("error" in m) {
        const e = m.error.name === "CsvError" ? new CsvError(m.error.message) : Object.assign(new Error(m.error.message), { name: m.error.name });
        return done(() => reject(e));
      }
      if ("head" in m && headOnly) {
        csvReads.heads++;
        const head = m.head;
        // The worker is ended with its rows unsent: a graphite run never reads them on this thread.
        return done(() => {
          try {
            resolve(headFrom(head, typeof input === "string" ? input : null));
          } catch {
            inline();
          }
        });
      }
      if ("head" in m) {
        assembly = new CsvAssembly(m.head, typeof input === "string" ? input : null);
        slices = m.slices;
      } else {
        if (!assembly) return fallBack();
        assembly.add(m.part);
        csvReads.slices++;
        o.onSlice?.(m.slice);
        if (m.slice + 1 >= slices) {
          const a = assembly;
          return done(() => {
            try {
              resolve(a.data());
            } catch {
              inline();
            }
          });
        }
      }
      // The next slice is asked for on the loop's next turn, so timers and I/O run between slices.
      const next = "head" in m ? 0 : m.slice + 1;
      if (next < slices) setImmediate(() => !settled && ask(next));
      else if ("head" in m) fallBack(); // a CSV with no data rows is refused by readCsv: never sent
    });
    worker.on("error", fallBack);
    worker.on("exit", () => {
      if (!settled) fallBack();
    });
  });
}
