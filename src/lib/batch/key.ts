// An item's identity across runs of the same batch: what resumption matches on. The same question
// asked twice in one list is two items (the occurrence is part of the key).
import { createHash } from "node:crypto";
import { sliceEnd } from "../sandbox/encode";

export function itemKeys(kind: string, tasks: readonly { question: string; dataId?: string }[]): string[] {
  const seen = new Map<string, number>();
  return tasks.map((t) => {
    const base = `${kind}\n${t.question}\n${t.dataId ?? ""}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return createHash("sha256").update(`${base}\n#${n}`).digest("hex").slice(0, 16);
  });
}

export function dataId(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** Characters hashed per turn of the loop by dataIdInSlices (about 1 ms each). */
export const DATA_ID_SLICE_CHARS = 256 * 1024;

/**
 * dataId(text), hashed a slice per turn of the loop: a 50,000-row CSV (2.5 MB) hashed in one piece
 * held the kernel's loop 12–33 ms as a batch started (measured under a CPU profile). The same id:
 * the slices' UTF-8 bytes are the text's, as a surrogate pair is never cut between two slices.
 */
export async function dataIdInSlices(text: string, sliceChars = DATA_ID_SLICE_CHARS): Promise<string> {
  const hash = createHash("sha256");
  for (let from = 0; from < text.length; ) {
    const to = sliceEnd(text, from, sliceChars);
    hash.update(text.slice(from, to));
    from = to;
    if (from < text.length) await new Promise((r) => setImmediate(r));
  }
  return hash.digest("hex").slice(0, 16);
}
