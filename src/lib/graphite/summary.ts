// The one line a notebook cell shows for a graphite result: who the judge would ship, both
// scores, both statuses. Recomputed from the result every time, so it never disagrees with it.
import { num as n } from "../format";
import type { GraphiteResult, Score } from "../schema/graphite";
import { adaptationText } from "../weave/summary";

function side(r: GraphiteResult, s: "a" | "b"): string {
  const chart = r.charts[s];
  const model = r.slots[s]?.model ?? "?";
  const score: Score | undefined = r.judge?.scores[s];
  const status = chart.error ? "not asked" : chart.run.status.toUpperCase();
  const repairs = chart.attempts.filter((a) => a.kind === "repair").length;
  const scored = score ? `insight ${n(score.insight)}, clarity ${n(score.clarity)}` : "not judged";
  return `${s.toUpperCase()} ${model}: ${scored}, ${status}${repairs ? ` after ${repairs} repair${repairs === 1 ? "" : "s"}` : ""}`;
}

export function graphiteSummary(r: GraphiteResult): string {
  const j = r.judge;
  const ship = !j ? "no judgement yet" : j.ship === "neither" ? "ship neither" : `ship ${j.ship.toUpperCase()} (${r.slots[j.ship]?.model ?? "?"})`;
  const mode = j ? `judge: ${j.parseMode}` : "judge: pending";
  return `Graphite ${ship} · ${side(r, "a")} · ${side(r, "b")} · ${mode}${adaptationText(r.calls)}`;
}
