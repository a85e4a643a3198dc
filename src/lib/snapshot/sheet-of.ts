// Which sheet a result gets: weave, N-model weave, graphite or batch. Pure.
import type { BatchResult } from "../schema/batch";
import type { GraphiteResult } from "../schema/graphite";
import type { MultiWeave, WeaveResult } from "../schema/weave";
import type { Sheet } from "./sheet";
import { batchSheet } from "./sheet-batch";
import { graphiteSheet } from "./sheet-graphite";
import { multiWeaveSheet, weaveSheet } from "./sheet-weave";

/** The sheet of any result duellab makes, or null for something that is none of them. */
export function sheetOf(result: unknown): Sheet | null {
  const kind = (result as { kind?: unknown } | null)?.kind;
  if (kind === "weave") {
    const w = result as WeaveResult;
    return w.multi ? multiWeaveSheet(w as WeaveResult & { multi: MultiWeave }) : weaveSheet(w);
  }
  if (kind === "graphite") return graphiteSheet(result as GraphiteResult);
  if (kind === "batch") return batchSheet(result as BatchResult);
  return null;
}
