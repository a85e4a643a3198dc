// Box plots read whole (kind "box": measure.py reads the lines matplotlib's bxp draws for one box,
// whatever drew it: plt.boxplot, pandas' df.boxplot(by=) and plot.box, seaborn's boxplot). Each
// box is [whislo, q1, median, q3, whishi] and its fliers, at a category (a tick label, a hue level
// as its label) or a position. A set of boxes on one axes is confirmed when one numeric column's
// values in each box's rows give its quartiles and median as matplotlib's boxplot_stats computes
// them (numpy's linear percentiles) and its whiskers either at 1.5 × IQR or at values of those rows
// with the fliers exactly the values beyond them (any `whis`). The rows are one category column's
// value (and a hue column's: seaborn's dodged boxes), the whole column (one box), or each box a
// column of its own (df.plot.box(), boxplot of several columns). A set is "unfaithful" only when
// every number of every box is one column's statistics in the same rows times one factor no change
// of unit gives, or plus one constant, and the numbers carry information (4+ distinct); or when
// the values it draws as themselves (whisker ends, fliers) are all the column's and 3+ of them no
// value of their own category's rows (the column shuffled across rows); otherwise a box no reading
// gives is "unchecked". Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { boxStats } from "./boxes";
import { close } from "./match";
import type { Prepared } from "./table";
import { holds, sortedFinite } from "./sorted-values";
import { unitChange } from "./units";

export interface BoxFinding {
  status: "pass" | "fail" | "unchecked";
  detail: string;
  /** The category values a confirmed box stands for: [column, value] pairs. */
  shows?: Array<[string, string]>;
}

/** How a set of boxes is cut from the table: each box's rows and the column its values come from (null: try each). */
export interface Cut {
  what: string;
  rows: number[][];
  col: string | null;
  shows: Array<Array<[string, string]>>;
  /** By one category column: its values whose rows hold no value of column v (no box to draw). */
  empty?: (v: number[]) => Array<[string, string]>;
}

/** A key as pandas prints it: "1" and "1.0" name the same number. */
function norm(k: string): string {
  const t = k.trim();
  const n = Number(t);
  return t !== "" && Number.isFinite(n) ? String(n) : t;
}

/** Each value's rows of a category column, by its normalised key. */
function rowsByKey(keys: Array<string | null>): Map<string, { key: string; rows: number[] }> {
  const out = new Map<string, { key: string; rows: number[] }>();
  keys.forEach((k, i) => {
    if (k === null) return;
    const n = norm(k);
    const e = out.get(n);
    if (e) e.rows.push(i);
    else out.set(n, { key: k, rows: [i] });
  });
  return out;
}

/** Every way the table can give the boxes' rows: by one category column (and a hue column), whole, or a column per box. */
export function cutsOf(boxes: PlottedSeries[], p: Prepared): Cut[] {
  const cuts: Cut[] = [];
  const all = Array.from({ length: p.rowCount }, (_, i) => i);
  const xs = boxes.map((b) => b.x[0]);
  const labels = boxes.map((b) => b.label);
  const texts = xs.every((x) => typeof x === "string") ? (xs as string[]) : null;
  // one box without a category: the whole column
  if (boxes.length === 1 && (!texts || texts[0]!.trim() === "") && labels[0] === null) cuts.push({ what: "", rows: [all], col: null, shows: [[]] });
  // a column per box (df.plot.box(), df.boxplot(column=[...]), plt.boxplot(df[cols], tick_labels=cols))
  if (texts && labels.every((l) => l === null) && texts.every((t) => p.numeric.has(t)) && new Set(texts).size === texts.length)
    for (const t of texts) cuts.push({ what: "", rows: [all], col: t, shows: [[]] });
  // one box at a numeric tick label (plt.boxplot(values) labels its position "1"): the whole column too, after the categories
  const whole = boxes.length === 1 && labels[0] === null && texts !== null && texts[0]!.trim() !== "" && Number.isFinite(Number(texts[0]));
  if (!texts) return cuts;
  cuts.push(...cutsByCategory(p, texts, labels));
  if (whole) cuts.push({ what: "", rows: [all], col: null, shows: [[]] });
  return cuts;
}

/** The boxes' rows by one category column the boxes' x name (and a hue column their labels name). */
function cutsByCategory(p: Prepared, texts: string[], labels: Array<string | null>): Cut[] {
  const cuts: Cut[] = [];
  for (const [g, keys] of p.categorical) {
    const byG = rowsByKey(keys);
    if (!texts.every((t) => byG.has(norm(t)))) continue;
    const gKey = (t: string) => byG.get(norm(t))!;
    if (labels.every((l) => l === null)) {
      // boxes at one category each: no two at the same one
      if (new Set(texts.map(norm)).size !== texts.length) continue;
      const empty = (v: number[]): Array<[string, string]> =>
        [...byG.values()].filter((e) => !texts.some((t) => norm(t) === norm(e.key)) && e.rows.every((r) => Number.isNaN(v[r]!))).map((e) => [g, e.key]);
      cuts.push({ what: ` by ${g}`, rows: texts.map((t) => gKey(t).rows), col: null, shows: texts.map((t) => [[g, gKey(t).key]]), empty });
      continue;
    }
    if (labels.some((l) => l === null)) continue;
    // seaborn's hue: each box in its category's rows where the hue column has the level its colour names
    const pairs = new Set(texts.map((t, i) => `${norm(t)}\u0000${norm(labels[i]!)}`));
    if (pairs.size !== texts.length) continue;
    for (const [h, hkeys] of p.categorical) {
      if (h === g) {
        if (texts.every((t, i) => norm(t) === norm(labels[i]!)))
          cuts.push({ what: ` by ${g}`, rows: texts.map((t) => gKey(t).rows), col: null, shows: texts.map((t) => [[g, gKey(t).key]]) });
        continue;
      }
      const byH = rowsByKey(hkeys);
      if (!labels.every((l) => byH.has(norm(l!)))) continue;
      const rows = texts.map((t, i) => {
        const inH = new Set(byH.get(norm(labels[i]!))!.rows);
        return gKey(t).rows.filter((r) => inH.has(r));
      });
      if (rows.some((r) => r.length === 0)) continue;
      cuts.push({
        what: ` by ${g} and ${h}`,
        rows,
        col: null,
        shows: texts.map((t, i) => [
          [g, gKey(t).key],
          [h, byH.get(norm(labels[i]!))!.key],
        ]),
      });
    }
  }
  return cuts;
}

/**
 * Is the drawn box matplotlib's box of these values? q1, median and q3 as boxplot_stats computes
 * them; whiskers at 1.5 × IQR, or (any whis) values of the rows with the drawn fliers exactly the
 * values beyond them (whiskers at the extremes when no fliers are drawn); drawn fliers must be
 * exactly the values beyond the whiskers. On a log value axis the statistics of the values' logs
 * (seaborn) are tried too. Returns how the whiskers read, or null.
 */
export function boxMatches(s: PlottedSeries, values: number[], scale: number): string | null {
  const v = sortedFinite(values);
  if (v.length === 0) return null;
  const positive = s.valueScale === "log" ? v.filter((x) => x > 0) : [];
  if (positive.length) {
    const how = matchesStats(s, positive, boxStats(positive.map(Math.log)).map(Math.exp), scale);
    if (how) return `${how}, from the values' logs as seaborn computes a box on a log axis`;
  }
  return matchesStats(s, v, boxStats(v), scale);
}

function matchesStats(s: PlottedSeries, v: number[], stats: number[], scale: number): string | null {
  const [whislo, q1, med, q3, whishi] = s.y as [number, number, number, number, number];
  if (!close(q1, stats[0]!, scale) || !close(med, stats[1]!, scale) || !close(q3, stats[2]!, scale)) return null;
  const tukey = close(whislo, stats[3]!, scale) && close(whishi, stats[4]!, scale);
  // any whis: each whisker end is q1 / q3 or a value of the rows
  const lo = tukey ? stats[3]! : close(whislo, stats[0]!, scale) ? stats[0]! : v.find((x) => close(x, whislo, scale));
  const hi = tukey ? stats[4]! : close(whishi, stats[2]!, scale) ? stats[2]! : [...v].reverse().find((x) => close(x, whishi, scale));
  if (lo === undefined || hi === undefined) return null;
  // lo and hi are the rows' own numbers here, so beyond is exact: within the 0.2% tolerance of a
  // whisker at 14,633 lie values up to 14,662, which matplotlib draws as fliers
  const eps = 1e-12 * Math.max(Math.abs(lo), Math.abs(hi));
  const beyond = v.filter((x) => x < lo - eps || x > hi + eps);
  if (s.fliers) {
    const count = s.flierCount ?? s.fliers.length;
    if (count !== beyond.length || !s.fliers.every((f, i) => close(f, beyond[i]!, scale))) return null;
  } else if (!tukey && beyond.length > 0) return null;
  if (tukey) return "whiskers at 1.5 × IQR";
  return beyond.length ? "whiskers at values of the rows, the fliers every value beyond them" : "whiskers at the extremes";
}

/**
 * One factor (or one constant) between the drawn boxes' numbers and the statistics of one column
 * in the same rows: the boxes are that column changed. Needs 4+ distinct numbers.
 */
export function changed(drawn: number[], real: number[], scale: number): { how: string } | null {
  if (drawn.length !== real.length || new Set(real).size < 4 || new Set(drawn).size < 4) return null;
  const nz = real.findIndex((r) => Math.abs(r) > 1e-12);
  if (nz >= 0) {
    const k = drawn[nz]! / real[nz]!;
    if (k > 0 && Math.abs(k - 1) > 2e-3 && drawn.every((d, i) => close(d, real[i]! * k, scale))) {
      const unit = unitChange(k);
      if (unit === null) return { how: `× ${Number(k.toPrecision(6))}` };
    }
  }
  const c = drawn[0]! - real[0]!;
  const spread = Math.max(...real) - Math.min(...real);
  if (Math.abs(c) > 1e-6 * Math.max(spread, 1e-12) && drawn.every((d, i) => close(d - c, real[i]!, scale) && close(d, real[i]! + c, scale)))
    return { how: `${c > 0 ? "+" : "−"} ${Number(Math.abs(c).toPrecision(6))}` };
  return null;
}

/** How one kind of box set is read: its match against values, and the numbers it draws for them. */
export interface SetReading {
  kind: PlottedSeries["kind"];
  /** How the drawn set reads as these values' (a phrase), or null. */
  matches: (s: PlottedSeries, values: number[], scale: number) => string | null;
  /** The drawn numbers of s (in order) and those the real values give in the same places, or null. */
  numbers: (s: PlottedSeries, values: number[]) => { drawn: number[]; real: number[] } | null;
  /** "box of", what a confirmed set is called; "quartiles and median as matplotlib computes them", what was confirmed. */
  noun: string;
  what: string;
  /** "every box's whiskers, quartiles and median": what a changed set changed. */
  whole: string;
  /** The drawn numbers that are values of the set's rows themselves, not statistics (a box's whisker ends and fliers). */
  rowValues: (s: PlottedSeries) => number[];
  /** "whisker ends and fliers": what rowValues are called. */
  rowValueNames: string;
}

/** The five numbers of the box matplotlib draws for these values, against the drawn box's. */
const BOX: SetReading = {
  kind: "box",
  matches: boxMatches,
  numbers: (s, values) => {
    const st = boxStats(values);
    return st.length ? { drawn: s.y, real: [st[3]!, st[0]!, st[1]!, st[2]!, st[4]!] } : null;
  },
  noun: "box",
  what: "quartiles and median as matplotlib computes them",
  whole: "every box's whiskers, quartiles and median are",
  // matplotlib ends a whisker at a value of the rows (q1 or q3 themselves when none lies between)
  rowValues: (s) => [...[s.y[0]!, s.y[4]!].filter((w) => w !== s.y[1] && w !== s.y[3]), ...(s.fliers ?? [])],
  rowValueNames: "whisker ends and fliers",
};

/**
 * Every box series (kind "box"), by index, with its finding. `names`: the texts that label the
 * chart's axes (titles, axis labels): only columns they name are tried as changed.
 */
export function weighBoxes(series: PlottedSeries[], p: Prepared, scale: number, names: string[] = []): Map<number, BoxFinding> {
  return weighSets(series, p, scale, names, BOX);
}

/** Every series of the reading's kind, by index, with its finding (see weighBoxes). */
export function weighSets(series: PlottedSeries[], p: Prepared, scale: number, names: string[], reading: SetReading): Map<number, BoxFinding> {
  const out = new Map<number, BoxFinding>();
  const byAxes = new Map<number, number[]>();
  series.forEach((s, i) => {
    if (s.kind === reading.kind) byAxes.set(s.axes, [...(byAxes.get(s.axes) ?? []), i]);
  });
  const named = new Set(names.map((n) => n.trim()).filter((n) => p.numeric.has(n)));
  // each row set's values of a column sorted once (a 54,000-row table has few row sets, many tries)
  const sorted = new Map<number[], Map<string, number[]>>();
  const valuesIn = (rows: number[], col: string, gapsAs0 = false): number[] => {
    const key = gapsAs0 ? `${col}\u0000as 0` : col;
    let byCol = sorted.get(rows);
    if (!byCol) sorted.set(rows, (byCol = new Map()));
    let got = byCol.get(key);
    if (!got) {
      const v = p.numeric.get(col)!;
      got = sortedFinite(rows.map((r) => (gapsAs0 && Number.isNaN(v[r]!) ? 0 : v[r]!)));
      byCol.set(key, got);
    }
    return got;
  };
  for (const [, idx] of byAxes) {
    const boxes = idx.map((i) => series[i]!);
    const cuts = cutsOf(boxes, p);
    const cols = [...p.numeric.keys()].sort((a, b) => Number(named.has(b)) - Number(named.has(a)));
    let done = false;
    // a column per box: each box its own column
    const perColumn = cuts.filter((c) => c.col !== null);
    if (perColumn.length === boxes.length && perColumn.length > 0) {
      const ways = boxes.map((b, k) => reading.matches(b, p.numeric.get(perColumn[k]!.col!)!, scale));
      if (ways.every((w) => w !== null)) {
        for (let k = 0; k < boxes.length; k++)
          out.set(idx[k]!, { status: "pass", detail: `match ${reading.noun} of ${perColumn[k]!.col} (${reading.what}, ${ways[k]})`, shows: [] });
        done = true;
      }
    }
    for (const cut of cuts.filter((c) => c.col === null)) {
      if (done) break;
      for (const col of cols) {
        const v = p.numeric.get(col)!;
        // a category column is no box's values
        if (cut.shows.some((sh) => sh.some(([g]) => g === col))) continue;
        // box by box, stopping at the first that does not match
        const ways: string[] = [];
        for (const [k, b] of boxes.entries()) {
          const w = reading.matches(b, valuesIn(cut.rows[k]!, col), scale);
          if (w === null) break;
          ways.push(w);
        }
        if (ways.length < boxes.length) continue;
        boxes.forEach((_, k) => {
          const where = cut.shows[k]!.map(([g, val]) => `${g} == ${JSON.stringify(val)}`).join(" and ");
          out.set(idx[k]!, {
            status: "pass",
            detail: `match ${reading.noun} of ${col}${where ? ` where ${where}` : ""} (${reading.what}, ${ways[k]})`,
            shows: cut.shows[k]!,
          });
        });
        // a category whose rows hold no value of the column has no box to draw: it is not missing
        if (cut.empty && boxes.length) {
          const first = out.get(idx[0]!)!;
          first.shows = [...(first.shows ?? []), ...cut.empty(v)];
        }
        done = true;
        break;
      }
    }
    if (done) continue;
    // evidence: every number of every box one named column's statistics in the same rows, changed
    for (const cut of cuts.filter((c) => c.col === null)) {
      if (done) break;
      for (const col of cols.filter((c) => named.has(c))) {
        if (cut.shows.some((sh) => sh.some(([g]) => g === col))) continue;
        // the rows' missing values read as 0 (fillna(0)): every box exactly that
        const filled = (k: number) => valuesIn(cut.rows[k]!, col, true);
        if (p.gappy.has(col) && boxes.every((b, k) => reading.matches(b, filled(k), scale) !== null)) {
          const detail = `every ${reading.noun} is that of ${col}${cut.what} with its missing values read as 0 (as fillna(0) gives), not of the data's ${col}`;
          for (const i of idx) out.set(i, { status: "fail", detail });
          done = true;
          break;
        }
        const pairs = boxes.map((b, k) => reading.numbers(b, valuesIn(cut.rows[k]!, col)));
        if (pairs.some((q) => q === null)) continue;
        const ch = changed(
          pairs.flatMap((q) => q!.drawn),
          pairs.flatMap((q) => q!.real),
          scale,
        );
        if (!ch) continue;
        const detail = `${reading.whole} those of ${col}${cut.what} ${ch.how}: no change of unit gives that, so they do not show the data's ${col}`;
        for (const i of idx) out.set(i, { status: "fail", detail });
        done = true;
        break;
      }
    }
    if (done) continue;
    // evidence: values of a named column drawn at categories whose rows do not hold them
    const cats = cuts.filter((c) => c.col === null && c.what !== "");
    for (const col of cats.length ? cols.filter((c) => named.has(c)) : []) {
      if (cats.some((cut) => cut.shows.some((sh) => sh.some(([g]) => g === col)))) continue;
      const moved = cats.map((cut) => fromOtherRows(boxes, cut, p.numeric.get(col)!, (k) => valuesIn(cut.rows[k]!, col), reading));
      if (moved.some((m) => m === null)) continue;
      const m = moved[0]!;
      const detail = `the ${reading.noun === "box" ? "boxes" : reading.noun} draw values of ${col} (their ${reading.rowValueNames}), but ${m.foreign} of those ${m.drawn} are no value of ${col} in the rows of their category${m.example}: values from other rows (${col} shuffled across rows?), so they do not show their categories' ${col}`;
      for (const i of idx) out.set(i, { status: "fail", detail });
      done = true;
      break;
    }
    if (done) continue;
    for (const i of idx)
      out.set(i, {
        status: "unchecked",
        detail: `no column's ${reading.what.replace(/ as .*/, "")} in the rows of its category give what this ${reading.noun} draws (a derived column, a position the data has no category for) and nothing shows it wrong: not checked`,
      });
  }
  return out;
}

/** Fewest drawn row values, and of them from other rows, before a set's values coming from other rows is evidence. */
const MIN_ROW_VALUES = 4;
const MIN_FOREIGN = 3;

/**
 * The set's drawn row values (whisker ends, fliers) all values of the column, and at least
 * MIN_FOREIGN of them no value of their own category's rows; null otherwise. A correct box draws
 * only its rows' values there, whatever its whis; a subset of the rows never draws a value its rows
 * lack; a column changed (rounded, clipped, scaled) draws values the column does not hold.
 */
function fromOtherRows(
  boxes: PlottedSeries[],
  cut: Cut,
  column: number[],
  own: (k: number) => number[],
  reading: SetReading,
): { drawn: number; foreign: number; example: string } | null {
  const everyValue = sortedFinite(column);
  let drawn = 0;
  let foreign = 0;
  let example = "";
  for (const [k, b] of boxes.entries()) {
    const mine = own(k);
    for (const t of reading.rowValues(b)) {
      if (!holds(everyValue, t)) return null;
      drawn++;
      if (holds(mine, t)) continue;
      foreign++;
      if (!example) example = ` (at ${cut.shows[k]!.map(([g, v]) => `${g} == ${JSON.stringify(v)}`).join(" and ")}: ${+t.toPrecision(6)})`;
    }
  }
  return drawn >= MIN_ROW_VALUES && foreign >= MIN_FOREIGN ? { drawn, foreign, example } : null;
}
