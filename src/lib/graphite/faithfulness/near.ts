// A series no reading of the data gives exactly, weighed against every reading for what it does
// show. Some near readings are still the data: a change of unit the exact search does not try
// (÷ 1e6, ÷ 1024), a normalisation (a share of the total, indexed to the first value), rounding.
// Some are evidence the chart misstates the data: every value one constant factor off that no
// change of unit explains, each value moved to the neighbouring x, or most points exactly one
// reading and a few not (a tampered bar). A series that matches a reading wherever the data has a
// value, and differs only where it has none, was filled or interpolated: not checked. Nothing
// near at all is no evidence either way. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import type { Candidate } from "./candidate";
import { candidates } from "./candidates";
import { close, keyIndex, SCALES } from "./match";
import type { Prepared } from "./table";
import { unitChange } from "./units";

export type Weighed = { status: "pass" | "fail" | "unchecked"; detail: string };

/** Fewest matching points (each behind more than one row) that make a near miss evidence. */
export const MIN_NEAR = 3;
const ROUNDINGS = [0, 1, 2, 3];
const MAX_LISTED = 3;

type Alignment = { how: string; byKey: boolean; index: number[] };

const fmt = (v: number) => String(+v.toPrecision(6));

/** Which value of the candidate each plotted point stands for (-1: none), by x value or in order. */
function align(s: PlottedSeries, keys: string[] | null, cand: Candidate, labelled: boolean, minRows: number): Alignment | null {
  if (keys && cand.keys) {
    const idx = keyIndex(cand.keys);
    if (keys.every((k) => idx.has(k))) return { how: "by x value", byKey: true, index: keys.map((k) => idx.get(k)!) };
  }
  if (labelled && cand.keys) return null;
  if (cand.n < minRows) return null;
  const finite: number[] = [];
  for (let j = 0; j < cand.n && finite.length <= s.y.length; j++) if (Number.isFinite(cand.at(j))) finite.push(j);
  if (finite.length === s.y.length || (s.truncated && finite.length > s.y.length)) return { how: "in order", byKey: false, index: finite.slice(0, s.y.length) };
  // one point per row, gaps included: a value drawn where the data has none was filled in
  if (cand.n === s.y.length) return { how: "in order", byKey: false, index: Array.from({ length: cand.n }, (_, j) => j) };
  return null;
}

function normalisation(k: number, bases: Array<[number, string]>): string | null {
  for (const [base, what] of bases) {
    if (!(Math.abs(base) > 0)) continue;
    if (Math.abs(k * base - 1) <= 2e-3) return what;
    if (Math.abs(k * base - 100) <= 0.2) return `${what} (in percent)`;
  }
  return null;
}

type Found = { rank: number; w: Weighed };

/** Weigh one candidate; the strongest finding, or null. */
function weighOne(s: PlottedSeries, cand: Candidate, a: Alignment, scale: number): Found | null {
  const y = s.y;
  const n = y.length;
  const want = (i: number) => (a.index[i]! >= 0 && a.index[i]! < cand.n ? cand.at(a.index[i]!) : NaN);
  const maxMiss = Math.floor(n / 3);
  const miss = SCALES.map(() => 0);
  const alive = SCALES.map(() => true);
  let gaps = 0;
  let k: number | null = null;
  let proportional = n >= 2;
  const rounded = ROUNDINGS.map(() => true);
  const shifted = [a.byKey, a.byKey];
  for (let i = 0; i < n; i++) {
    const v = y[i]!;
    const w = want(i);
    if (!Number.isFinite(w)) {
      gaps++;
      proportional = false;
      rounded.fill(false);
    } else {
      SCALES.forEach(([f], si) => {
        if (alive[si] && !close(v, w * f, scale) && ++miss[si]! > maxMiss) alive[si] = false;
      });
      if (proportional) {
        if (k === null) {
          if (w !== 0) k = v / w;
          else if (v !== 0) proportional = false;
        } else if (!close(v, k * w, scale)) proportional = false;
      }
      ROUNDINGS.forEach((d, ri) => {
        if (rounded[ri] && Math.abs(v - Math.round(w * 10 ** d) / 10 ** d) > 1e-9 * Math.max(1, Math.abs(v))) rounded[ri] = false;
      });
    }
    [-1, 1].forEach((d, di) => {
      if (!shifted[di]) return;
      const j = a.index[i]! + d;
      const ws = j >= 0 && j < cand.n ? cand.at(j) : NaN;
      if (!Number.isFinite(ws) || !close(v, ws, scale)) shifted[di] = false;
    });
    if (gaps * 2 > n) alive.fill(false);
    if (!alive.some(Boolean) && !proportional && !rounded.some(Boolean) && !shifted.some(Boolean)) return null;
  }
  const compared = n - gaps;
  const ri = rounded.findIndex(Boolean);
  if (ri >= 0 && compared >= 2)
    return { rank: 9, w: { status: "pass", detail: `match ${cand.desc} rounded to ${ROUNDINGS[ri]} decimal${ROUNDINGS[ri] === 1 ? "" : "s"} ${a.how}` } };
  if (proportional && k !== null && Number.isFinite(k) && k !== 0 && compared >= 2) {
    const unit = unitChange(k);
    if (unit !== null) return { rank: 9, w: { status: "pass", detail: `match ${cand.desc}${unit} ${a.how}` } };
    const shown = Array.from({ length: n }, (_, i) => want(i));
    const all = cand.values().filter((v) => Number.isFinite(v));
    const sum = (v: number[]) => v.reduce((t, x) => t + x, 0);
    const norm = normalisation(k, [
      [shown[0]!, "indexed to its first value"],
      [sum(all), "as a share of its total"],
      [sum(shown), "as a share of the total shown"],
      [Math.max(...all.map(Math.abs)), "relative to its largest value"],
      [all[0]!, "indexed to its first value"],
    ]);
    if (norm) return { rank: 9, w: { status: "pass", detail: `match ${cand.desc} ${norm} ${a.how}` } };
    if (n >= 3)
      return {
        rank: 3,
        w: {
          status: "fail",
          detail: `every value is ${fmt(k)} × ${cand.desc} (${a.how}): no change of unit or normalisation of the data gives that factor`,
        },
      };
  }
  const si = shifted.findIndex(Boolean);
  if (si >= 0 && n >= 2) {
    const which = si === 0 ? "previous" : "next";
    return { rank: 4, w: { status: "fail", detail: `each point shows the value of ${cand.desc} at the ${which} x, not its own (shifted by one)` } };
  }
  // The nearest unit: fewest misses.
  let best = -1;
  SCALES.forEach((_, fi) => {
    if (alive[fi] && (best < 0 || miss[fi]! < miss[best]!)) best = fi;
  });
  if (best < 0) return null;
  const [factor, label] = SCALES[best]!;
  const diffs: string[] = [];
  let informative = 0;
  for (let i = 0; i < n; i++) {
    const w = want(i);
    if (!Number.isFinite(w)) continue;
    if (close(y[i]!, w * factor, scale)) {
      if ((cand.support?.(a.index[i]!) ?? 2) > 1) informative++;
    } else if (diffs.length < MAX_LISTED) diffs.push(`${s.x[i]}: plotted ${fmt(y[i]!)}, the data give ${fmt(w * factor)}`);
  }
  const misses = miss[best]!;
  if (misses === 0 && gaps > 0 && compared >= 2)
    return {
      rank: 1,
      w: {
        status: "unchecked",
        detail: `match ${cand.desc}${label} ${a.how} wherever the data has a value; ${gaps} point${gaps === 1 ? "" : "s"} where it has none (filled or interpolated) cannot be checked`,
      },
    };
  if (misses >= 1 && informative >= MIN_NEAR && misses * 3 <= compared)
    return {
      rank: 2 + (compared - misses) / compared,
      w: {
        status: "fail",
        detail: `${compared - misses} of ${compared} points match ${cand.desc}${label} ${a.how}, ${misses} do${misses === 1 ? "es" : ""} not (${diffs.join("; ")}${misses > diffs.length ? "; ..." : ""})`,
      },
    };
  return null;
}

/** The strongest thing any reading of the data says about a series no reading gives exactly. */
export function nearest(s: PlottedSeries, keys: string[] | null, p: Prepared, scale: number): Weighed | null {
  if (s.y.length === 0) return null;
  const labelled = s.x.length > 0 && s.x.every((x) => typeof x === "string");
  const minRows = labelled || s.truncated ? 0 : s.y.length;
  let best: Found | null = null;
  for (const cand of candidates(p, keys, labelled, minRows, s.label)) {
    const a = align(s, keys, cand, labelled, minRows);
    if (!a) continue;
    const found = weighOne(s, cand, a, scale);
    if (!found) continue;
    if (found.w.status === "pass") return found.w;
    if (!best || found.rank > best.rank) best = found;
  }
  return best?.w ?? null;
}
