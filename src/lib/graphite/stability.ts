// Graphite's judge asked K times, half of them with the two charts shown in swapped order (B's
// measured facts as CHART A). A judge that ships whichever chart it reads first is measuring the
// order, not the charts: when the verdict given in one order is never given in the other, that is
// reported as position bias and nobody wins. Otherwise a side wins only with more than half of the
// judged runs. The vote counting is pure; `runGraphiteJudgeRuns` is the thin loop around the one-run
// judge of ./judge.ts.
import type { GraphiteJudge, GraphiteJudgeRun, GraphiteStability, Score } from "../schema/graphite";
import { judgeRunLine, runOrder, spreadOf, type Order } from "../judge/stability";
import { runGraphiteJudge } from "./judge";

type Ship = "a" | "b" | "neither";
const other: Record<Ship, Ship> = { a: "b", b: "a", neither: "neither" };

/** A swapped run's reading mapped back to the true sides. */
export function unswapVerdict(v: { scores: { a: Score; b: Score }; ship: Ship }): { scores: { a: Score; b: Score }; ship: Ship } {
  return { scores: { a: v.scores.b, b: v.scores.a }, ship: other[v.ship] };
}

export const GRAPHITE_KEEP_RULE = "a chart wins only if more than half of the judged runs ship it and no verdict depends on the order the charts were shown in";

function votes(runs: readonly GraphiteJudgeRun[]) {
  const judged = runs.filter((r) => r.ship !== null);
  return {
    a: judged.filter((r) => r.ship === "a").length,
    b: judged.filter((r) => r.ship === "b").length,
    neither: judged.filter((r) => r.ship === "neither").length,
    runs: judged.length,
  };
}

/** The verdict K runs support. Pure. */
export function aggregateGraphiteRuns(perRun: readonly GraphiteJudgeRun[]): GraphiteStability {
  const all = votes(perRun);
  const straight = votes(perRun.filter((r) => r.order === "straight"));
  const swapped = votes(perRun.filter((r) => r.order === "swapped"));
  const seen = (o: Order) => new Set(perRun.filter((r) => r.order === o && r.ship !== null).map((r) => r.ship));
  const positionBias = straight.runs && swapped.runs ? ![...seen("straight")].some((s) => seen("swapped").has(s)) : null;
  const majority = (["a", "b", "neither"] as const).find((s) => all[s] * 2 > all.runs);
  const outcome: GraphiteStability["outcome"] = all.runs === 0 ? "no-verdict" : positionBias ? "position-bias" : (majority ?? "split");
  const scoreSpread = (pick: (s: { a: Score; b: Score }) => number | null) => spreadOf(perRun.map((r) => (r.scores ? pick(r.scores) : null)));
  return {
    runs: perRun.length,
    swappedRuns: perRun.filter((r) => r.order === "swapped").length,
    judgedRuns: all.runs,
    votes: all,
    byOrder: { straight, swapped },
    positionBias,
    outcome,
    rule: GRAPHITE_KEEP_RULE,
    insight: { a: scoreSpread((s) => s.a.insight), b: scoreSpread((s) => s.b.insight) },
    clarity: { a: scoreSpread((s) => s.a.clarity), b: scoreSpread((s) => s.b.clarity) },
    perRun: [...perRun],
  };
}

/** One line a reader can trust: never a win that the order decided. */
export function graphiteStabilityText(st: GraphiteStability): string {
  const tally = `A ${st.votes.a}, B ${st.votes.b}, neither ${st.votes.neither} of ${st.judgedRuns} judged run${st.judgedRuns === 1 ? "" : "s"}`;
  if (st.outcome === "position-bias") {
    return `Position bias: the judge's verdict followed the order the charts were shown in (straight order: A ${st.byOrder.straight.a}, B ${st.byOrder.straight.b}; swapped: A ${st.byOrder.swapped.a}, B ${st.byOrder.swapped.b}), so no chart wins (${tally}).`;
  }
  if (st.outcome === "split") return `The judge runs split (${tally}): no chart has a majority, so none is named.`;
  if (st.outcome === "no-verdict") return `None of the ${st.runs} judge runs gave a usable verdict.`;
  return `Across ${st.runs} judge runs (${st.swappedRuns} with the charts swapped): ${tally}.`;
}

const median = (s: { median: number | null }) => s.median;

/**
 * K judge runs over the same facts. `facts(order)` gives the two blocks as shown (swapped = B's
 * facts labelled CHART A); `ask(k, order, line, attempt)` makes one call whose prompt carries `line`.
 */
export async function runGraphiteJudgeRuns(o: {
  runs: number;
  round: number;
  factsText: string;
  facts: (order: Order) => { first: string; second: string };
  ask: (k: number, order: Order, runLine: string, facts: { first: string; second: string }, attempt: 1 | 2) => Promise<string>;
  isFatal: (e: unknown) => boolean;
  isHopeless?: (e: unknown) => boolean;
}): Promise<{ judge: GraphiteJudge; warnings: string[] }> {
  const results = await Promise.all(
    Array.from({ length: o.runs }, async (_, n) => {
      const k = n + 1;
      const order = runOrder(k);
      const shown = o.facts(order);
      const out = await runGraphiteJudge({
        ask: (attempt) => o.ask(k, order, judgeRunLine(k, o.runs, order), shown, attempt),
        factsText: `${shown.first}\n\n${shown.second}`,
        round: o.round,
        isFatal: o.isFatal,
        ...(o.isHopeless ? { isHopeless: o.isHopeless } : {}),
      });
      return { k, order, out };
    }),
  );
  const perRun: GraphiteJudgeRun[] = results.map(({ k, order, out }) => {
    const usable = out.judge.parseMode !== "fallback-none";
    const read = usable ? (order === "swapped" ? unswapVerdict(out.judge) : { scores: out.judge.scores, ship: out.judge.ship }) : null;
    return { run: k, order, parseMode: out.judge.parseMode, ship: read?.ship ?? null, scores: read?.scores ?? null };
  });
  const st = aggregateGraphiteRuns(perRun);
  const warnings = results.flatMap(({ k, order, out }) => out.warnings.map((w) => `Judge run ${k} of ${o.runs} (${order} order): ${w}`));
  if (st.outcome !== "a" && st.outcome !== "b" && st.outcome !== "neither") warnings.push(graphiteStabilityText(st));
  const first = perRun.find((r) => r.scores) ?? null;
  const score = (side: "a" | "b"): Score => ({
    insight: median(st.insight[side]),
    clarity: median(st.clarity[side]),
    verdict: first?.scores ? `${first.scores[side].verdict}${st.judgedRuns > 1 ? ` (run ${first.run}; scores are medians of ${st.judgedRuns} runs)` : ""}` : "",
  });
  const ship: Ship = st.outcome === "a" || st.outcome === "b" ? st.outcome : "neither";
  const modes = results.map((r) => r.out.judge.parseMode);
  const parseMode = st.judgedRuns === 0 ? "fallback-none" : modes.every((m) => m === "json") ? "json" : "json-retry";
  const failures = results.flatMap(({ k, out }) => (out.judge.failure ? [`run ${k}: ${out.judge.failure}`] : []));
  return {
    judge: {
      scores: { a: score("a"), b: score("b") },
      ship,
      raw: results.flatMap((r) => r.out.judge.raw),
      parseMode,
      factsText: o.factsText,
      failure: failures.length ? failures.join("; ") : null,
      round: o.round,
      stability: st,
    },
    warnings,
  };
}

/** judgeRuns is checked by schema/options.ts with this limit (the same sentence as weave's). */
export const MAX_GRAPHITE_JUDGE_RUNS = 15;

/** The judge-run line goes right after the nonce line, so a retry marker still comes last. */
export function withRunLine(prompt: string, nonce: string, runLine: string): string {
  if (!runLine) return prompt;
  const marker = `[run-nonce: ${nonce}]`;
  return prompt.includes(marker) ? prompt.replace(marker, () => `${marker}\n${runLine}`) : `${prompt}\n${runLine}`;
}
