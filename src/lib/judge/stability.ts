// Judge stability: CLASSIFY asked K times, half of them with the two claim lists presented in
// swapped order, read back as votes. One run of a judge is one sample; an edge that only appears
// in some runs, or only when one list comes first, is not the same measurement as one that
// appears every time, so every edge carries how often it was found and the kept set follows a
// rule stated in the result. Pure: runs in, pairs and their stability out.
import type { ParseMode } from "../schema/common";
import type { ClassifyRun, KeepRule, Pair, PairStability, Relation, Spread, Stability } from "../schema/weave";

export type Order = "straight" | "swapped";

/** Run k (1-based) of K: even runs present the lists swapped, so K runs hold floor(K/2) swapped ones. */
export function runOrder(k: number): Order {
  return k % 2 === 0 ? "swapped" : "straight";
}

/** The line that makes each repeated prompt unique and says which run it is. Empty for a single run. */
export function judgeRunLine(k: number, runs: number, order: Order): string {
  return runs > 1 ? `[judge-run: ${k}/${runs}, order: ${order}]` : "";
}

/** Pairs read from a swapped prompt (MODEL A held the second list) mapped back to straight indices. */
export function unswapPairs(pairs: readonly Pair[]): Pair[] {
  return pairs.map((p) => ({ ...p, a: p.b, b: p.a }));
}

export const KEEP_RULES: readonly KeepRule[] = ["majority", "all", "any"];

export function keepRuleText(rule: KeepRule, judged: number): string {
  const n = `${judged} judged run${judged === 1 ? "" : "s"}`;
  if (rule === "all") return `an edge is kept only if every one of the ${n} found it with the same relation`;
  if (rule === "any") return `an edge is kept if any of the ${n} found it (its opacity shows how many)`;
  return `an edge is kept if more than half of the ${n} found it with the same relation`;
}

function keeps(rule: KeepRule, share: number): boolean {
  if (rule === "all") return share === 1;
  if (rule === "any") return share > 0;
  return share > 0.5;
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

/** min / median / max of the numbers that exist; all null when none does (shown "n/a"). */
export function spreadOf(values: ReadonlyArray<number | null>): Spread {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((x, y) => x - y);
  if (xs.length === 0) return { min: null, median: null, max: null, values: [...values] };
  const mid = xs.length >> 1;
  const median = xs.length % 2 ? xs[mid]! : round((xs[mid - 1]! + xs[mid]!) / 2, 1);
  return { min: xs[0]!, median, max: xs[xs.length - 1]!, values: [...values] };
}

export interface ClassifyRunInput {
  run: number;
  order: Order;
  parseMode: ParseMode;
  /** Straight-order pairs the run found; null when the run did not parse (it does not vote). */
  pairs: readonly Pair[] | null;
}

export interface Aggregated {
  /** The pairs the rule keeps, each with its stability: what the graph and the headline use. */
  kept: Pair[];
  stability: Stability;
}

type Verdict = Relation | "absent";

/**
 * Votes of K CLASSIFY runs. A pair's kept relation is the one most runs gave (a tie reads as
 * contradict, the cautious reading); its share is runs with that relation ÷ judged runs; its
 * strength is the mean of those runs' strengths. `headline` computes a run's consensus on its own
 * so the spread across runs is reported, not one number.
 */
export function aggregateClassifyRuns(runs: readonly ClassifyRunInput[], rule: KeepRule, headline: (pairs: readonly Pair[]) => number | null): Aggregated {
  const judged = runs.filter((r) => r.pairs !== null);
  const byOrder = { straight: judged.filter((r) => r.order === "straight").length, swapped: judged.filter((r) => r.order === "swapped").length };
  const keys = new Map<string, { a: number; b: number }>();
  for (const r of judged) for (const p of r.pairs!) keys.set(`${p.a}:${p.b}`, { a: p.a, b: p.b });

  const all: Pair[] = [];
  for (const [key, { a, b }] of [...keys].sort((x, y) => x[1].a - y[1].a || x[1].b - y[1].b)) {
    const verdicts: Array<{ order: Order; v: Verdict; strength: number }> = judged.map((r) => {
      const p = r.pairs!.find((q) => `${q.a}:${q.b}` === key);
      return { order: r.order, v: p ? p.relation : "absent", strength: p?.strength ?? 0 };
    });
    const agree = verdicts.filter((x) => x.v === "agree").length;
    const contradict = verdicts.filter((x) => x.v === "contradict").length;
    const relation: Relation = agree > contradict ? "agree" : "contradict";
    const withRelation = verdicts.filter((x) => x.v === relation);
    const share = judged.length ? withRelation.length / judged.length : 0;
    const inOrder = (o: Order) => verdicts.filter((x) => x.order === o);
    const set = (o: Order) => new Set(inOrder(o).map((x) => x.v));
    const s = set("straight");
    const w = set("swapped");
    const flipsUnderSwap = byOrder.straight && byOrder.swapped ? ![...s].some((v) => w.has(v)) : null;
    const stability: PairStability = {
      runs: judged.length,
      found: agree + contradict,
      agree,
      contradict,
      share: round(share, 4),
      straight: { found: inOrder("straight").filter((x) => x.v !== "absent").length, runs: byOrder.straight },
      swapped: { found: inOrder("swapped").filter((x) => x.v !== "absent").length, runs: byOrder.swapped },
      flipsUnderSwap,
      kept: keeps(rule, share),
    };
    const strength = round(withRelation.reduce((t, x) => t + x.strength, 0) / withRelation.length, 3);
    all.push({ a, b, relation, strength, sourceKind: "judge", stability });
  }
  const kept = all.filter((p) => p.stability!.kept);
  const perRun: ClassifyRun[] = runs.map((r) => ({
    run: r.run,
    order: r.order,
    parseMode: r.parseMode,
    pairs: r.pairs?.length ?? 0,
    consensusByNodes: r.pairs ? headline(r.pairs) : null,
    judged: r.pairs !== null,
  }));
  return {
    kept,
    stability: {
      runs: runs.length,
      swappedRuns: runs.filter((r) => r.order === "swapped").length,
      judgedRuns: judged.length,
      rule,
      ruleText: keepRuleText(rule, judged.length),
      perRun,
      consensusSpread: spreadOf(perRun.map((r) => r.consensusByNodes)),
      candidatePairs: all.length,
      keptPairs: kept.length,
      allPairs: all,
      flipsUnderSwap: all.filter((p) => p.stability!.flipsUnderSwap === true).length,
    },
  };
}
