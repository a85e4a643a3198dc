// The pieces the faithfulness unit tests that build their shapes by hand (box sets, boxens, violins,
// contours) share: a seeded generator to draw their rows from (the same numbers every run), their
// rows written as a CSV (a NaN as an empty cell, the gaps real exports have) read by graphite's
// reader, numpy's default (linear) percentile, a figure with its axes labelled, and the assertion
// they repeat on a check: its verdict, and a check naming what it read or what differs. Pure.
import assert from "node:assert/strict";
import { readCsv, type CsvData } from "../../../src/lib/graphite/csv";
import type { Faithfulness } from "../../../src/lib/schema/graphite";
import { FigureMeasure, type PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure } from "./make";

/** Uniform floats in [0, 1) from a linear congruential generator (Numerical Recipes' constants). */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `rows` with column `key` moved between rows by a seeded Fisher–Yates permutation (each group keeps
 * its size, not its values): the shuffled column a falsified chart draws.
 */
export function shuffledColumn<R extends Record<string, unknown>>(rows: readonly R[], key: keyof R, seed: number): R[] {
  const r = lcg(seed);
  const v = rows.map((x) => x[key]);
  for (let i = v.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [v[i], v[j]] = [v[j], v[i]];
  }
  return rows.map((x, i) => ({ ...x, [key]: v[i] }));
}

/** `rows` as a CSV of `columns` (in that order; a NaN an empty cell), read as graphite reads a CSV. */
export function tableOf<R extends Record<string, string | number>>(columns: ReadonlyArray<keyof R & string>, rows: readonly R[]): CsvData {
  const cell = (v: string | number) => (typeof v === "number" && Number.isNaN(v) ? "" : String(v));
  return readCsv([columns.join(","), ...rows.map((r) => columns.map((c) => cell(r[c]!)).join(","))].join("\n") + "\n");
}

/** numpy's percentile with its default linear interpolation, `q` in [0, 1], of ascending `sorted`. */
export function linearPercentile(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo]! + (h - lo) * (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!);
}

/** One figure of `data` on axes labelled `xlabel` and `ylabel` (the names the check reads columns by). */
export function labelledFigure(data: PlottedSeries[], xlabel: string, ylabel: string): FigureMeasure {
  return FigureMeasure.parse(figure(data, { axisLabels: [{ title: "", xlabel, ylabel }] }));
}

/**
 * `f`'s verdict is `verdict`; with `named`, some check's detail contains it (a string) or matches it
 * (a RegExp), and when the verdict is "unfaithful" that check is a failed one.
 */
export function assertVerdict(f: Faithfulness, verdict: Faithfulness["verdict"], named?: string | RegExp): void {
  const why = JSON.stringify(f.checks, null, 1);
  assert.equal(f.verdict, verdict, why);
  if (named === undefined) return;
  const names = (detail: string) => (typeof named === "string" ? detail.includes(named) : named.test(detail));
  assert.ok(
    f.checks.some((c) => (verdict !== "unfaithful" || c.status === "fail") && names(c.detail)),
    `no check ${verdict === "unfaithful" ? "failed " : ""}naming ${named}: ${why}`,
  );
}
