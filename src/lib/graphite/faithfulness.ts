// Is the chart faithful to the data? Checked without a reference figure: every plotted series the
// sandbox read from the live matplotlib artists is explained from the CSV, or it is not. An
// explanation is a column, a groupby aggregate (mean/sum/count/median/min/max), a cumulative sum,
// or a rolling mean of one of those, optionally over the rows of one category (stack == "Swift"),
// optionally in other units (seconds shown as minutes), within a relative tolerance. Then the x
// range is compared with the data's and aggregated categories are checked for completeness.
// Everything that could not be checked says so: "unchecked" is never reported as "pass". Pure.
import type { FaithCheck, Faithfulness } from "../schema/graphite";
import type { FigureMeasure, PlottedSeries } from "../schema/sandbox";
import { explainHistogram } from "./histogram";

export const REL_TOLERANCE = 0.002;
const MAX_CATEGORIES = 40;
const MAX_WINDOW = 60;
const AGGS = ["mean", "sum", "count", "median", "min", "max"] as const;
const SCALES: ReadonlyArray<[number, string]> = [
  [1, ""],
  [1 / 60, " ÷ 60"],
  [1 / 3600, " ÷ 3600"],
  [1 / 1000, " ÷ 1000"],
  [100, " × 100"],
  [60, " × 60"],
];

export interface Table {
  columns: string[];
  rows: string[][];
}

/**
 * A vector the data can produce, with the keys (x values) it is indexed by, in plotting order.
 * Built lazily: most candidates are rejected on their first point, so `at(j)` is O(1) where it
 * can be (rolling windows use prefix sums) and the whole vector is only built when needed.
 */
interface Candidate {
  desc: string;
  keys: string[] | null;
  n: number;
  at: (j: number) => number;
  values: () => number[];
  /** The column whose distinct values are the keys (for the completeness check). */
  groupedBy: string | null;
}

function eager(desc: string, keys: string[] | null, arr: number[], groupedBy: string | null = null): Candidate {
  return { desc, keys, n: arr.length, at: (j) => arr[j]!, values: () => arr, groupedBy };
}

function lazy(desc: string, keys: string[] | null, n: number, make: () => number[], groupedBy: string | null = null): Candidate {
  let memo: number[] | null = null;
  const values = () => (memo ??= make());
  return { desc, keys, n, at: (j) => values()[j]!, values, groupedBy };
}

function fromAt(desc: string, keys: string[] | null, n: number, at: (j: number) => number): Candidate {
  let memo: number[] | null = null;
  return { desc, keys, n, at, values: () => (memo ??= Array.from({ length: n }, (_, j) => at(j))), groupedBy: null };
}

interface Frame {
  desc: string;
  rows: number[];
}

interface Prepared {
  columns: string[];
  numeric: Map<string, number[]>;
  dateCol: string | null;
  dateKeys: string[] | null;
  dateDays: number[] | null;
  categorical: Map<string, string[]>;
  frames: Frame[];
  rowCount: number;
}

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DAY_MS = 86_400_000;

function toDays(iso: string): number {
  return Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS;
}
function fromDays(d: number): string {
  return new Date(Math.floor(d + 1e-9) * DAY_MS).toISOString().slice(0, 10);
}

function num(s: string): number | null {
  const t = s.trim();
  if (t === "") return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

export function prepareTable(t: Table): Prepared {
  const numeric = new Map<string, number[]>();
  const categorical = new Map<string, string[]>();
  let dateCol: string | null = null;
  const frameCols: string[] = [];
  const n = t.rows.length;
  t.columns.forEach((col, ci) => {
    const raw = t.rows.map((r) => r[ci] ?? "");
    const nums = raw.map(num);
    if (nums.every((v) => v !== null)) numeric.set(col, nums as number[]);
    if (dateCol === null && raw.every((v) => ISO_DATE.test(v.trim()))) dateCol = col;
    const distinct = new Set(raw.map((v) => v.trim()));
    if (distinct.size <= MAX_CATEGORIES && distinct.size < n) categorical.set(col, raw.map((v) => v.trim()));
    // Row subsets worth trying: labels (stack, weekday) and flags (cache_enabled), not counts.
    if (distinct.size >= 2 && distinct.size <= 12 && (!nums.every((v) => v !== null) || distinct.size <= 3)) frameCols.push(col);
  });
  const dateKeys = dateCol !== null ? t.rows.map((r) => r[t.columns.indexOf(dateCol!)]!.trim().slice(0, 10)) : null;
  const frames: Frame[] = [{ desc: "", rows: t.rows.map((_, i) => i) }];
  for (const col of frameCols) {
    const vals = categorical.get(col)!;
    const distinct = [...new Set(vals)];
    for (const v of distinct) {
      frames.push({ desc: ` where ${col} == ${JSON.stringify(v)}`, rows: vals.flatMap((x, i) => (x === v ? [i] : [])) });
    }
  }
  return {
    columns: t.columns,
    numeric,
    dateCol,
    dateKeys,
    dateDays: dateKeys ? dateKeys.map(toDays) : null,
    categorical,
    frames,
    rowCount: n,
  };
}

function aggregate(kind: (typeof AGGS)[number], xs: number[]): number {
  switch (kind) {
    case "count":
      return xs.length;
    case "sum":
      return xs.reduce((s, x) => s + x, 0);
    case "mean":
      return xs.reduce((s, x) => s + x, 0) / xs.length;
    case "min":
      return Math.min(...xs);
    case "max":
      return Math.max(...xs);
    case "median": {
      const s = [...xs].sort((a, b) => a - b);
      const m = s.length >> 1;
      return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
    }
  }
}

/** Rolling means (trailing as pandas does by default, or centred; by row count or calendar days)
 * and the cumulative sum of one ordered vector, each as O(1) point access over prefix sums. */
function* rollings(desc: string, keys: string[] | null, v: number[], dayKeys: number[] | null): Generator<Candidate> {
  const n = v.length;
  const pre = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) pre[i + 1] = pre[i]! + v[i]!;
  const mean = (lo: number, hi: number, minPeriods: number) => (hi - lo >= minPeriods ? (pre[hi]! - pre[lo]!) / (hi - lo) : NaN);
  yield fromAt(`cumulative sum of ${desc}`, keys, n, (j) => pre[j + 1]!);
  for (let w = 2; w <= Math.min(MAX_WINDOW, n); w++) {
    const off = Math.floor(w / 2);
    const trail = (j: number) => Math.max(0, j - w + 1);
    const cLo = (j: number) => Math.max(0, j - off);
    const cHi = (j: number) => Math.min(n, j + 1 + (w - 1 - off));
    yield fromAt(`${w}-row rolling mean of ${desc}`, keys, n, (j) => mean(trail(j), j + 1, w));
    yield fromAt(`${w}-row rolling mean (min_periods=1) of ${desc}`, keys, n, (j) => mean(trail(j), j + 1, 1));
    yield fromAt(`${w}-row centred rolling mean of ${desc}`, keys, n, (j) => mean(cLo(j), cHi(j), w));
    yield fromAt(`${w}-row centred rolling mean (min_periods=1) of ${desc}`, keys, n, (j) => mean(cLo(j), cHi(j), 1));
  }
  const sorted = dayKeys !== null && dayKeys.every((d, i) => i === 0 || d > dayKeys[i - 1]!);
  if (sorted) {
    for (let span = 2; span <= MAX_WINDOW; span++) {
      // pandas rolling("7D"): the rows dated within (day - span, day].
      yield fromAt(`${span}-day rolling mean of ${desc}`, keys, n, (j) => {
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
    }
  }
}

/** Every vector the data can produce, lazily, cheapest and most likely first. */
function* candidates(p: Prepared, seriesKeys: string[] | null, labelledKeys: boolean, minRows: number, label: string | null): Generator<Candidate> {
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
  // Row-level columns (in file order, keyed by date when there is one), then aggregates.
  for (const f of frames) {
    for (const col of numCols) {
      const values = f.rows.map((i) => p.numeric.get(col)![i]!);
      const keys = p.dateKeys ? f.rows.map((i) => p.dateKeys![i]!) : null;
      const uniqueKeys = keys && new Set(keys).size === keys.length;
      yield eager(`column ${col}${f.desc}`, uniqueKeys ? keys : null, values);
    }
  }
  for (const f of frames) {
    const groupCols = [...p.categorical.keys(), ...(p.dateCol && !p.categorical.has(p.dateCol) ? [p.dateCol] : [])];
    for (const g of groupCols) {
      const keyOf = g === p.dateCol ? p.dateKeys! : p.categorical.get(g)!;
      const groups = new Map<string, number[]>();
      for (const i of f.rows) {
        const k = keyOf[i]!;
        if (!groups.has(k)) groups.set(k, []);
        groups.get(k)!.push(i);
      }
      if (groups.size === f.rows.length && g !== p.dateCol) continue; // one row per group: same as the column
      if (groups.size < 2) continue;
      const keys = [...groups.keys()].sort();
      yield eager(`count of rows by ${g}${f.desc}`, keys, keys.map((k) => groups.get(k)!.length), g);
      for (const col of numCols) {
        if (col === g) continue;
        for (const agg of AGGS) {
          if (agg === "count") continue;
          const values = () => keys.map((k) => aggregate(agg, groups.get(k)!.map((i) => p.numeric.get(col)![i]!)));
          yield lazy(`${agg} of ${col} by ${g}${f.desc}`, keys, keys.length, values, g);
        }
      }
    }
  }
  // Calendar buckets (pandas resample("W") / ("M") / ("MS"), or a Period index): aggregates per
  // week or month, keyed by the bucket's first day and, separately, by its last day (pandas labels
  // "W" and "M" bins by their end, "MS" and Period axes by their start). Every row subset is tried:
  // a week's label need not be a day that subset has a row on.
  if (p.dateCol) yield* bucketCandidates(p, big, numCols, seriesKeys !== null && labelledKeys ? seriesKeys : null);
  // Rolling means and cumulative sums of the date-ordered series (row-level and daily aggregates).
  if (p.dateCol) {
    for (const f of frames) {
      const order = [...f.rows].sort((a, b) => p.dateDays![a]! - p.dateDays![b]!);
      const dayKeys = order.map((i) => p.dateDays![i]!);
      const unique = new Set(dayKeys).size === dayKeys.length;
      for (const col of numCols) {
        if (unique) {
          yield* rollings(`column ${col}${f.desc}`, order.map((i) => p.dateKeys![i]!), order.map((i) => p.numeric.get(col)![i]!), dayKeys);
        } else {
          const days = [...new Set(dayKeys)];
          const byDay = new Map<number, number[]>();
          order.forEach((i) => {
            const d = p.dateDays![i]!;
            if (!byDay.has(d)) byDay.set(d, []);
            byDay.get(d)!.push(p.numeric.get(col)![i]!);
          });
          for (const agg of ["mean", "sum"] as const) {
            yield* rollings(`daily ${agg} of ${col}${f.desc}`, days.map(fromDays), days.map((d) => aggregate(agg, byDay.get(d)!)), days);
          }
        }
      }
    }
  } else {
    for (const f of frames) {
      for (const col of numCols) {
        yield* rollings(`column ${col}${f.desc}`, null, f.rows.map((i) => p.numeric.get(col)![i]!), null);
      }
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
];

/** `want`: label keys the series uses; bucketings that do not cover them are skipped unbuilt. */
function* bucketCandidates(p: Prepared, frames: Frame[], numCols: string[], want: string[] | null): Generator<Candidate> {
  for (const f of frames) {
    for (const b of BUCKETS) {
      const groups = new Map<number, number[]>();
      for (const i of f.rows) {
        const k = b.start(p.dateDays![i]!);
        if (!groups.has(k)) groups.set(k, []);
        groups.get(k)!.push(i);
      }
      if (groups.size < 2) continue;
      const starts = [...groups.keys()].sort((x, y) => x - y);
      const labels: Array<[string, string[]]> = [
        ["first day", starts.map(fromDays)],
        ["last day", starts.map((d) => fromDays(b.end(d)))],
      ];
      for (const [how, keys] of labels) {
        if (want) {
          const have = new Set(keys);
          if (!want.every((k) => have.has(k))) continue;
        }
        yield eager(`count of rows per ${b.name} (labelled by its ${how})${f.desc}`, keys, starts.map((k) => groups.get(k)!.length));
        for (const col of numCols) {
          for (const agg of AGGS) {
            if (agg === "count") continue;
            const values = () => starts.map((k) => aggregate(agg, groups.get(k)!.map((i) => p.numeric.get(col)![i]!)));
            yield lazy(`${b.name}ly ${agg} of ${col} (labelled by its ${how})${f.desc}`, keys, keys.length, values);
          }
        }
      }
    }
  }
}

function close(a: number, b: number, scaleOfData: number): boolean {
  return Math.abs(a - b) <= REL_TOLERANCE * Math.max(Math.abs(b), 1e-9) + 1e-9 * scaleOfData;
}

/** How the series' x values name rows or groups: ISO dates, category labels, or nothing usable. */
export function xKeys(s: PlottedSeries, p: Prepared): string[] | null {
  if (s.x.length === 0) return null;
  if (s.x.every((x) => typeof x === "string")) {
    return (s.x as string[]).map((x) => {
      const t = x.trim();
      return ISO_DATE.test(t) ? t.slice(0, 10) : t;
    });
  }
  if (s.x.every((x) => typeof x === "number") && p.dateDays) {
    // matplotlib date numbers (days since 1970-01-01) within a year of the data's range.
    const lo = Math.min(...p.dateDays) - 366;
    const hi = Math.max(...p.dateDays) + 366;
    const xs = s.x as number[];
    if (xs.every((x) => x >= lo && x <= hi)) return xs.map(fromDays);
  }
  if (s.x.every((x) => typeof x === "number")) return (s.x as number[]).map((x) => String(x));
  return null;
}

type Explained = { how: string; cand: Candidate; scale: string; byKey: boolean; keys: string[] | null };

const keyIndexCache = new WeakMap<string[], Map<string, number>>();
function keyIndex(keys: string[]): Map<string, number> {
  let idx = keyIndexCache.get(keys);
  if (!idx) {
    idx = new Map(keys.map((k, i) => [k, i] as const));
    keyIndexCache.set(keys, idx);
  }
  return idx;
}

function explain(s: PlottedSeries, keys: string[] | null, p: Prepared): Explained | null {
  const y = s.y;
  const dataScale = Math.max(1, ...[...p.numeric.values()].map((v) => Math.max(...v.map(Math.abs))));
  const labelled = s.x.length > 0 && s.x.every((x) => typeof x === "string");
  // By key, a series may show a subset of a candidate's points; by position it shows all of them.
  const minRows = labelled || s.truncated ? 0 : y.length;
  for (const cand of candidates(p, keys, labelled, minRows, s.label)) {
    // 1) By key: each plotted x names a row or group; its y must be that value. When every x is
    // a key of the candidate, that reading is decisive for it; otherwise x are positions.
    let pos: number[] | null = null;
    if (keys && cand.keys) {
      const idx = keyIndex(cand.keys);
      if (keys.every((k) => idx.has(k))) pos = keys.map((k) => idx.get(k)!);
    }
    // Labels (category names, dates) that are not this candidate's keys say it is the wrong
    // vector: only numeric x (positions) may be compared by order.
    if (!pos && labelled && cand.keys) continue;
    if (pos) {
      const at = pos;
      for (const [factor, label] of SCALES) {
        const ok = y.every((v, i) => {
          const want = cand.at(at[i]!) * factor;
          return Number.isFinite(want) && close(v, want, dataScale);
        });
        if (ok) return { how: "by x value", cand, scale: label, byKey: true, keys };
      }
      continue;
    }
    // 2) By position: the series is the candidate in order (NaN-led rolling windows dropped).
    // Its first finite value must match y[0] under some unit before the whole vector is built.
    if (cand.n < minRows) continue;
    let first = 0;
    while (first < cand.n && !Number.isFinite(cand.at(first))) first++;
    if (first >= cand.n) continue;
    const head = cand.at(first);
    const plausible = cand.groupedBy !== null || SCALES.some(([factor]) => close(y[0]!, head * factor, dataScale));
    if (!plausible) continue;
    const vals = cand.values().filter((v) => Number.isFinite(v));
    for (const [factor, label] of SCALES) {
      if (vals.length === y.length || (s.truncated && vals.length > y.length)) {
        if (y.every((v, i) => close(v, vals[i]! * factor, dataScale))) return { how: "in order", cand, scale: label, byKey: false, keys };
      }
      // 3) As a set (bars in some other order): same multiset of values.
      if (cand.groupedBy && vals.length === y.length) {
        const sa = [...y].sort((m, n) => m - n);
        const sb = vals.map((v) => v * factor).sort((m, n) => m - n);
        if (sa.every((v, i) => close(v, sb[i]!, dataScale))) return { how: "as a set (order not checked)", cand, scale: label, byKey: false, keys };
      }
    }
  }
  return null;
}

function seriesName(s: PlottedSeries, i: number): string {
  return `${s.kind} ${s.label && !s.label.startsWith("_") ? JSON.stringify(s.label) : `#${i + 1}`} (${s.y.length} point${s.y.length === 1 ? "" : "s"})`;
}

/** Reference lines (axvline/axhline, a cut-over marker) carry no data to check. */
function isMarker(s: PlottedSeries): string | null {
  if (s.kind !== "line" || s.y.length > 2) return null;
  if (s.x.length === 2 && s.x[0] === s.x[1]) return "vertical marker";
  if (s.y.length === 2 && s.y[0] === s.y[1]) return "horizontal marker";
  return null;
}

/** Check every plotted series of every figure against the CSV. */
export function checkFaithfulness(table: Table, figures: FigureMeasure[]): Faithfulness {
  const series = figures.flatMap((f) => f.data);
  if (figures.length === 0) {
    return { verdict: "unchecked", checks: [{ check: "plotted data", status: "unchecked", detail: "no figure was measured, so nothing could be compared with the data" }] };
  }
  if (series.length === 0) {
    return {
      verdict: "unchecked",
      checks: [{ check: "plotted data", status: "unchecked", detail: "the figure has no line, bar or scatter data the sandbox could read (images, text or other artists only)" }],
    };
  }
  const p = prepareTable(table);
  const checks: FaithCheck[] = [];
  const dataDays = p.dateDays;
  let xLo = Infinity;
  let xHi = -Infinity;
  let datedSeries = 0;
  const groupedCoverage: string[] = [];
  const groupedMissing: string[] = [];
  series.forEach((s, i) => {
    const name = seriesName(s, i);
    const marker = isMarker(s);
    if (marker) {
      const keys = xKeys(s, p);
      const at = marker === "vertical marker" && keys ? ` at x = ${keys[0]}` : "";
      checks.push({ check: `values of ${name}`, status: "unchecked", detail: `${marker}${at}: a reference line, not data` });
      return;
    }
    if (s.y.length === 0) {
      checks.push({ check: `values of ${name}`, status: "unchecked", detail: "the series has no numeric values to compare" });
      return;
    }
    const keys = xKeys(s, p);
    const found = explain(s, keys, p);
    let hist: ReturnType<typeof explainHistogram> = null;
    const cut = s.truncated ? ` (only the first ${s.y.length} points were measured)` : "";
    if (found) {
      checks.push({ check: `values of ${name}`, status: "pass", detail: `match ${found.cand.desc}${found.scale} ${found.how}${cut}` });
      if (found.cand.groupedBy && found.byKey && keys) {
        const all = new Set(found.cand.keys);
        const shown = new Set(keys);
        const missing = [...all].filter((k) => !shown.has(k));
        if (missing.length) groupedMissing.push(`${name} shows ${shown.size} of ${all.size} ${found.cand.groupedBy} values (missing ${missing.slice(0, 6).join(", ")}${missing.length > 6 ? ", ..." : ""})`);
        else groupedCoverage.push(`${name}: all ${all.size} ${found.cand.groupedBy} values`);
      }
    } else if ((hist = explainHistogram(s, p))) {
      // matplotlib's hist, seaborn's histplot: counts per bin of a column, not an aggregate
      if (hist.kind === "match") checks.push({ check: `values of ${name}`, status: "pass", detail: `match ${hist.desc}` });
      else checks.push({ check: `values of ${name}`, status: "unchecked", detail: `a histogram (${hist.bins} touching bins) whose counts could not be rebuilt exactly from the measured bar positions` });
    } else {
      checks.push({
        check: `values of ${name}`,
        status: "fail",
        detail: `match no column, groupby aggregate (mean/sum/count/median/min/max), cumulative sum or rolling mean of the data within ${REL_TOLERANCE * 100}%${cut}`,
      });
    }
    if (keys && dataDays && keys.every((k) => /^\d{4}-\d{2}-\d{2}$/.test(k))) {
      datedSeries++;
      for (const k of keys) {
        const d = toDays(k);
        xLo = Math.min(xLo, d);
        xHi = Math.max(xHi, d);
      }
    }
  });
  // The x range: plotted dates must lie within the data's dates.
  if (dataDays && datedSeries > 0) {
    const lo = Math.min(...dataDays);
    const hi = Math.max(...dataDays);
    const inside = xLo >= lo && xHi <= hi;
    checks.push({
      check: "x range",
      status: inside ? "pass" : "fail",
      detail: `plotted dates ${fromDays(xLo)} to ${fromDays(xHi)}; the data spans ${fromDays(lo)} to ${fromDays(hi)}`,
    });
  } else {
    checks.push({ check: "x range", status: "unchecked", detail: "the x values are not dates the data contains (positions or categories), so the range was not compared" });
  }
  if (groupedMissing.length) checks.push({ check: "categories complete", status: "fail", detail: groupedMissing.join("; ") });
  else if (groupedCoverage.length) checks.push({ check: "categories complete", status: "pass", detail: groupedCoverage.join("; ") });
  else checks.push({ check: "categories complete", status: "unchecked", detail: "no series was matched to a per-category aggregate by its labels" });
  const valueChecks = checks.filter((c) => c.check.startsWith("values of") && c.status !== "unchecked");
  const decided = checks.filter((c) => c.status !== "unchecked");
  const verdict: Faithfulness["verdict"] =
    valueChecks.length === 0
      ? "unchecked"
      : decided.every((c) => c.status === "pass")
        ? "faithful"
        : valueChecks.every((c) => c.status === "fail")
          ? "unfaithful"
          : "partly";
  return { verdict, checks };
}

/** One line for the judge and the summary: "faithful (3 passed, 1 unchecked: ...)". */
export function faithfulnessLine(f: Faithfulness): string {
  const pass = f.checks.filter((c) => c.status === "pass").length;
  const fail = f.checks.filter((c) => c.status === "fail");
  const unchecked = f.checks.filter((c) => c.status === "unchecked").length;
  const parts = [`${pass} passed`, `${fail.length} failed`, `${unchecked} unchecked`];
  const why = fail.length ? `; failed: ${fail.map((c) => `${c.check} — ${c.detail}`).join("; ")}` : "";
  return `${f.verdict} (${parts.join(", ")}${why})`;
}
