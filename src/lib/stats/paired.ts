// Paired comparisons: the same task given to A and B, so each task is one paired observation.
// Every tally keeps the ids of the runs it counts, so a number in a report can open its runs.
import { signTest, wilson, type Proportion } from "./binomial";

export type Verdict = "a" | "b" | "neither";

export interface PairedOutcome {
  id: string;
  /** null when the run has no verdict (no judge, or the run failed). */
  verdict: Verdict | null;
}

export interface WinRate {
  /** A's share of the decided pairs (A wins / (A wins + B wins)), with a Wilson interval. */
  a: Proportion;
  aWins: string[];
  bWins: string[];
  /** The judge shipped neither: a tie for the sign test, left out of the rate. */
  neither: string[];
  /** No verdict at all: not counted anywhere but listed. */
  unjudged: string[];
  /** Exact two-sided sign test over the decided pairs; null when none were decided. */
  signTestP: number | null;
}

export function pairedWinRate(outcomes: readonly PairedOutcome[], level = 0.95): WinRate {
  const aWins: string[] = [];
  const bWins: string[] = [];
  const neither: string[] = [];
  const unjudged: string[] = [];
  for (const o of outcomes) {
    if (o.verdict === "a") aWins.push(o.id);
    else if (o.verdict === "b") bWins.push(o.id);
    else if (o.verdict === "neither") neither.push(o.id);
    else unjudged.push(o.id);
  }
  return { a: wilson(aWins.length, aWins.length + bWins.length, level), aWins, bWins, neither, unjudged, signTestP: signTest(aWins.length, bWins.length) };
}

export interface PairedSuccess {
  id: string;
  a: boolean;
  b: boolean;
}

/** The 2×2 grid: which tasks both sides managed, only one, or neither. */
export interface SuccessGrid {
  bothFailed: string[];
  onlyA: string[];
  onlyB: string[];
  bothSucceeded: string[];
}

export function successGrid(rows: readonly PairedSuccess[]): SuccessGrid {
  const g: SuccessGrid = { bothFailed: [], onlyA: [], onlyB: [], bothSucceeded: [] };
  for (const r of rows) {
    if (r.a && r.b) g.bothSucceeded.push(r.id);
    else if (r.a) g.onlyA.push(r.id);
    else if (r.b) g.onlyB.push(r.id);
    else g.bothFailed.push(r.id);
  }
  return g;
}

export interface SuccessRate extends Proportion {
  ok: string[];
  failed: string[];
}

/** Share of runs where `ok` holds, with a Wilson interval and the ids on each side. */
export function successRate(rows: readonly { id: string; ok: boolean }[], level = 0.95): SuccessRate {
  const ok = rows.filter((r) => r.ok).map((r) => r.id);
  const failed = rows.filter((r) => !r.ok).map((r) => r.id);
  return { ...wilson(ok.length, rows.length, level), ok, failed };
}
