// Every vector the data can produce, lazily, cheapest and most likely first: columns (per row
// subset), groupby aggregates by a category or the date, calendar buckets, then rolling means and
// cumulative sums of the date-ordered (or file-ordered) columns, with and without their missing
// rows (df.dropna() before rolling gives other windows). What depends only on the table (a row
// subset's groups, its date order, daily values) is built once per table (faithfulness/memo); a
// column over a row subset is read point by point, only as far as a match looks. Pure.
import { groupAggregates } from "./grouped";
import { eager, withSupport, type Candidate } from "./candidate";
import { memo, memo2 } from "./memo";
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
): Generator<Candidate, void, undefined> {
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
        const have = memo(f, "date keys", () => new Set(f.rows.map((i) => p.dateKeys![i]!)));
        return seriesKeys.every((k) => have.has(k));
      })
    : big;
  const col = (c: string) => p.numeric.get(c)!;
  const wanted = labelledKeys && seriesKeys ? [...new Set(seriesKeys)] : null;
  // Row-level columns (in file order, keyed by date when there is one), then aggregates.
  for (const f of frames) {
    const keys = memo(f, "row keys", () => {
      const k = p.dateKeys ? f.rows.map((i) => p.dateKeys![i]!) : null;
      return k && new Set(k).size === k.length ? k : null;
    });
    for (const c of numCols) yield rowValues(`column ${c}${f.desc}`, keys, f, col(c));
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
      const { groups, keys, rowsList, keyed } = groupsOf(f, g, keyOf);
      if (groups.size === f.rows.length && g !== p.dateCol) continue; // one row per group: same as the column
      if (groups.size < 2) continue;
      // Labels (category names, dates) are matched by key only: a grouping that lacks one of the
      // plotted labels cannot be the series.
      if (wanted && !wanted.every((k) => groups.has(k))) continue;
      const size = (j: number) => rowsList[j]!.length;
      yield* memo(rowsList, "counts", () => [
        withSupport(
          eager(
            `count of rows by ${g}${f.desc}`,
            keys,
            rowsList.map((r) => r.length),
            g,
          ),
          size,
        ),
        // value_counts(normalize=True): shares of the rows that have a key (× 100 is a percent)
        withSupport(
          eager(
            `share of rows by ${g}${f.desc}`,
            keys,
            rowsList.map((r) => r.length / keyed),
            g,
          ),
          size,
        ),
      ]);
      for (const c of numCols) {
        if (c === g) continue;
        yield* memo2(col(c), rowsList, `${c} by ${g}`, () => [
          ...groupAggregates(
            (agg) => `${agg} of ${c} by ${g}${f.desc}`,
            keys,
            () => rowsList,
            col(c),
            p.gappy.has(c),
            g,
          ),
        ]);
      }
    }
  }
  if (p.dateCol) yield* bucketCandidates(p, big, numCols, seriesKeys !== null && labelledKeys ? seriesKeys : null);
  // Rolling means and cumulative sums of the date-ordered series (row-level and daily aggregates).
  if (p.dateCol) {
    for (const f of frames) {
      const { order, dayKeys, unique, days, dayLabels, dayRows } = dateOrder(p, f);
      for (const c of numCols) {
        if (unique) {
          const orderKeys = memo(f, "date-ordered keys", () => order.map((i) => p.dateKeys![i]!));
          yield* rollings(
            `column ${c}${f.desc}`,
            orderKeys,
            memo2(col(c), f, "date-ordered values", () => order.map((i) => col(c)[i]!)),
            dayKeys,
          );
          if (p.gappy.has(c)) {
            const kept = memo2(col(c), f, "date-ordered rows present", () => order.filter((i) => !Number.isNaN(col(c)[i]!)));
            yield* rollings(
              `column ${c} with missing rows dropped${f.desc}`,
              memo(kept, "keys", () => kept.map((i) => p.dateKeys![i]!)),
              memo(kept, "values", () => kept.map((i) => col(c)[i]!)),
              memo(kept, "days", () => kept.map((i) => p.dateDays![i]!)),
            );
          }
        } else {
          for (const agg of ["mean", "sum"] as const) {
            const daily = memo2(col(c), f, `daily ${agg}`, () => dayRows.map((rows) => dailyAggregate(agg, rows, col(c))));
            yield* rollings(`daily ${agg} of ${c}${f.desc}`, dayLabels, daily, days);
          }
        }
      }
    }
  } else {
    for (const f of frames) {
      // A series labelled by category is a rolling window only when each label is a row.
      if (labelledKeys && seriesLength !== null && f.rows.length > seriesLength + MAX_WINDOW) continue;
      for (const c of numCols) {
        const values = memo2(col(c), f, "values", () => f.rows.map((i) => col(c)[i]!));
        yield* rollings(`column ${c}${f.desc}`, null, values, null);
        if (p.gappy.has(c)) {
          yield* rollings(
            `column ${c} with missing rows dropped${f.desc}`,
            null,
            memo(values, "present", () => values.filter((v) => !Number.isNaN(v))),
            null,
          );
        }
      }
    }
  }
}

/** A column over a row subset, read point by point (most candidates are rejected on their first point). */
function rowValues(desc: string, keys: string[] | null, f: Frame, column: number[]): Candidate {
  const values = () => memo2(column, f, "values", () => f.rows.map((i) => column[i]!));
  return { desc, keys, n: f.rows.length, at: (j) => column[f.rows[j]!]!, values, groupedBy: null };
}

/** The rows of a subset grouped by a key column (groupby drops rows whose key is missing, dropna=True), keys sorted. */
function groupsOf(f: Frame, g: string, keyOf: Array<string | null>) {
  return memo(f, `groups by ${g}`, () => {
    const groups = new Map<string, number[]>();
    for (const i of f.rows) {
      const k = keyOf[i];
      if (k === null || k === undefined) continue;
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k)!.push(i);
    }
    const keys = [...groups.keys()].sort();
    const rowsList = keys.map((k) => groups.get(k)!);
    return { groups, keys, rowsList, keyed: rowsList.reduce((n, r) => n + r.length, 0) };
  });
}

/** A subset's rows in date order; when days repeat, its distinct days in that order and each day's rows. */
function dateOrder(p: Prepared, f: Frame) {
  return memo(f, "date order", () => {
    const order = [...f.rows].sort((a, b) => p.dateDays![a]! - p.dateDays![b]!);
    const dayKeys = order.map((i) => p.dateDays![i]!);
    const unique = new Set(dayKeys).size === dayKeys.length;
    const days = unique ? dayKeys : [...new Set(dayKeys)];
    const byDay = new Map<number, number[]>();
    if (!unique)
      for (const i of order) {
        const d = p.dateDays![i]!;
        if (!byDay.has(d)) byDay.set(d, []);
        byDay.get(d)!.push(i);
      }
    return { order, dayKeys, unique, days, dayLabels: unique ? [] : days.map(fromDays), dayRows: unique ? [] : days.map((d) => byDay.get(d)!) };
  });
}

/**
 * The mean or sum of a day's values present, added in row order from 0 as aggregate() adds them
 * (the same floating-point result), without copying them out first.
 */
function dailyAggregate(agg: "mean" | "sum", rows: number[], column: number[]): number {
  let sum = 0;
  let n = 0;
  for (const i of rows) {
    const x = column[i]!;
    if (Number.isNaN(x)) continue;
    sum += x;
    n++;
  }
  return agg === "sum" ? sum : n ? sum / n : Number.NaN;
}
