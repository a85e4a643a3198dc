// A heatmap's cells (sns.heatmap, pcolormesh, imshow of a pivot table), each named by its row and
// column label, read as the data gives them: an aggregate of one column by two category columns
// (pivot_table, groupby([a, b]).unstack(), crosstab counts), either way round, or the correlation
// matrix of numeric columns (df.corr()). Every cell is compared at its own (row, column): a cell
// moved, a category dropped or a value changed is not matched. A heatmap most of whose cells are
// one reading and a few not, or every cell one factor off it, is evidence against it. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { aggregatePresent, AGGS } from "./aggregate";
import { close } from "./match";
import type { Weighed } from "./near";
import type { Prepared } from "./table";
import { unitChange } from "./units";

const fmt = (v: number) => String(+v.toPrecision(6));
/** A near miss needs this many matching cells, and at most this share of them may differ. */
const MIN_CELLS = 4;
const MISS_SHARE = 0.2;

type Reading = { desc: string; value: (row: string, col: string) => number; by?: [string, string] };

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
