// The child process that checks one CSV's charts, as graphite's checking worker does
// (faith-answer.ts): the CSV read by graphite's reader, its table warmed before any check
// (warmTable: graphite's workers do it while the models answer), then checkFaithfulness on each
// chart's figures, timed here alone. The parent (run.ts) holds the 5 s limit and ends this process
// when a check runs past it. The duellab code comes from the checkout given as argv[2] (--src),
// so any commit can be measured. Not pure: a process shell.
// Messages in: { csv: path } once, then { id, figures }. Out: { ready, warmMs } then { id, faith, ms }.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import type { CsvData } from "../../src/lib/graphite/csv";
import type { FigureMeasure } from "../../src/lib/schema/sandbox";

type CsvModule = typeof import("../../src/lib/graphite/csv");
type FaithModule = typeof import("../../src/lib/graphite/faithfulness");

const src = process.argv[2]!;
const load = <T>(rel: string): Promise<T> => import(pathToFileURL(path.join(src, rel)).href) as Promise<T>;

async function main(): Promise<void> {
  const { readCsv } = await load<CsvModule>("src/lib/graphite/csv.ts");
  const faith = await load<FaithModule>("src/lib/graphite/faithfulness.ts");
  let table: CsvData | null = null;
  process.on("message", (m: { csv?: string; id?: string; figures?: FigureMeasure[] }) => {
    if (m.csv) {
      const t0 = performance.now();
      table = readCsv({ path: m.csv });
      // older checkouts may predate the warm step: then the first check pays for it, as it did there
      if (typeof faith.warmTable === "function") faith.warmTable(table);
      process.send?.({ ready: true, warmMs: performance.now() - t0 });
      return;
    }
    if (!table) throw new Error("check-child: a chart was sent before its CSV");
    const t0 = performance.now();
    const f = faith.checkFaithfulness(table, m.figures ?? []);
    process.send?.({ id: m.id, faith: f, ms: performance.now() - t0 });
  });
  process.send?.({ loaded: true });
}

void main();
