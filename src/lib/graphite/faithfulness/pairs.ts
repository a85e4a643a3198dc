// A series whose y are one reading of the data in order (or as a set) while its x are neither row
// positions nor that reading's keys: the y alone say nothing about which x each value belongs
// to, so the pairs are not confirmed. When the plotted x are the same rows' values of a numeric
// column moved by a constant (year + 1) or stretched by a factor no change of unit explains, that
// is evidence the chart misstates the data; otherwise the series is unchecked. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import type { Explained } from "./match";
import type { Weighed } from "./near";
import type { Frame, Prepared } from "./table";
import { unitChange } from "./units";
import { movedKeys } from "./moved-keys";

const fmt = (v: number) => String(+v.toPrecision(6));

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
        const rel = relation(x, col);
        if (rel)
          return {
            status: "fail",
            detail: `the y are ${reading}, but each x is ${c} ${rel} of the same row${f.desc}: the points are not at the data's x`,
          };
      }
    }
  }
  // a per-key aggregate (mean by year) drawn at its keys moved or stretched
  const keyed = found.cand.groupedBy ? movedKeys(s, p, scale) : null;
  if (keyed) return keyed;
  return {
    status: "unchecked",
    detail: `the y are ${reading}, but the x (${numericX ? "numbers that are not row positions" : "labels"}) are not that reading's keys, so which value belongs to which x is not confirmed`,
  };
}
