// The traced share of a weave batch in words, per model then per judge, with its raw counts: one
// wording for the batch widget and the static batch sheet. Pure: no Node imports.
import { pct } from "../format";
import type { TracedShare, WeaveAggregates } from "../schema/batch";

/** "A (atlas): 11 of 12 claims traced to their answer (91.7%) over 1 run": one traced share, with its raw counts. */
export function tracedShareText(label: string, p: TracedShare): string {
  const runs = `${p.runs.length} run${p.runs.length === 1 ? "" : "s"}`;
  if (p.share === null) return `${label}: ${p.claims} claims untraced (the judge gave no quotes) over ${runs}, traced share n/a`;
  const untraced = p.untraced ? `; ${p.untraced} untraced` : "";
  return `${label}: ${p.traced} of ${p.claims} claims traced to their answer (${pct(p.share)}) over ${runs}${untraced}`;
}

/** Every traced share of a weave batch, per model then per judge. */
export function tracedShareLines(a: WeaveAggregates): string[] {
  if (!a.traced) return [];
  return [
    ...Object.entries(a.traced.perModel).map(([side, p]) => tracedShareText(`${side.toUpperCase()} (${p.model})`, p)),
    ...Object.entries(a.traced.perJudge).map(([, p]) => tracedShareText(`judge ${p.model}`, p)),
  ];
}
