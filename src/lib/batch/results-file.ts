// The results file: JSONL, one header line naming the batch's kind and models, then one line per
// finished item (done, failed or cancelled), appended as each ends. The last line for a key wins.
// On a restart the done items are read back and not asked again. Parsing is pure; ./store.ts
// does the file I/O.
import { BatchItem, type BatchKind } from "../schema/batch";
import type { SlotPublic } from "../schema/common";

export const FILE_TYPE = "duellab-batch";

export interface FileHeader {
  type: typeof FILE_TYPE;
  version: 1;
  kind: BatchKind;
  /** Who answers in this batch: provider, model and base URL per slot (never a key). */
  models: Record<string, { provider: string; model: string; baseUrl: string }>;
  createdAt: string;
}

export function headerFor(kind: BatchKind, slots: Record<string, SlotPublic>, createdAt: string): FileHeader {
  const models = Object.fromEntries(Object.entries(slots).map(([k, s]) => [k, { provider: s.provider, model: s.model, baseUrl: s.baseUrl }]));
  return { type: FILE_TYPE, version: 1, kind, models, createdAt };
}

export interface ParsedFile {
  header: FileHeader | null;
  /** The last line per key. */
  items: Map<string, BatchItem>;
  warnings: string[];
}

export function parseResultsFile(text: string, where: string): ParsedFile {
  const items = new Map<string, BatchItem>();
  const warnings: string[] = [];
  let header: FileHeader | null = null;
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      // Only the last line can be half-written by an interrupted run; anything else is damage.
      const last = lines.slice(i + 1).every((l) => l.trim() === "");
      warnings.push(
        last
          ? `The last line of ${where} was cut off (the previous run was interrupted while writing it); that item is asked again.`
          : `Line ${i + 1} of ${where} is not JSON and was skipped; its item (if any) is asked again.`,
      );
      return;
    }
    const o = v as { type?: unknown };
    if (i === 0 || o.type === FILE_TYPE) {
      if (o.type !== FILE_TYPE)
        throw new Error(
          `${where} is not a duellab batch results file (its first line is not a duellab-batch header): pass a new file name or the file an earlier weaveMany/graphiteMany wrote.`,
        );
      header = v as FileHeader;
      return;
    }
    const parsed = BatchItem.safeParse((v as { item?: unknown }).item);
    if (o.type !== "item" || !parsed.success) {
      warnings.push(`Line ${i + 1} of ${where} is not a batch item and was skipped.`);
      return;
    }
    items.set(parsed.data.key, parsed.data);
  });
  return { header, items, warnings };
}

/** One sentence when the file was written by a different batch (other kind or other models); else null. */
export function headerMismatch(file: FileHeader, want: FileHeader, where: string): string | null {
  if (file.kind !== want.kind) return `${where} holds a ${file.kind} batch, not a ${want.kind} batch: pass another resultsFile.`;
  const show = (m: FileHeader["models"]) =>
    Object.entries(m)
      .map(([k, s]) => `${k}=${s.provider}:${s.model}`)
      .sort()
      .join(", ");
  const a = show(file.models);
  const b = show(want.models);
  const sameUrls = Object.entries(want.models).every(([k, s]) => file.models[k]?.baseUrl === s.baseUrl);
  if (a !== b || !sameUrls)
    return `${where} was written for other models (${a}), not these (${b}): resuming would mix their results, so pass another resultsFile or the same models.`;
  return null;
}

export const itemLine = (item: BatchItem): string => `${JSON.stringify({ type: "item", item })}\n`;
export const headerLine = (h: FileHeader): string => `${JSON.stringify(h)}\n`;
