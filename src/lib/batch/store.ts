// The results file on disk: opened once (read back, checked against this batch), then appended to
// one whole line per finished item. Appends are queued so two items finishing together never
// interleave their bytes.
import fs from "node:fs/promises";
import path from "node:path";
import type { BatchItem } from "../schema/batch";
import { BatchInputError } from "./tasks";
import { headerLine, headerMismatch, itemLine, parseResultsFile, type FileHeader } from "./results-file";

export interface ResultsStore {
  readonly path: string;
  /** Items read back from an earlier run, by key. */
  readonly previous: Map<string, BatchItem>;
  readonly warnings: string[];
  append(item: BatchItem): Promise<void>;
  /** Resolves when every queued append is on disk; rejects with the first write error. */
  flush(): Promise<void>;
}

export async function openResults(file: string, want: FileHeader): Promise<ResultsStore> {
  const p = path.resolve(file);
  let text: string | null = null;
  try {
    text = await fs.readFile(p, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw new BatchInputError(`Cannot read the results file ${p}: ${(e as Error).message}.`);
  }
  let previous = new Map<string, BatchItem>();
  const warnings: string[] = [];
  if (text !== null && text.trim() !== "") {
    let parsed: ReturnType<typeof parseResultsFile>;
    try {
      parsed = parseResultsFile(text, p);
    } catch (e) {
      throw new BatchInputError((e as Error).message);
    }
    if (parsed.header) {
      const why = headerMismatch(parsed.header, want, p);
      if (why) throw new BatchInputError(why);
    }
    previous = parsed.items;
    warnings.push(...parsed.warnings);
    // A half-written last line must not swallow the next one.
    if (!text.endsWith("\n")) await fs.appendFile(p, "\n");
  } else {
    await fs.mkdir(path.dirname(p), { recursive: true });
    await fs.writeFile(p, headerLine(want));
  }
  let queue: Promise<void> = Promise.resolve();
  let failure: Error | null = null;
  return {
    path: p,
    previous,
    warnings,
    append(item) {
      queue = queue
        .then(() => fs.appendFile(p, itemLine(item)))
        .catch((e: Error) => {
          failure ??= e;
        });
      return queue;
    },
    async flush() {
      await queue;
      if (failure) throw new Error(`Writing the results file ${p} failed: ${failure.message}`);
    },
  };
}
