// The CSV as the faithfulness check sees it, typed as pandas types it: numeric columns with NaN
// for pandas' missing markers (so aggregates can skip them), the date column, the category
// columns (missing keys dropped, as groupby drops them) and the row subsets worth trying, read
// once per table object (faithfulness/memo). Pure.
import { type ColumnKind, columnKind, isDateGap, isNA, parseNumber, type Decimal } from "../csv-typing";
import { guessDateFormat, type DateFormat } from "../date-format";
import { memo } from "./memo";

export const MAX_CATEGORIES = 40;
export const DAY_MS = 86_400_000;

export interface Table {
  columns: string[];
  rows: string[][];
  /** The decimal mark the CSV was read with (pandas' decimal=); "." when absent. */
  decimal?: Decimal;
  /** Each column's kind as the reader typed it (CsvData's), so the check need not type it again. */
  kinds?: ColumnKind[];
}

export interface Frame {
  desc: string;
  rows: number[];
  /** The rows where this category column has this value; absent for all rows. */
  where?: [string, string];
}

export interface Prepared {
  columns: string[];
  /** Numeric columns by name, NaN where pandas reads a missing value. */
  numeric: Map<string, number[]>;
  /** Numeric columns that have at least one missing value. */
  gappy: Set<string>;
  dateCol: string | null;
  /** How the date column's text reads as days (ISO, 01/05/2024, Jan 5, 2024, ...). */
  dateFormat: DateFormat | null;
  dateKeys: string[] | null;
  dateDays: number[] | null;
  /** Category columns: the key of each row, null where the key is missing. */
  categorical: Map<string, Array<string | null>>;
  /** Text columns that name each row once (a state, a country, an id): bars labelled by row. */
  labels: Map<string, Array<string | null>>;
  frames: Frame[];
  rowCount: number;
}

export function toDays(iso: string): number {
  return Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS;
}
// Days as ISO text, kept: the same few thousand days are named over and over (toISOString is slow).
const isoOfDay = new Map<number, string>();
const MAX_DAYS_KEPT = 100_000;
export function fromDays(d: number): string {
  const day = Math.floor(d + 1e-9);
  let iso = isoOfDay.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoOfDay.size >= MAX_DAYS_KEPT) isoOfDay.clear();
    isoOfDay.set(day, iso);
  }
  return iso;
}

/** The table as the check reads it, once per table object (its users never change it). */
export function prepareTable(t: Table): Prepared {
  return memo(t, "prepared", () => readTable(t));
}

function readTable(t: Table): Prepared {
  const decimal = t.decimal ?? ".";
  const numeric = new Map<string, number[]>();
  const gappy = new Set<string>();
  const categorical = new Map<string, Array<string | null>>();
  const labels = new Map<string, Array<string | null>>();
  let dateCol: string | null = null;
  let dateFormat: DateFormat | null = null;
  const frameCols: string[] = [];
  const n = t.rows.length;
  t.columns.forEach((col, ci) => {
    const raw = t.rows.map((r) => r[ci] ?? "");
    // the reader's typing when the table carries it (a second pass costs ~1 s on 54,000 rows)
    const kind = t.kinds?.[ci] ?? columnKind(raw, decimal);
    // A True/False column aggregates as 1/0 in pandas (df.groupby(g).flag.mean() is a share).
    const isNum = kind === "numeric" || kind === "bool";
    if (isNum) {
      const v = kind === "bool" ? raw.map((s) => (/^true$/i.test(s.trim()) ? 1 : 0)) : raw.map((s) => parseNumber(s, decimal)!);
      numeric.set(col, v);
      if (v.some((x) => Number.isNaN(x))) gappy.add(col);
    }
    // Dates key rows and calendar buckets: only a date column without gaps ("NaT" is one) is used.
    if (dateCol === null && kind === "date" && !raw.some(isDateGap)) {
      dateCol = col;
      dateFormat = guessDateFormat(raw[0]!);
    }
    // a gap is no group's key (groupby drops it), and in a date column "NaT" is a gap
    const keys = raw.map((v) => (isNA(v) || (kind === "date" && isDateGap(v)) ? null : v.trim()));
    const distinct = new Set(keys.filter((k) => k !== null));
    if (distinct.size <= MAX_CATEGORIES && distinct.size < n && distinct.size > 0) categorical.set(col, keys);
    const named = keys.filter((k) => k !== null).length;
    if (kind === "text" && distinct.size >= 2 && distinct.size === named) labels.set(col, keys);
    // Row subsets worth trying: labels (stack, weekday) and flags (cache_enabled), not counts.
    if (categorical.has(col) && distinct.size >= 2 && distinct.size <= 12 && (!isNum || distinct.size <= 3)) frameCols.push(col);
  });
  // each row's day, as pd.to_datetime reads it with the format guessed from the first value
  const dateKeys = dateCol !== null && dateFormat ? t.rows.map((r) => dateFormat!.parse(r[t.columns.indexOf(dateCol!)]!)!) : null;
  const frames: Frame[] = [{ desc: "", rows: t.rows.map((_, i) => i) }];
  for (const col of frameCols) {
    // each value's rows in one pass, the values in the order they first appear
    const rowsOf = new Map<string, number[]>();
    categorical.get(col)!.forEach((x, i) => {
      if (x === null) return;
      const rows = rowsOf.get(x);
      if (rows) rows.push(i);
      else rowsOf.set(x, [i]);
    });
    for (const [v, rows] of rowsOf) frames.push({ desc: ` where ${col} == ${JSON.stringify(v)}`, rows, where: [col, v] });
  }
  return {
    columns: t.columns,
    numeric,
    gappy,
    dateCol,
    dateFormat,
    dateKeys,
    dateDays: dateKeys ? dateKeys.map(toDays) : null,
    categorical,
    labels,
    frames,
    rowCount: n,
  };
}

/**
 * The table with every missing number read as 0, as df.fillna(0) would make it: a chart that
 * matches only this reading averaged or summed the gaps as zeros, which pandas never does.
 */
export function withGapsAsZero(p: Prepared): Prepared {
  // only the columns with gaps: every reading of the others was tried on the table itself
  const numeric = new Map<string, number[]>();
  for (const [c, v] of p.numeric)
    if (p.gappy.has(c))
      numeric.set(
        c,
        v.map((x) => (Number.isNaN(x) ? 0 : x)),
      );
  return { ...p, numeric, gappy: new Set() };
}
