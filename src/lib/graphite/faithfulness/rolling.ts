// Rolling means and cumulative sums of one ordered vector, and calendar buckets (weeks, months),
// as pandas computes them over data with gaps: a window's mean is over the values present in it,
// and is NaN when fewer than min_periods are present (min_periods defaults to the window for a
// row count, to 1 for a calendar offset such as "7D"); cumsum skips NaN and is NaN where the value
// is. Each candidate is O(1) per point over prefix sums. The windows of one vector, and the
// buckets of one row subset, are built once per table (faithfulness/memo): callers pass vectors
// that are themselves kept per table. Pure.
import { eager, fromAt, withSupport, type Candidate } from "./candidate";
import { groupAggregates } from "./grouped";
import { SAFE_MAGNITUDE } from "./grouped";
import { memo, memo2 } from "./memo";
import { DAY_MS, fromDays, type Frame, type Prepared } from "./table";

export const MAX_WINDOW = 60;

/** Every window of `v` (kept per vector: pass the same array for the same reading). */
export function* rollings(desc: string, keys: string[] | null, v: number[], dayKeys: number[] | null): Generator<Candidate, void, undefined> {
  yield* memo(v, `windows of ${desc}`, () => [...windows(desc, keys, v, dayKeys)].map((c): Candidate => ({ ...c, derived: true })));
}

function* windows(desc: string, keys: string[] | null, v: number[], dayKeys: number[] | null): Generator<Candidate, void, undefined> {
  const n = v.length;
  const pre = new Float64Array(n + 1);
  const cnt = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const ok = !Number.isNaN(v[i]!);
    pre[i + 1] = pre[i]! + (ok ? v[i]! : 0);
    cnt[i + 1] = cnt[i]! + (ok ? 1 : 0);
  }
  const mean = (lo: number, hi: number, minPeriods: number) => {
    const c = cnt[hi]! - cnt[lo]!;
    return c >= minPeriods && c > 0 ? (pre[hi]! - pre[lo]!) / c : NaN;
  };
  // Without gaps, and with values whose sums stay finite, how many values of a window are finite
  // follows from its length alone (a full window from the w-th row, or every row with
  // min_periods=1): a reading that cannot have as many as a series has points is skipped unbuilt.
  const clean = v.every((x) => Number.isFinite(x) && Math.abs(x) < SAFE_MAGNITUDE);
  const counted = (c: Candidate, finite: number): Candidate => (clean ? { ...c, finiteCount: () => finite } : c);
  yield counted(
    fromAt(`cumulative sum of ${desc}`, keys, n, (j) => (Number.isNaN(v[j]!) ? NaN : pre[j + 1]!)),
    n,
  );
  for (let w = 2; w <= Math.min(MAX_WINDOW, n); w++) {
    const off = Math.floor(w / 2);
    const trail = (j: number) => Math.max(0, j - w + 1);
    const cLo = (j: number) => Math.max(0, j - off);
    const cHi = (j: number) => Math.min(n, j + 1 + (w - 1 - off));
    yield counted(
      fromAt(`${w}-row rolling mean of ${desc}`, keys, n, (j) => mean(trail(j), j + 1, w)),
      n - w + 1,
    );
    yield counted(
      fromAt(`${w}-row rolling mean (min_periods=1) of ${desc}`, keys, n, (j) => mean(trail(j), j + 1, 1)),
      n,
    );
    yield counted(
      fromAt(`${w}-row centred rolling mean of ${desc}`, keys, n, (j) => mean(cLo(j), cHi(j), w)),
      n - w + 1,
    );
    yield counted(
      fromAt(`${w}-row centred rolling mean (min_periods=1) of ${desc}`, keys, n, (j) => mean(cLo(j), cHi(j), 1)),
      n,
    );
  }
  // biome-ignore lint/complexity/useOptionalChain: the explicit null test is what lets TypeScript narrow dayKeys under `if (sorted)`.
  const sorted = dayKeys !== null && dayKeys.every((d, i) => i === 0 || d > dayKeys[i - 1]!);
  if (sorted) {
    for (let span = 2; span <= MAX_WINDOW; span++) {
      // pandas rolling("7D"): the rows dated within (day - span, day].
      const day = fromAt(`${span}-day rolling mean of ${desc}`, keys, n, (j) => {
        const from = dayKeys[j]! - span;
        let lo = 0;
        let hi = j;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (dayKeys[mid]! > from) hi = mid;
          else lo = mid + 1;
        }
        return mean(lo, j + 1, 1);
      });
      yield counted(day, n);
    }
  }
}

const BUCKETS: ReadonlyArray<{ name: string; start: (d: number) => number; end: (d: number) => number }> = [
  {
    name: "week",
    // Day 0 (1970-01-01) was a Thursday; weeks run Monday to Sunday as in pandas "W".
    start: (d) => d - ((((d + 3) % 7) + 7) % 7),
    end: (d) => d - ((((d + 3) % 7) + 7) % 7) + 6,
  },
  {
    name: "month",
    start: (d) => {
      const t = new Date(d * DAY_MS);
      return Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1) / DAY_MS;
    },
    end: (d) => {
      const t = new Date(d * DAY_MS);
      return Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0) / DAY_MS;
    },
  },
  {
    name: "quarter",
    start: (d) => {
      const t = new Date(d * DAY_MS);
      return Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - (t.getUTCMonth() % 3), 1) / DAY_MS;
    },
    end: (d) => {
      const t = new Date(d * DAY_MS);
      return Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - (t.getUTCMonth() % 3) + 3, 0) / DAY_MS;
    },
  },
  {
    name: "year",
    start: (d) => Date.UTC(new Date(d * DAY_MS).getUTCFullYear(), 0, 1) / DAY_MS,
    end: (d) => Date.UTC(new Date(d * DAY_MS).getUTCFullYear(), 11, 31) / DAY_MS,
  },
];

/** Most buckets a calendar reading spans, empty ones included (two rows decades apart make thousands of weeks). */
export const MAX_BUCKETS = 2000;

/**
 * Calendar buckets (pandas resample("W") / ("ME") / ("MS") / ("QE") / ("YE"), or a Period index):
 * aggregates per week, month, quarter or year, keyed by the bucket's first day and, separately, by its last day (pandas labels
 * "W" and "M" bins by their end, "MS" and Period axes by their start). A groupby of the periods
 * (dt.to_period) has only the buckets with rows; resample has every bucket from the first row's to
 * the last's, an empty one with size, count, sum and nunique 0 and every other aggregate NaN: when
 * the rows leave a bucket empty, that reading is tried too.
 * `want`: label keys the series uses; bucketings that do not cover them are skipped unbuilt.
 */
export function* bucketCandidates(p: Prepared, frames: Frame[], numCols: string[], want: string[] | null): Generator<Candidate, void, undefined> {
  for (const f of frames) {
    for (const b of BUCKETS) {
      for (const { note, rows, labels } of bucketsOf(p, f, b)) {
        for (const [how, keys, have] of labels) {
          if (want && !want.every((k) => have.has(k))) continue;
          const size = (j: number) => rows[j]!.length;
          yield memo(keys, `count ${b.name} ${f.desc}`, () =>
            withSupport(
              eager(
                `count of rows per ${b.name} (labelled by its ${how}${note})${f.desc}`,
                keys,
                rows.map((r) => r.length),
              ),
              size,
            ),
          );
          for (const col of numCols) {
            const column = p.numeric.get(col)!;
            yield* memo2(column, keys, `${col} per ${b.name} ${f.desc}`, () => [
              ...groupAggregates(
                (agg) => `${b.name}ly ${agg} of ${col} (labelled by its ${how}${note})${f.desc}`,
                keys,
                () => rows,
                column,
                p.gappy.has(col),
                null,
              ),
            ]);
          }
        }
      }
    }
  }
}

/**
 * One subset's rows in calendar buckets: the buckets with rows, and every bucket from the first to
 * the last when that adds empty ones; each span's rows and its labels (first day, last day).
 */
function bucketsOf(p: Prepared, f: Frame, b: (typeof BUCKETS)[number]) {
  return memo(f, `${b.name} buckets`, () => {
    const startOf = bucketStarts(p.dateDays!, b);
    const groups = new Map<number, number[]>();
    for (const i of f.rows) {
      const k = startOf[i]!;
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k)!.push(i);
    }
    if (groups.size < 2) return [];
    const starts = [...groups.keys()].sort((x, y) => x - y);
    const every: number[] = [starts[0]!];
    while (every.length <= MAX_BUCKETS && every[every.length - 1]! < starts[starts.length - 1]!) every.push(b.start(b.end(every[every.length - 1]!) + 1));
    const spans: Array<[number[], string]> = [[starts, ""]];
    if (every.length > starts.length && every.length <= MAX_BUCKETS) spans.push([every, `, empty ${b.name}s included as resample has them`]);
    return spans.map(([span, note]) => {
      const labelled = (how: string, keys: string[]): [string, string[], Set<string>] => [how, keys, new Set(keys)];
      return {
        note,
        rows: span.map((k) => groups.get(k) ?? []),
        labels: [
          labelled("first day", span.map(fromDays)),
          labelled(
            "last day",
            span.map((d) => fromDays(b.end(d))),
          ),
        ],
      };
    });
  });
}

/** Each row's bucket start, computed once per distinct day (a Date per row per subset was most of the buckets' cost). */
function bucketStarts(dateDays: number[], b: (typeof BUCKETS)[number]): number[] {
  return memo(dateDays, `${b.name} starts`, () => {
    const byDay = new Map<number, number>();
    return dateDays.map((d) => {
      let k = byDay.get(d);
      if (k === undefined) byDay.set(d, (k = b.start(d)));
      return k;
    });
  });
}
