// A heatmap's cells (sns.heatmap, pcolormesh, imshow of a pivot table), each named by its row and
// column label, read as the data gives them: an aggregate of one column by two category columns
// (pivot_table, groupby([a, b]).unstack(), crosstab counts), either way round, or the correlation
// matrix of numeric columns (df.corr()). Every cell is compared at its own (row, column): a cell
// moved, a category dropped or a value changed is not matched. A heatmap most of whose cells are
// one reading and a few not, every cell one factor off it or moved by one constant (no baseline of
// the data: a deviation from the mean is the data shown another way), or, where each cell is one
// row's value, cells that are the column's values at other cells (shuffled), is evidence against
// it. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { aggregatePresent, AGGS } from "./aggregate";
import { baselines } from "./baselines";
import { close } from "./match";
import type { Weighed } from "./near";
import { holds, sortedFinite } from "./sorted-values";
import type { Prepared } from "./table";
import { unitChange } from "./units";

const fmt = (v: number) => String(+v.toPrecision(6));
/** A near miss needs this many matching cells, and at most this share of them may differ. */
const MIN_CELLS = 4;
const MISS_SHARE = 0.2;
/** Cells (each one row's value) a shuffle needs before values at other cells are evidence, and the share of them distinct. */
const MIN_SHUFFLED_CELLS = 8;
const DISTINCT_SHARE = 0.75;

type Reading = {
  desc: string;
  value: (row: string, col: string) => number;
  by?: [string, string];
  /** The aggregated column's values (every row), for its baselines and its values. */
  column?: { name: string; values: number[] };
  /** Each cell holds one row of the data (a pivot that reshapes, aggregating nothing). */
  single?: (row: string, col: string) => boolean;
};

function* readings(s: PlottedSeries, p: Prepared): Generator<Reading> {
  const rows = s.rows!;
  const cols = s.x.map(String);
  const rowSet = new Set(rows);
  const colSet = new Set(cols);
  // df.corr(): rows and columns are numeric columns' names
  if ([...rowSet, ...colSet].every((c) => p.numeric.has(c))) {
    const memo = new Map<string, number>();
    yield {
      desc: "correlation of the columns (Pearson, rows where both are present)",
      value: (r, c) => {
        const k = `${r}\u0000${c}`;
        if (!memo.has(k)) memo.set(k, pearson(p.numeric.get(r)!, p.numeric.get(c)!));
        return memo.get(k)!;
      },
    };
  }
  for (const [gr, rk] of p.categorical) {
    if (![...rowSet].every((r) => rk.includes(r))) continue;
    for (const [gc, ck] of p.categorical) {
      if (gc === gr || ![...colSet].every((c) => ck.includes(c))) continue;
      const cells = new Map<string, number[]>();
      for (let i = 0; i < p.rowCount; i++) {
        const r = rk[i];
        const c = ck[i];
        if (r === null || c === null || r === undefined || c === undefined) continue;
        const k = `${r}\u0000${c}`;
        if (!cells.has(k)) cells.set(k, []);
        cells.get(k)!.push(i);
      }
      const at = (r: string, c: string) => cells.get(`${r}\u0000${c}`) ?? [];
      yield { desc: `count of rows by ${gr} and ${gc}`, value: (r, c) => at(r, c).length, by: [gr, gc] };
      for (const [col, v] of p.numeric) {
        if (col === gr || col === gc) continue;
        for (const agg of AGGS) {
          if (agg === "count") continue;
          yield {
            desc: `${agg} of ${col} by ${gr} and ${gc}`,
            by: [gr, gc],
            column: { name: col, values: v },
            single: agg === "mean" ? (r, c) => at(r, c).length === 1 : undefined,
            value: (r, c) =>
              aggregatePresent(
                agg,
                at(r, c)
                  .map((i) => v[i]!)
                  .filter((x) => !Number.isNaN(x)),
              ),
          };
        }
      }
    }
  }
}

function pearson(a: number[], b: number[]): number {
  const xs: number[] = [];
  const ys: number[] = [];
  a.forEach((x, i) => {
    if (Number.isFinite(x) && Number.isFinite(b[i]!)) {
      xs.push(x);
      ys.push(b[i]!);
    }
  });
  const n = xs.length;
  if (n < 2) return NaN;
  const mx = xs.reduce((t, x) => t + x, 0) / n;
  const my = ys.reduce((t, y) => t + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Annotated heatmaps round their labels, not their cells: cells are compared unrounded. */
export function weighHeatmap(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  if (s.kind !== "heatmap" || !s.rows || s.rows.length !== s.y.length || s.y.length === 0) return null;
  const rows = s.rows;
  const cols = s.x.map(String);
  const n = s.y.length;
  let best: Weighed | null = null;
  let bestRank = 0;
  for (const r of readings(s, p)) {
    const want = s.y.map((_, i) => r.value(rows[i]!, cols[i]!));
    const present = want.filter((w) => Number.isFinite(w)).length;
    if (present < n) continue;
    const miss = s.y.flatMap((y, i) => (close(y, want[i]!, scale) ? [] : [i]));
    const shows: Array<[string, string[]]> | undefined = r.by
      ? [
          [r.by[0], [...new Set(rows)]],
          [r.by[1], [...new Set(cols)]],
        ]
      : undefined;
    if (miss.length === 0) return { status: "pass", detail: `match ${r.desc}, every cell at its own row and column (${n} cells)`, shows };
    // one factor for every cell: a change of unit, or values that are not the data's
    const k = want[0] !== 0 ? s.y[0]! / want[0]! : NaN;
    const proportional = Number.isFinite(k) && k !== 0 && s.y.every((y, i) => Math.abs(y - k * want[i]!) <= 2e-3 * Math.max(Math.abs(y), 1e-12));
    if (proportional && n >= MIN_CELLS) {
      const unit = unitChange(k);
      if (unit !== null) return { status: "pass", detail: `match ${r.desc}${unit}, every cell at its own row and column (${n} cells)`, shows };
      if (bestRank < 3) {
        best = { status: "fail", detail: `every cell is ${fmt(k)} × ${r.desc}: no change of unit gives that factor` };
        bestRank = 3;
      }
      continue;
    }
    // one constant added to every cell, none of the data's baselines (a deviation from the mean is no change)
    const d = s.y[0]! - want[0]!;
    if (n >= MIN_CELLS && bestRank < 3 && Math.abs(d) > 1e-9 * Math.max(1, Math.abs(want[0]!)) && s.y.every((y, i) => close(y, want[i]! + d, scale))) {
      const bases = [...baselines(want), ...(r.column ? baselines(r.column.values.filter(Number.isFinite)) : [])];
      if (!bases.some((b) => close(Math.abs(d), Math.abs(b), scale))) {
        best = {
          status: "fail",
          detail: `every cell is ${r.desc} ${d > 0 ? "+" : "−"} ${fmt(Math.abs(d))}: the values moved by a constant that is no baseline of the data`,
        };
        bestRank = 3;
      }
      continue;
    }
    if (r.single && r.column && bestRank < 3 && n >= MIN_SHUFFLED_CELLS && rows.every((row, i) => r.single!(row, cols[i]!))) {
      const shuffled = shuffledCells(s.y, miss.length, r.column.values);
      if (shuffled) {
        best = {
          status: "fail",
          detail: `each cell is one row's ${r.column.name} and every cell is a value of ${r.column.name}, but ${miss.length} of ${n} are not the value at their own ${r.by![0]} × ${r.by![1]}: values from other rows (${r.column.name} or the categories shuffled across rows)`,
        };
        bestRank = 3;
        continue;
      }
    }
    const matched = n - miss.length;
    if (matched >= MIN_CELLS && miss.length <= Math.floor(n * MISS_SHARE) && bestRank < 2 + matched / n) {
      const listed = miss
        .slice(0, 3)
        .map((i) => `(${rows[i]}, ${cols[i]}): plotted ${fmt(s.y[i]!)}, the data give ${fmt(want[i]!)}`)
        .join("; ");
      best = {
        status: "fail",
        detail: `${matched} of ${n} cells match ${r.desc}, ${miss.length} do${miss.length === 1 ? "es" : ""} not (${listed}${miss.length > 3 ? "; ..." : ""})`,
      };
      bestRank = 2 + matched / n;
    }
  }
  return best;
}

/**
 * Cells that are the column's own values at other cells: every drawn value is a value of the
 * column, most of them (DISTINCT_SHARE) distinct, and at least half not at their own cell. A
 * handful of repeated values would fit some column by chance; these carry information.
 */
function shuffledCells(y: number[], moved: number, column: number[]): boolean {
  if (moved < Math.max(3, y.length / 2)) return false;
  if (new Set(y).size < DISTINCT_SHARE * y.length) return false;
  const sorted = sortedFinite(column);
  return y.every((v) => holds(sorted, v));
}
