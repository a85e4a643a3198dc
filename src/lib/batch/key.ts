// An item's identity across runs of the same batch: what resumption matches on. The same question
// asked twice in one list is two items (the occurrence is part of the key).
import { createHash } from "node:crypto";

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
