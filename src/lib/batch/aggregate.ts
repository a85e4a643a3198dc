// The batch's aggregates, recomputed from the items every time (never updated incrementally, so
// a headline always matches its runs). Every estimate lists the item keys it was computed from,
// and its bootstrap is seeded from those keys: the same runs always give the same interval. Pure.
import type { BatchItem, Estimate, GraphiteAggregates, TracedShare, WeaveAggregates } from "../schema/batch";
import { bootstrapMean } from "../stats/bootstrap";
import { spread } from "../stats/distribution";
import { pairedWinRate, successGrid, successRate } from "../stats/paired";
import { seedFrom } from "../stats/prng";

export const BOOTSTRAP_RESAMPLES = 2000;
export const LEVEL = 0.95;
/** Below this many runs the percentile bootstrap is known to be too narrow: the method says so. */
export const FEW_RUNS = 10;

type Done = BatchItem & { summary: NonNullable<BatchItem["summary"]> };
const doneItems = (items: readonly BatchItem[]): Done[] => items.filter((i): i is Done => i.status === "done" && i.summary !== null);

/** Mean with a seeded percentile-bootstrap interval over the runs that have a value. */
export function meanEstimate(rows: readonly { key: string; value: number | null | undefined }[]): Estimate {
  const have = rows.filter((r): r is { key: string; value: number } => typeof r.value === "number");
  const runs = have.map((r) => r.key);
  const seed = seedFrom(runs.join(","));
  const ci = bootstrapMean(
    have.map((r) => r.value),
    { seed, resamples: BOOTSTRAP_RESAMPLES, level: LEVEL },
  );
  const value = have.length ? have.reduce((s, r) => s + r.value, 0) / have.length : null;
  const method =
    have.length < 2
      ? `mean of ${have.length} run${have.length === 1 ? "" : "s"}; no interval from fewer than 2 runs`
      : `mean of ${have.length} runs; ${LEVEL * 100}% percentile bootstrap, ${BOOTSTRAP_RESAMPLES} resamples, seed ${seed}${have.length < FEW_RUNS ? `; with fewer than ${FEW_RUNS} runs a bootstrap interval understates the uncertainty` : ""}`;
  return { value, lo: ci?.lo ?? null, hi: ci?.hi ?? null, n: have.length, method, runs };
}

const quart = (values: number[]) => {
  const s = spread(values);
  return s ? { min: s.min, q1: s.q1, median: s.median, q3: s.q3, max: s.max } : null;
};
const valuesOf = (e: Estimate, rows: readonly { key: string; value: number | null | undefined }[]) =>
  rows.filter((r) => e.runs.includes(r.key)).map((r) => r.value as number);

/** Traced claims pooled (raw counts summed, then divided) per model and per judge; absent when no run checked evidence. */
function tracedAggregates(done: readonly Done[], models: Record<string, string>): Pick<WeaveAggregates, "traced"> {
  const withEvidence = done.filter((i) => i.summary.tracedBySide !== undefined);
  if (!withEvidence.length) return {};
  const pool = (into: Record<string, TracedShare>, key: string, model: string, t: { traced: number; claims: number; untraced: number }, run: string) => {
    const p = (into[key] ??= { model, traced: 0, claims: 0, untraced: 0, share: null, runs: [] });
    p.traced += t.traced;
    p.claims += t.claims;
    p.untraced += t.untraced;
    if (!p.runs.includes(run)) p.runs.push(run);
  };
  const perModel: Record<string, TracedShare> = {};
  const perJudge: Record<string, TracedShare> = {};
  for (const i of withEvidence) {
    for (const [side, t] of Object.entries(i.summary.tracedBySide!)) {
      pool(perModel, side, models[side] ?? side, t, i.key);
      pool(perJudge, i.summary.judgeModel ?? "judge", i.summary.judgeModel ?? "judge", t, i.key);
    }
  }
  // Claims the judge gave no evidence for were never checked: they are not in the denominator's "traced" question.
  for (const p of [...Object.values(perModel), ...Object.values(perJudge)])
    p.share = p.claims - p.untraced === 0 ? null : Math.round((p.traced / p.claims) * 1000) / 10;
  return { traced: { perModel, perJudge } };
}

export function weaveAggregates(items: readonly BatchItem[], models: Record<string, string>): WeaveAggregates {
  const done = doneItems(items);
  const col = (f: (s: Done["summary"]) => number | null | undefined) => done.map((i) => ({ key: i.key, value: f(i.summary) }));
  const consensusRows = col((s) => s.consensus);
  const participationRows = col((s) => s.participation);
  const consensus = meanEstimate(consensusRows);
  const participation = meanEstimate(participationRows);
  const perModel: WeaveAggregates["perModel"] = {};
  const sides = [...new Set(done.flatMap((i) => Object.keys(i.summary.sharedBySide ?? {})))].sort();
  for (const side of sides.length ? sides : ["a", "b"]) {
    const sharedRows = col((s) => s.sharedBySide?.[side]);
    const linkedRows = col((s) => s.linkedBySide?.[side]);
    const shared = meanEstimate(sharedRows);
    const linked = meanEstimate(linkedRows);
    perModel[side] = {
      model: models[side] ?? side,
      shared,
      sharedSpread: quart(valuesOf(shared, sharedRows)),
      linked,
      linkedSpread: quart(valuesOf(linked, linkedRows)),
    };
  }
  const multi = done.filter((i) => i.summary.groupsBySize !== undefined);
  const extra: Pick<WeaveAggregates, "coreShare" | "groupsBySize"> = {};
  if (multi.length) {
    extra.coreShare = meanEstimate(multi.map((i) => ({ key: i.key, value: i.summary.coreShare })));
    const sizes = [...new Set(multi.flatMap((i) => Object.keys(i.summary.groupsBySize!)))].sort((x, y) => Number(x) - Number(y));
    extra.groupsBySize = Object.fromEntries(sizes.map((k) => [k, meanEstimate(multi.map((i) => ({ key: i.key, value: i.summary.groupsBySize![k] })))]));
  }
  return {
    kind: "weave",
    ...extra,
    consensus,
    consensusSpread: quart(valuesOf(consensus, consensusRows)),
    participation,
    participationSpread: quart(valuesOf(participation, participationRows)),
    perModel,
    degraded: done.filter((i) => i.summary.parseMode !== undefined && i.summary.parseMode !== "json").map((i) => i.key),
    ...tracedAggregates(done, models),
  };
}

const wilsonMethod = (k: number, n: number) => `${k} of ${n}; ${LEVEL * 100}% Wilson score interval`;

export function graphiteAggregates(items: readonly BatchItem[]): GraphiteAggregates {
  const done = doneItems(items);
  const w = pairedWinRate(
    done.map((i) => ({ id: i.key, verdict: i.summary.ship ?? null })),
    LEVEL,
  );
  const decided = w.aWins.length + w.bWins.length;
  const winRate = {
    value: w.a.rate,
    lo: w.a.lo,
    hi: w.a.hi,
    n: decided,
    method: `A won ${wilsonMethod(w.aWins.length, decided)} (ties and unjudged runs left out); exact two-sided sign test`,
    runs: [...w.aWins, ...w.bWins],
    signTestP: w.signTestP,
    aWins: w.aWins,
    bWins: w.bWins,
    neither: w.neither,
    unjudged: w.unjudged,
    // Among the unjudged: runs whose repeated judge flipped with the order.
    positionBias: done.filter((i) => i.summary.positionBias === true).map((i) => i.key),
  };
  const rate = (side: string, pick: (s: Done["summary"]) => Record<string, boolean> | undefined): Estimate => {
    const rows = done.filter((i) => pick(i.summary)?.[side] !== undefined).map((i) => ({ id: i.key, ok: pick(i.summary)![side]! }));
    const r = successRate(rows, LEVEL);
    return { value: r.rate, lo: r.lo, hi: r.hi, n: r.n, method: `rendered a figure in ${wilsonMethod(r.k, r.n)}`, runs: [...r.ok, ...r.failed] };
  };
  const grid = successGrid(done.map((i) => ({ id: i.key, a: i.summary.finalOk?.a === true, b: i.summary.finalOk?.b === true })));
  return {
    kind: "graphite",
    winRate,
    firstTry: { a: rate("a", (s) => s.firstTryOk), b: rate("b", (s) => s.firstTryOk) },
    afterRepair: { a: rate("a", (s) => s.finalOk), b: rate("b", (s) => s.finalOk) },
    grid,
  };
}
