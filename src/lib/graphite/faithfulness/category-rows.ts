// The row sets a mark drawn at a category label may stand for: the category's rows, its complete
// rows (a frame passed through dropna(), as seaborn's objects interface and many scripts do), and
// its rows at each level of a second category column (a hue: stripplot(hue=, dodge=True) and
// barplot(hue=) draw each level apart). Built once per table and label. Pure apart from the
// table's memo.
import { memo } from "./memo";
import type { Prepared } from "./table";

/** A second column with more values than this is no hue. */
const MAX_HUE_VALUES = 12;
const quote = JSON.stringify;

export type RowSet = { where: string; rows: number[] };

/** Rows where every column has a value (what dropna() keeps); null when no column has a gap. */
function completeRows(p: Prepared): Uint8Array | null {
  return memo(p, "complete rows", () => {
    const gappyKeys = [...p.categorical.values(), ...p.labels.values()].filter((k) => k.includes(null));
    if (p.gappy.size === 0 && gappyKeys.length === 0) return null;
    const m = new Uint8Array(p.rowCount).fill(1);
    for (const c of p.gappy) {
      const v = p.numeric.get(c)!;
      for (let i = 0; i < v.length; i++) if (Number.isNaN(v[i]!)) m[i] = 0;
    }
    for (const k of gappyKeys) for (let i = 0; i < k.length; i++) if (k[i] === null) m[i] = 0;
    return m;
  });
}

/** The row sets a category's points may stand for: the category, its complete rows, each hue level in it. */
export function categoryRowSets(p: Prepared, g: string, label: string): RowSet[] {
  return memo(p, `strip rows\0${g}\0${label}`, () => {
    const keys = p.categorical.get(g)!;
    const rows: number[] = [];
    for (let i = 0; i < keys.length; i++) if (keys[i] === label) rows.push(i);
    if (rows.length === 0) return [];
    const at = `${g} == ${quote(label)}`;
    const out: RowSet[] = [{ where: at, rows }];
    const complete = completeRows(p);
    if (complete) out.push({ where: `${at} (rows with no missing value)`, rows: rows.filter((i) => complete[i] === 1) });
    for (const [h, hk] of p.categorical) {
      if (h === g) continue;
      const levels = new Set(hk.filter((k) => k !== null));
      if (levels.size < 2 || levels.size > MAX_HUE_VALUES) continue;
      for (const v of levels) out.push({ where: `${at} and ${h} == ${quote(v)}`, rows: rows.filter((i) => hk[i] === v) });
    }
    return out;
  });
}
