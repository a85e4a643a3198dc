// The corpus harness's shared shapes: a snippet as extract.py writes it, the record written per
// snippet or twin (one JSON file each under <out>/results/), the run's meta file, and reading an
// output folder back. Pure apart from readOut (reads the folder).
import fs from "node:fs";
import path from "node:path";
import type { FaithCheck, Faithfulness } from "../../src/lib/schema/graphite";

export type TwinKind = "scale" | "shift" | "shuffle" | "fillna" | "drop-category" | "dates";

export interface Twin {
  kind: TwinKind;
  column: string;
  line: string;
  code: string;
}

/** One snippet of snippets.json (extract.py). */
export interface Snippet {
  id: string;
  source: string;
  dataset: string;
  csv: string;
  code: string;
  twins: Twin[];
}

export interface Extracted {
  snippets: Snippet[];
  skipped: Record<string, string[]>;
}

/** What was measured of one snippet (kind "correct") or one twin, written as <out>/results/<id>.json. */
export interface Result {
  id: string;
  /** The snippet a twin falsifies (null for a correct snippet). */
  of: string | null;
  source: string;
  dataset: string;
  kind: "correct" | "twin";
  twin: { kind: TwinKind; column: string; line: string } | null;
  run: { status: string; durationMs: number | null; error: string | null };
  /** Series measured across the figures. */
  series: number;
  /** Hash of every measured series, and of those a random bootstrap cannot change (bands and two-point error bars left out). */
  dataHash: string | null;
  stableHash: string | null;
  /**
   * A twin draws other data than its snippet: "yes"; "same" (identical series: the falsified column
   * does not reach the chart); "bootstrap only" (only bands or error bars differ, as a random
   * bootstrap makes them differ run to run); "n/a" (a correct snippet, or one of the two did not run).
   */
  drawsOtherData: "yes" | "same" | "bootstrap only" | "n/a";
  /** graphite's verdict ("partly" only from checkouts old enough to give it), or null when the run did not succeed. */
  verdict: Faithfulness["verdict"] | null;
  checks: FaithCheck[];
  /** The check's own time in the child process (null: not checked, or stopped at the limit). */
  checkMs: number | null;
  /** Stopped at the 5 s limit (graphite reads "unchecked: took too long"). */
  timedOut: boolean;
}

export interface Meta {
  src: string;
  srcCommit: string;
  seaborn: string;
  seabornCommit: string;
  csvDir: string;
  only: string | null;
  skipped: Record<string, number>;
  startedAt: string;
  finishedAt: string;
  wallSeconds: number;
  /** /proc/loadavg's 1-minute figure, sampled as each data set's checks started. */
  loadDuringChecks: number[];
}

export function readOut(dir: string): { meta: Meta | null; results: Result[] } {
  const metaPath = path.join(dir, "meta.json");
  const meta = fs.existsSync(metaPath) ? (JSON.parse(fs.readFileSync(metaPath, "utf8")) as Meta) : null;
  const resDir = path.join(dir, "results");
  const results = fs.existsSync(resDir)
    ? fs
        .readdirSync(resDir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(resDir, f), "utf8")) as Result)
    : [];
  return { meta, results };
}
