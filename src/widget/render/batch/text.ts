// Which view draws a batch's stored run. Numbers in the batch view are written by lib/format.ts.
// Pure (no DOM): unit-tested in Node.

/** Result kinds the stored runs have, for the inline view. */
export function runKind(result: unknown): "weave" | "graphite" | null {
  const k = (result as { kind?: unknown } | null)?.kind;
  return k === "weave" || k === "graphite" ? k : null;
}
