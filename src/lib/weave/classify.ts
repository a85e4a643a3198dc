// CLASSIFY for one pair of answers, once or K times. Once: the judge-step ladder exactly as before
// (parse, retry, labelled lexical fallback). K times: every run is its own ladder without the
// lexical fallback (a run that does not parse does not vote), runs alternate straight and swapped
// presentation, and the votes become pairs with their stability under a stated rule. Only when no
// run parses at all does the pair fall back to word overlap, labelled. No I/O of its own: the
// caller supplies `ask`.
import type { JudgeStep, KeepRule, Pair, Stability } from "../schema/weave";
import { coercePairs, type CoercedPairs } from "../judge/coerce";
import { lexicalPairs } from "../judge/lexical";
import { aggregateClassifyRuns, runOrder, unswapPairs, type Order } from "../judge/stability";
import { runJudgeStep } from "../judge/step";
import { computeConsensus } from "./consensus";
import { maximumMatching } from "./match";

export const LEXICAL_PAIRS_LABEL = "relations are word overlap (Jaccard ≥ 0.32, negation > 0.45), not the judge's reading; every such edge is marked lexical";

export interface ClassifyJob {
  claimsX: readonly string[];
  claimsY: readonly string[];
  /** How the messages name this pair: "the relations between the claims". */
  what: string;
  runs: number;
  rule: KeepRule;
  /** One judge call for run k in `order` (swapped = Y's list is MODEL A). */
  ask: (o: { k: number; order: Order; attempt: 1 | 2 }) => Promise<string>;
  isFatal: (e: unknown) => boolean;
  isHopeless: (e: unknown) => boolean;
}

export interface Classified {
  pairs: Pair[];
  /** The first run's step (the only one with a single run). */
  step: JudgeStep;
  steps: JudgeStep[];
  stability: Stability | null;
  warnings: string[];
  /** Straight-order pairs of each run (null where the run did not parse): the N-model spread regroups them run by run. */
  runPairs: Array<Pair[] | null>;
}

/** Pairs the judge named whose relation could not be read: each said, never dropped in silence. */
export function pairLosses(p: CoercedPairs): string[] {
  return p.noRelation.map(
    (x) =>
      `pair [${x.a}]–[${x.b}] was left out: its relation ${x.relation === null ? "is missing" : `"${x.relation.slice(0, 40)}" is not agree or contradict`}`,
  );
}

export function pairConsensus(claimsX: readonly string[], claimsY: readonly string[], pairs: readonly Pair[]) {
  return computeConsensus(claimsX.length, claimsY.length, pairs, maximumMatching(pairs, claimsX, claimsY));
}

export async function classifyPair(job: ClassifyJob): Promise<Classified> {
  const { claimsX, claimsY } = job;
  if (job.runs <= 1) {
    const out = await runJudgeStep<Pair[]>({
      what: job.what,
      ask: (attempt) => job.ask({ k: 1, order: "straight", attempt }),
      read: (v) => {
        const p = coercePairs(v, claimsX.length, claimsY.length, "judge");
        return p ? { ok: true, value: p.pairs, lost: pairLosses(p) } : { ok: false, reason: "it holds no list of pairs" };
      },
      fallback: () => lexicalPairs(claimsX, claimsY),
      fallbackLabel: LEXICAL_PAIRS_LABEL,
      isFatal: job.isFatal,
      isHopeless: job.isHopeless,
    });
    return { pairs: out.value, step: out.step, steps: [out.step], stability: null, warnings: out.warning ? [out.warning] : [], runPairs: [out.value] };
  }

  const runs = await Promise.all(
    Array.from({ length: job.runs }, async (_, n) => {
      const k = n + 1;
      const order = runOrder(k);
      const [first, second] = order === "straight" ? [claimsX, claimsY] : [claimsY, claimsX];
      const out = await runJudgeStep<Pair[] | null>({
        what: `${job.what} (judge run ${k} of ${job.runs}, ${order} order)`,
        ask: (attempt) => job.ask({ k, order, attempt }),
        read: (v) => {
          const p = coercePairs(v, first.length, second.length, "judge");
          return p ? { ok: true, value: p.pairs, lost: pairLosses(p) } : { ok: false, reason: "it holds no list of pairs" };
        },
        fallback: () => null,
        fallbackLabel: "this run does not vote",
        isFatal: job.isFatal,
        isHopeless: job.isHopeless,
      });
      const pairs = out.value === null ? null : order === "swapped" ? unswapPairs(out.value) : out.value;
      return { k, order, out, pairs };
    }),
  );
  const warnings = runs.flatMap((r) => (r.out.warning ? [r.out.warning] : []));
  const steps = runs.map((r) => r.out.step);
  const agg = aggregateClassifyRuns(
    runs.map((r) => ({ run: r.k, order: r.order, parseMode: r.out.step.parseMode, pairs: r.pairs })),
    job.rule,
    (pairs) => pairConsensus(claimsX, claimsY, pairs).consensusByNodes,
  );
  const st = agg.stability;
  if (st.judgedRuns === 0) {
    const fallback = lexicalPairs(claimsX, claimsY);
    warnings.push(`Judge fallback for ${job.what}: none of the ${job.runs} judge runs parsed, so ${LEXICAL_PAIRS_LABEL}.`);
    // Steps keep what each run returned; the first carries the pair's overall mode.
    return { pairs: fallback, step: { ...steps[0]!, parseMode: "fallback-lexical" }, steps, stability: st, warnings, runPairs: runs.map(() => null) };
  }
  if (st.judgedRuns < job.runs)
    warnings.push(`${job.runs - st.judgedRuns} of ${job.runs} judge runs for ${job.what} did not parse and do not vote; stability is out of ${st.judgedRuns}.`);
  const dropped = st.candidatePairs - st.keptPairs;
  if (dropped > 0)
    warnings.push(`Judge stability for ${job.what}: ${st.keptPairs} of ${st.candidatePairs} relations kept (${st.ruleText}); ${dropped} left out.`);
  if (st.flipsUnderSwap > 0) {
    warnings.push(
      `${st.flipsUnderSwap} relation${st.flipsUnderSwap === 1 ? "" : "s"} for ${job.what} changed with the order the two lists were shown in: position bias, not a finding.`,
    );
  }
  return { pairs: agg.kept, step: steps[0]!, steps, stability: st, warnings, runPairs: runs.map((r) => r.pairs) };
}

/** How a pair's relations were read: fallback only if no run parsed, retry if any run needed help. */
export function classifiedParseMode(c: Classified): JudgeStep["parseMode"] {
  if (!c.stability) return c.step.parseMode;
  if (c.stability.judgedRuns === 0) return "fallback-lexical";
  return c.steps.every((s) => s.parseMode === "json") ? "json" : "json-retry";
}
