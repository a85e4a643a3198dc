// Points drawn at category labels that no reading explains (a strip or swarm on a category axis,
// one series per category or per category × hue level with dodge=True; seaborn's so.Dot, whose
// one series holds every category), weighed against the rows of their category: of the category
// alone, of the category and one hue level, or of the category's complete rows (a frame passed
// through dropna()). Evidence needs as many points at a label as those rows hold values of one
// column, so a subset of the rows is never evidence. Then the points, sorted, are those values
// moved by one constant or stretched by one factor (no change of unit, no baseline of the column:
// a deviation strip is the data), or values of the column taken from other rows (the column
// shuffled across rows: as many as the category has, all of them the column's, not its own).
// Pure apart from the table's memo.
import type { PlottedSeries } from "../../schema/sandbox";
import { changedSorted } from "./changed-pairs";
import { close } from "./match";
import { categoryRowSets } from "./category-rows";
import { memo } from "./memo";
import type { Weighed } from "./near";
import { within } from "./shape-evidence";
import type { Prepared } from "./table";

/** Fewest points at a label (three of them distinct) before they are evidence. */
const MIN_POINTS = 5;

const ascending = (v: number[]) => [...v].sort((a, b) => a - b);
const quote = JSON.stringify;

/** The drawn values at each label, or null when some x is not a label. */
function byLabel(s: PlottedSeries): Map<string, number[]> | null {
  if (s.truncated || s.y.length < MIN_POINTS || !s.x.every((x) => typeof x === "string")) return null;
  const at = new Map<string, number[]>();
  s.x.forEach((x, i) => {
    const k = (x as string).trim();
    if (!at.has(k)) at.set(k, []);
    at.get(k)!.push(s.y[i]!);
  });
  return at;
}

/** A column's present values in the whole table, sorted (once per table and column). */
const sortedColumn = (p: Prepared, c: string) => memo(p, `sorted column\0${c}`, () => ascending(p.numeric.get(c)!.filter((t) => Number.isFinite(t))));

/**
 * Points at category labels that are, at some label, as many of a column's values as the
 * category's rows hold, but moved, stretched or taken from other rows: unfaithful, naming which.
 */
export function categoryStripChanged(s: PlottedSeries, p: Prepared, scale: number): Weighed | null {
  const at = byLabel(s);
  if (!at) return null;
  for (const [g, keys] of p.categorical) {
    if (![...at.keys()].every((k) => keys.includes(k))) continue;
    for (const [label, drawn] of at) {
      const n = drawn.length;
      if (n < MIN_POINTS || new Set(drawn).size < 3) continue;
      const sy = ascending(drawn);
      for (const { where, rows } of categoryRowSets(p, g, label)) {
        if (rows.length < n) continue;
        for (const [c, col] of p.numeric) {
          // a column with no gap has a value in every row: the count is the rows' (no scan)
          if (c === g || (p.gappy.has(c) ? rows.length < n : rows.length !== n)) continue;
          const have: number[] = [];
          for (const i of rows) if (Number.isFinite(col[i]!)) have.push(col[i]!);
          if (have.length !== n) continue;
          const sh = ascending(have);
          if (sh.every((t, i) => close(sy[i]!, t, scale))) continue;
          const of = `${c} where ${where}`;
          const moved = changedSorted(sy, sh);
          if (moved) return { status: "fail", detail: `the ${n} points at ${quote(label)} are the ${n} values of ${of} each ${moved}: not the data's values` };
          if (within(sortedColumn(p, c), sy, scale)) {
            const own = drawn.filter((y) => have.some((t) => close(y, t, scale))).length;
            return {
              status: "fail",
              detail: `the ${n} points at ${quote(label)} are values of ${c}, as many as ${of} has, but ${n - own} of them are no value of ${of}: values from other rows (the column shuffled across rows?)`,
            };
          }
        }
      }
    }
  }
  return null;
}
