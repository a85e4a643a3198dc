// What the faithfulness worker does with one request (faith-worker.ts is its thread shell): read
// the CSV the first time its key is seen, with the same reader the kernel used (a string is cheap
// to post; 50,000 rows of fields are not) and build what every check of it uses, both before a
// check's time limit starts (or when graphite() starts, asked to prepare); keep the last few, and
// check the figures against it.
// Pure apart from that small cache.
import type { Faithfulness } from "../schema/graphite";
import type { FigureMeasure } from "../schema/sandbox";
import { parseCsvText, type CsvData } from "./csv";
import { checkFaithfulness, warmTable } from "./faithfulness";

/** What the kernel posts: the CSV's text the first time this worker sees its key, then only the key. */
export interface FaithRequest {
  id: number;
  key: number;
  csv?: { text: string; name: string; bytes: number; encoding: CsvData["encoding"] };
  figures: FigureMeasure[];
  /** Only read the CSV and build what every check of it uses (graphite() asks as it starts). */
  prepare?: boolean;
}

/** The worker's messages: once "ready" when loaded; per check "started" (its time limit starts) then the answer. */
export type FaithMessage = { ready: true } | { id: number; started: true } | { id: number; faithfulness: Faithfulness } | { id: number; error: string };

// The last few CSVs read: a batch alternates between a handful of datasets at most. The pool
// (faith-offload.ts) forgets in the same order, so it sends the text again once a table is gone.
export const TABLES_KEPT = 4;
const KEEP = TABLES_KEPT;
const tables = new Map<number, CsvData>();

/** The CSV of a request, read once per key. */
export function tableOf(m: FaithRequest): CsvData {
  let table = tables.get(m.key);
  if (!table) {
    if (!m.csv) throw new Error("the worker was sent a check for a CSV it has not read");
    table = parseCsvText(m.csv.text, m.csv.name, m.csv.bytes, { encoding: m.csv.encoding });
    // typed as the check reads it, and the readings every chart of it is searched against, built
    // now, before any time limit (kept per table object, faithfulness/memo)
    warmTable(table);
    tables.set(m.key, table);
    while (tables.size > KEEP) tables.delete(tables.keys().next().value!);
  } else if (m.csv) {
    // sent again (the pool forgot it after a failed check): newest again, as in the pool's list
    tables.delete(m.key);
    tables.set(m.key, table);
  }
  return table;
}

/** Handle one request: `started` is called once the CSV is read, just before the check runs. */
export function answer(m: FaithRequest, started: () => void): FaithMessage {
  try {
    const table = tableOf(m);
    if (m.prepare) return { id: m.id, faithfulness: { verdict: "unchecked", checks: [] } };
    started();
    return { id: m.id, faithfulness: checkFaithfulness(table, m.figures) };
  } catch (e) {
    return { id: m.id, error: e instanceof Error ? e.message : String(e) };
  }
}
