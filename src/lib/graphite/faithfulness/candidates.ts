// Every vector the data can produce, lazily, cheapest and most likely first: columns (per row
// subset), groupby aggregates by a category or the date, calendar buckets, then rolling means and
// cumulative sums of the date-ordered (or file-ordered) columns, with and without their missing
// rows (df.dropna() before rolling gives other windows). Pure.
import { aggregate } from "./aggregate";
import { groupAggregates } from "./grouped";
import { eager, withSupport, type Candidate } from "./candidate";
import { bucketCandidates, MAX_WINDOW, rollings } from "./rolling";
import { fromDays, type Frame, type Prepared } from "./table";

/**
 * `seriesLength`: the number of points plotted (null when the series was cut short), which rules
 * out vectors that cannot hold it.
 */
export function* candidates(
  p: Prepared,
  seriesKeys: string[] | null,
  labelledKeys: boolean,
  minRows: number,
  label: string | null,
  seriesLength: number | null = null,
): Generator<Candidate> {
  const numCols = [...p.numeric.keys()];
  // No vector built from a row subset is longer than the subset: skip subsets too small to hold
  // the series.
  // A series labelled like a category value ("Swift") most likely shows that subset: try it first,
  // so the explanation names it rather than a coincidence over all rows.
  const byLabel = (f: Frame) => (label !== null && f.desc.endsWith(`== ${JSON.stringify(label)}`) ? 0 : 1);
  const big = p.frames.filter((f) => f.rows.length >= minRows).sort((x, y) => byLabel(x) - byLabel(y));
  // A series plotted against dates can only come from rows holding those dates: skip the other
  // row subsets before computing anything for them (this is what keeps the search fast).
  const dated = seriesKeys !== null && p.dateKeys !== null && seriesKeys.every((k) => /^\d{4}-\d{2}-\d{2}$/.test(k));
  const frames = dated
    ? big.filter((f) => {
        const have = new Set(f.rows.map((i) => p.dateKeys![i]!));
        return seriesKeys.every((k) => have.has(k));
      })
    : big;
  const col = (c: string) => p.numeric.get(c)!;
  const wanted = labelledKeys && seriesKeys ? [...new Set(seriesKeys)] : null;
  // Row-level columns (in file order, keyed by date when there is one), then aggregates.
  for (const f of frames) {
    for (const c of numCols) {
      const values = f.rows.map((i) => col(c)[i]!);
      const keys = p.dateKeys ? f.rows.map((i) => p.dateKeys![i]!) : null;
      const uniqueKeys = keys && new Set(keys).size === keys.length;
      yield eager(`column ${c}${f.desc}`, uniqueKeys ? keys : null, values);
    }
  }
  // Each row named by a label column (df.set_index("state").total.plot.bar(), sorted or not).
  if (labelledKeys && wanted) {
    for (const [l, names] of p.labels) {
      const rowOf = new Map<string, number>();
      names.forEach((k, i) => {
        if (k !== null) rowOf.set(k, i);
      });
      if (!wanted.every((k) => rowOf.has(k))) continue;
      const keys = [...rowOf.keys()];
      for (const c of numCols)
        yield eager(
          `column ${c} by ${l}`,
          keys,
          keys.map((k) => col(c)[rowOf.get(k)!]!),
        );
    }
  }
  for (const f of frames) {
    const groupCols = [...p.categorical.keys(), ...(p.dateCol && !p.categorical.has(p.dateCol) ? [p.dateCol] : [])];
    for (const g of groupCols) {
      const keyOf: Array<string | null> = g === p.dateCol ? p.dateKeys! : p.categorical.get(g)!;
      // groupby drops rows whose key is missing (dropna=True)
      const groups = new Map<string, number[]>();
      for (const i of f.rows) {
        const k = keyOf[i];
        if (k === null || k === undefined) continue;
        if (!groups.has(k)) groups.set(k, []);
        groups.get(k)!.push(i);
      }
      if (groups.size === f.rows.length && g !== p.dateCol) continue; // one row per group: same as the column
      if (groups.size < 2) continue;
      // Labels (category names, dates) are matched by key only: a grouping that lacks one of the
      // plotted labels cannot be the series.
      if (wanted && !wanted.every((k) => groups.has(k))) continue;
      const keys = [...groups.keys()].sort();
      const size = (j: number) => groups.get(keys[j]!)!.length;
      yield withSupport(
        eager(
          `count of rows by ${g}${f.desc}`,
          keys,
          keys.map((k) => groups.get(k)!.length),
          g,
        ),
        size,
      );
      // value_counts(normalize=True): shares of the rows that have a key (× 100 is a percent)
      const keyed = keys.reduce((n, k) => n + groups.get(k)!.length, 0);
      yield withSupport(
        eager(
          `share of rows by ${g}${f.desc}`,
          keys,
          keys.map((k) => groups.get(k)!.length / keyed),
          g,
        ),
        size,
      );
      for (const c of numCols) {
        if (c === g) continue;
        yield* groupAggregates(
          (agg) => `${agg} of ${c} by ${g}${f.desc}`,
          keys,
          () => keys.map((k) => groups.get(k)!),
          col(c),
          p.gappy.has(c),
          g,
        );
      }
    }
  }
  if (p.dateCol) yield* bucketCandidates(p, big, numCols, seriesKeys !== null && labelledKeys ? seriesKeys : null);
  // Rolling means and cumulative sums of the date-ordered series (row-level and daily aggregates).
  if (p.dateCol) {
    for (const f of frames) {
      const order = [...f.rows].sort((a, b) => p.dateDays![a]! - p.dateDays![b]!);
      const dayKeys = order.map((i) => p.dateDays![i]!);
      const unique = new Set(dayKeys).size === dayKeys.length;
      for (const c of numCols) {
        if (unique) {
          yield* rollings(
            `column ${c}${f.desc}`,
            order.map((i) => p.dateKeys![i]!),
            order.map((i) => col(c)[i]!),
            dayKeys,
          );
          if (p.gappy.has(c)) {
            const kept = order.filter((i) => !Number.isNaN(col(c)[i]!));
            yield* rollings(
              `column ${c} with missing rows dropped${f.desc}`,
              kept.map((i) => p.dateKeys![i]!),
              kept.map((i) => col(c)[i]!),
              kept.map((i) => p.dateDays![i]!),
            );
          }
        } else {
          const days = [...new Set(dayKeys)];
          const byDay = new Map<number, number[]>();
          order.forEach((i) => {
            const d = p.dateDays![i]!;
            if (!byDay.has(d)) byDay.set(d, []);
            byDay.get(d)!.push(col(c)[i]!);
          });
          for (const agg of ["mean", "sum"] as const) {
            yield* rollings(
              `daily ${agg} of ${c}${f.desc}`,
              days.map(fromDays),
              days.map((d) => aggregate(agg, byDay.get(d)!)),
              days,
            );
          }
        }
      }
    }
  } else {
    for (const f of frames) {
      // A series labelled by category is a rolling window only when each label is a row.
      if (labelledKeys && seriesLength !== null && f.rows.length > seriesLength + MAX_WINDOW) continue;
      for (const c of numCols) {
        yield* rollings(
          `column ${c}${f.desc}`,
          null,
          f.rows.map((i) => col(c)[i]!),
          null,
        );
        if (p.gappy.has(c)) {
          yield* rollings(
            `column ${c} with missing rows dropped${f.desc}`,
            null,
            f.rows.map((i) => col(c)[i]!).filter((v) => !Number.isNaN(v)),
            null,
          );
        }
      }
    }
  }
}
