// Lists every verdict that changed between two corpus runs (run.ts output folders, e.g. main and a
// branch): id, verdict A → verdict B, and B's failed or unchecked details; then the ids only one run
// has. Usage: node --import tsx scripts/corpus/compare.ts <outA> <outB>. Not pure: reads and prints.
import { readOut, type Result } from "./record";

const why = (r: Result) =>
  r.checks
    .filter((c) => c.status !== "pass")
    .map((c) => `${c.check} ${c.status}: ${c.detail}`)
    .join(" | ");

function main(): void {
  const [a, b] = process.argv.slice(2);
  if (!a || !b) throw new Error("usage: compare.ts <outA> <outB>");
  const A = new Map(readOut(a).results.map((r) => [r.id, r]));
  const B = new Map(readOut(b).results.map((r) => [r.id, r]));
  let changed = 0;
  for (const [id, ra] of A) {
    const rb = B.get(id);
    if (!rb || ra.verdict === rb.verdict) continue;
    changed++;
    const tag = rb.kind === "twin" ? ` [twin ${rb.twin!.kind}, draws other data: ${rb.drawsOtherData}]` : "";
    console.log(
      `${id}${tag}: ${ra.verdict ?? `not checked (${ra.run.status})`} → ${rb.verdict ?? `not checked (${rb.run.status})`}${why(rb) ? `  — ${why(rb)}` : ""}`,
    );
  }
  const onlyA = [...A.keys()].filter((id) => !B.has(id));
  const onlyB = [...B.keys()].filter((id) => !A.has(id));
  console.log(
    `${changed} verdicts changed of ${[...A.keys()].filter((id) => B.has(id)).length} in both; only in A: ${onlyA.length}${onlyA.length ? ` (${onlyA.slice(0, 20).join(", ")})` : ""}; only in B: ${onlyB.length}${onlyB.length ? ` (${onlyB.slice(0, 20).join(", ")})` : ""}`,
  );
}

main();
