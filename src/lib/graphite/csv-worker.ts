// The thread a big CSV is read in (started by csv-offload.ts, one per read), so the kernel's event
// loop never holds for a 50,000-row parse: the input is read with graphite's own reader (readCsv:
// the same data, the same sentences), then handed back as csv-transfer.ts says, one slice each time
// the kernel asks, so the kernel's loop turns between slices. Thread shell.
import { parentPort, workerData } from "node:worker_threads";
import { readCsv, type CsvData, type CsvInput } from "./csv";
import { headOf, sliceCount, sliceOf, type CsvReaderMessage, type CsvSliceRequest } from "./csv-transfer";

const post = (m: CsvReaderMessage) => parentPort?.postMessage(m);
const input = (workerData as { input: CsvInput }).input;
let data: CsvData | null = null;
try {
  data = readCsv(input);
} catch (e) {
  const err = e instanceof Error ? e : new Error(String(e));
  post({ error: { name: err.name, message: err.message } });
}
if (data) {
  const read = data;
  parentPort?.on("message", (m: CsvSliceRequest) => post({ slice: m.next, part: sliceOf(read, m.next) }));
  post({ head: headOf(read, typeof input === "string" ? input : null), slices: sliceCount(read) });
}
