// Matching one plotted series to a vector the data can produce: by x value (each plotted x names
// a row, group or date), in order (the candidate's values present, in order), or as a set (bars
// in another order), under a few unit changes, within a relative tolerance. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { candidates } from "./candidates";
import { mayBeDerived, type Candidate } from "./candidate";
import { fromDays, type Prepared } from "./table";
import { ISO_DATE } from "../csv-typing";
import { guessDateFormat } from "../date-format";

export const REL_TOLERANCE = 0.002;
export const SCALES: ReadonlyArray<[number, string]> = [
  [1, ""],
  [1 / 60, " ÷ 60"],
  [1 / 3600, " ÷ 3600"],
  [1 / 1000, " ÷ 1000"],
  [100, " × 100"],
  [60, " × 60"],
];

export function close(a: number, b: number, scaleOfData: number): boolean {
  return Math.abs(a - b) <= REL_TOLERANCE * Math.max(Math.abs(b), 1e-9) + 1e-9 * scaleOfData;
}

const finiteMin = (v: number[]) => v.reduce((m, x) => (x < m ? x : m), Infinity);
const finiteMax = (v: number[]) => v.reduce((m, x) => (x > m ? x : m), -Infinity);

/** The largest magnitude in the data (NaN gaps ignored), for the absolute part of the tolerance. */
export function dataScale(p: Prepared): number {
  let m = 1;
  for (const v of p.numeric.values()) for (const x of v) if (Math.abs(x) > m) m = Math.abs(x);
  return m;
}

/** How the series' x values name rows or groups: ISO dates, category labels, or nothing usable. */
export function xKeys(s: PlottedSeries, p: Prepared): string[] | null {
  if (s.x.length === 0) return null;
  if (s.x.every((x) => typeof x === "string")) {
    // Date labels drawn as text name the days they read as: in the data's own format, or in one
    // the labels share ("Jan 2024" from strftime("%b %Y") names the month's first day).
    const labels = (s.x as string[]).map((x) => x.trim());
    const own = guessDateFormat(labels[0]!);
    const theirs = own && labels.every((t) => own.parse(t) !== null) ? own : null;
    return labels.map((t) => {
      if (ISO_DATE.test(t)) return t.slice(0, 10);
      return p.dateFormat?.parse(t) ?? theirs?.parse(t) ?? t;
    });
  }
  if (s.x.every((x) => typeof x === "number") && p.dateDays) {
    // matplotlib date numbers (days since 1970-01-01) within a year of the data's range.
    const lo = finiteMin(p.dateDays) - 366;
    const hi = finiteMax(p.dateDays) + 366;
    const xs = s.x as number[];
    if (xs.every((x) => x >= lo && x <= hi)) return xs.map(fromDays);
  }
  if (s.x.every((x) => typeof x === "number")) return (s.x as number[]).map((x) => String(x));
  return null;
}

export type Explained = { how: string; cand: Candidate; scale: string; byKey: boolean; keys: string[] | null };

const keyIndexCache = new WeakMap<string[], Map<string, number>>();
export function keyIndex(keys: string[]): Map<string, number> {
  let idx = keyIndexCache.get(keys);
  if (!idx) {
    idx = new Map(keys.map((k, i) => [k, i] as const));
    keyIndexCache.set(keys, idx);
  }
  return idx;
}

export function explain(s: PlottedSeries, keys: string[] | null, p: Prepared, scale = dataScale(p)): Explained | null {
  const labelled = s.x.length > 0 && s.x.every((x) => typeof x === "string");
  // Labels are matched to a reading's keys first: a reading in file order names no label. So are
  // dates (matplotlib's date numbers): buckets labelled by their first day match month-end x in
  // order, and only the reading labelled by the last day pairs each x with its value.
  const dated = keys !== null && keys.length > 0 && keys.every((k) => ISO_DATE.test(k));
  return (labelled || dated ? explainWith(s, keys, p, scale, true) : null) ?? explainWith(s, keys, p, scale, false);
}

function explainWith(s: PlottedSeries, keys: string[] | null, p: Prepared, scale: number, keyedOnly: boolean): Explained | null {
  const y = s.y;
  const labelled = s.x.length > 0 && s.x.every((x) => typeof x === "string");
  // By key, a series may show a subset of a candidate's points; by position it shows all of them.
  const minRows = labelled || s.truncated ? 0 : y.length;
  for (const cand of candidates(p, keys, labelled, minRows, s.label, s.truncated ? null : y.length)) {
    if (cand.derived && !mayBeDerived(s.kind, y.length)) continue;
    if (keyedOnly && !cand.keys) continue;
    // 1) By key: each plotted x names a row or group; its y must be that value. When every x is
    // a key of the candidate, that reading is decisive for it; otherwise x are positions.
    let pos: number[] | null = null;
    if (keys && cand.keys) {
      const idx = keyIndex(cand.keys);
      if (keys.every((k) => idx.has(k))) pos = keys.map((k) => idx.get(k)!);
    }
    // Labels (category names, dates) that are not this candidate's keys say it is the wrong
    // vector: only numeric x (positions) may be compared by order.
    if (!pos && (labelled || keyedOnly) && cand.keys) continue;
    if (pos) {
      const at = pos;
      for (const [factor, label] of SCALES) {
        const ok = y.every((v, i) => {
          const want = cand.at(at[i]!) * factor;
          return Number.isFinite(want) && close(v, want, scale);
        });
        if (ok) return { how: "by x value", cand, scale: label, byKey: true, keys };
      }
      continue;
    }
    // 2) By position: the series is the candidate in order (NaN values dropped, as matplotlib
    // draws no point for them). Its first finite value must match y[0] under some unit before the
    // whole vector is built.
    if (cand.n < minRows) continue;
    // in order and as a set both need exactly as many finite values as points (more when cut short)
    const finite = cand.finiteCount?.();
    if (finite !== undefined && finite !== y.length && !(s.truncated && finite > y.length)) continue;
    let first = 0;
    while (first < cand.n && !Number.isFinite(cand.at(first))) first++;
    if (first >= cand.n) continue;
    const head = cand.at(first);
    const plausible = cand.groupedBy !== null || SCALES.some(([factor]) => close(y[0]!, head * factor, scale));
    if (!plausible) continue;
    const vals = cand.values().filter((v) => Number.isFinite(v));
    for (const [factor, label] of SCALES) {
      if (vals.length === y.length || (s.truncated && vals.length > y.length)) {
        if (y.every((v, i) => close(v, vals[i]! * factor, scale))) return { how: "in order", cand, scale: label, byKey: false, keys };
      }
      // 3) As a set (bars in some other order): same multiset of values.
      if (cand.groupedBy && vals.length === y.length) {
        const sa = [...y].sort((m, n) => m - n);
        const sb = vals.map((v) => v * factor).sort((m, n) => m - n);
        if (sa.every((v, i) => close(v, sb[i]!, scale))) return { how: "as a set (order not checked)", cand, scale: label, byKey: false, keys };
      }
    }
  }
  return null;
}
