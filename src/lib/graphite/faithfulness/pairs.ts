// A series whose y are one reading of the data in order (or as a set) while its x are neither row
// positions nor that reading's keys: the y alone say nothing about which x each value belongs
// to, so the pairs are not confirmed, unless the x labels are the same rows' values of a category
// column (every row drawn at its own category). When the plotted x are the same rows' values of a numeric
// column moved by a constant (year + 1) or stretched by a factor no change of unit explains, that
// is evidence the chart misstates the data; otherwise the series is unchecked. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import type { Explained } from "./match";
import type { Weighed } from "./near";
import type { Frame, Prepared } from "./table";
import { baselines } from "./baselines";
import { unitChange } from "./units";
import { movedKeys } from "./moved-keys";
import { close } from "./match";

const fmt = (v: number) => String(+v.toPrecision(6));
const sameNum = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** The row subset a reading's description names (the longest " where g == v" it contains). */
export function frameOf(p: Prepared, desc: string): Frame | null {
  let best: Frame | null = null;
  for (const f of p.frames) if (f.desc && desc.includes(f.desc) && (!best || f.desc.length > best.desc.length)) best = f;
  return best ?? p.frames[0] ?? null;
}

/** How plotted x relate to a column's values row by row: moved by d, times k, or null. */
export function relation(x: number[], col: number[]): string | null {
  const d = x[0]! - col[0]!;
  const tol = (v: number) => 1e-9 * Math.max(1, Math.abs(v));
  if (d !== 0 && x.every((v, i) => Math.abs(v - col[i]! - d) <= tol(v))) return `+ ${fmt(d)}`.replace("+ -", "− ");
  // the factor from the value of largest size (a column that starts at 0 is stretched too)
  let j = 0;
  for (let i = 1; i < col.length; i++) if (Math.abs(col[i]!) > Math.abs(col[j]!)) j = i;
  const k = col[j] !== 0 ? x[j]! / col[j]! : NaN;
  if (
    Number.isFinite(k) &&
    Math.abs(k - 1) > 1e-6 &&
    unitChange(k) === null &&
    x.every((v, i) => Math.abs(v - k * col[i]!) <= 2e-3 * Math.max(Math.abs(v), 1e-12))
  )
    return `× ${fmt(k)}`;
  return null;
}

/**
 * The change `relation` named, unless it is a deviation or normalised chart's: the column less a
 * baseline of it (its mean, minimum, ...; of `column`, its values in the whole subset), divided
 * by one, or a percent of one.
 */
export function changeNotBaseline(changed: number[], col: number[], column: () => number[]): string | null {
  const rel = relation(changed, col);
  if (!rel) return null;
  const base = baselines(column());
  if (rel.startsWith("×")) {
    const k = changed.find((_, i) => col[i] !== 0)! / col.find((t) => t !== 0)!;
    return base.some((b) => sameNum(1 / k, Math.abs(b)) || sameNum(100 / k, Math.abs(b))) ? null : rel;
  }
  const d = changed[0]! - col[0]!;
  return base.some((b) => sameNum(d, -b)) ? null : rel;
}

export function unconfirmedPairs(s: PlottedSeries, found: Explained, p: Prepared, scale: number): Weighed {
  const reading = `${found.cand.desc}${found.scale} ${found.how}`;
  const numericX = s.x.length > 0 && s.x.every((x) => typeof x === "number");
  if (numericX && found.how === "in order" && s.x.length >= 3) {
    const x = s.x as number[];
    const f = frameOf(p, found.cand.desc);
    if (f) {
      for (const [c, v] of p.numeric) {
        const col = f.rows.map((i) => v[i]!).filter((t) => Number.isFinite(t));
        if (col.length !== x.length) continue;
        // x counted from a baseline of the rows' own values (year - the first year drawn) is the data
        const rel = changeNotBaseline(x, col, () => col);
        if (rel)
          return {
            status: "fail",
            detail: `the y are ${reading}, but each x is ${c} ${rel} of the same row${f.desc}: the points are not at the data's x`,
          };
      }
    }
  }
  if (!numericX && found.how === "in order" && s.x.length >= 3) {
    const f = frameOf(p, found.cand.desc);
    const at = f ? labelledRows(s, p, scale, [f]) : null;
    if (at) return at;
  }
  // a per-key aggregate (mean by year) drawn at its keys moved or stretched
  const keyed = found.cand.groupedBy ? movedKeys(s, p, scale) : null;
  if (keyed) return keyed;
  return {
    status: "unchecked",
    detail: `the y are ${reading}, but the x (${numericX ? "numbers that are not row positions" : "labels"}) are not that reading's keys, so which value belongs to which x is not confirmed`,
  };
}

/**
 * Points whose y are a column's values row by row (the reading's rows, in the file's order) and
 * whose x labels are the same rows' values of a category or label column (seaborn.objects' Dot,
 * Dots, Jitter or Dodge on a category axis draws every row at its own category): each point is
 * its row's pair. With legend colours, they must be a category column's row by row too (a colour
 * scale's are not read). null when the labels are no column's. `frames`: the row subsets tried.
 */
export function labelledRows(s: PlottedSeries, p: Prepared, scale: number, frames: readonly Frame[] = p.frames): Weighed | null {
  const n = s.y.length;
  if (n < 3 || s.truncated || !s.x.every((t) => typeof t === "string")) return null;
  const x = s.x.map((t) => String(t).trim());
  const hues = s.pointHues?.some((h) => h !== null) ? s.pointHues : null;
  if (hues?.some((h) => h === null)) return null;
  const labelCols = [...p.categorical, ...p.labels];
  for (const f of frames)
    for (const [c, v] of p.numeric) {
      if (f.rows.length < n) continue;
      const rows = f.rows.filter((r) => Number.isFinite(v[r]!));
      if (rows.length !== n || !s.y.every((y, k) => close(y, v[rows[k]!]!, scale))) continue;
      const by = labelCols.find(([, keys]) => rows.every((r, k) => keys[r]?.trim() === x[k]));
      if (!by) continue;
      const hue = hues ? [...p.categorical].find(([, keys]) => rows.every((r, k) => keys[r] === hues[k])) : null;
      if (hues && !hue) continue;
      return {
        status: "pass",
        detail: `the y are column ${c}${f.desc} row by row and each x is its row's ${by[0]}${hue ? `, coloured by ${hue[0]} row by row` : ""}`,
      };
    }
  return null;
}
