// How pandas.read_csv names and types the columns of a CSV, with its defaults: the missing-value
// markers it reads as NaN, the numbers its C parser accepts (optionally with a decimal comma),
// True/False columns, and the column names it makes up (an empty name becomes "Unnamed: i", a
// repeated one "v.1"). Dates are the text columns pd.to_datetime parses (date-format.ts). Pure.
import { guessDateFormat, type DateFormat } from "./date-format";

/** pandas' default na_values (pandas._libs.parsers.STR_NA_VALUES), matched against the raw field. */
export const PANDAS_NA_VALUES: ReadonlySet<string> = new Set([
  "",
  "#N/A",
  "#N/A N/A",
  "#NA",
  "-1.#IND",
  "-1.#QNAN",
  "-NaN",
  "-nan",
  "1.#IND",
  "1.#QNAN",
  "<NA>",
  "N/A",
  "NA",
  "NULL",
  "NaN",
  "None",
  "n/a",
  "nan",
  "null",
]);

export type Decimal = "." | ",";
export type ColumnKind = "numeric" | "bool" | "date" | "text" | "empty";

export function isNA(field: string): boolean {
  return PANDAS_NA_VALUES.has(field);
}

// The C parser's float grammar: surrounding spaces allowed, optional sign, digits with an
// optional decimal mark, optional exponent; inf/infinity in any case.
const NUMBER: Record<Decimal, RegExp> = {
  ".": /^[ \t]*[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity)[ \t]*$/i,
  ",": /^[ \t]*[+-]?(?:(?:\d+,?\d*|,\d+)(?:[eE][+-]?\d+)?|inf|infinity)[ \t]*$/i,
};

/** The number pandas reads from a field, NaN for a missing marker, null for text. */
export function parseNumber(field: string, decimal: Decimal = "."): number | null {
  if (isNA(field)) return NaN;
  if (!NUMBER[decimal].test(field)) return null;
  const t = decimal === "," ? field.replace(",", ".") : field;
  // Number() reads the grammar above (spaces, sign, "5.", ".5", exponents) except inf/infinity.
  if (!/[iI]/.test(t)) return Number(t);
  return Number(
    t
      .trim()
      .toLowerCase()
      .replace(/^([+-]?)inf(inity)?$/, "$1Infinity"),
  );
}

const BOOL = new Set(["True", "TRUE", "true", "False", "FALSE", "false"]);

export { ISO_DATE } from "./date-format";

/**
 * The kind pandas gives a column: numeric (int64/float64, NaN for the missing markers), bool
 * (only when no value is missing: a gap makes it object), date (text pd.to_datetime parses with
 * the format it guesses from the first value),
 * text, or empty (every value missing: float64 of NaN).
 */
export function columnKind(values: readonly string[], decimal: Decimal = "."): ColumnKind {
  let present = 0;
  let numeric = true;
  let bool = true;
  let date = true;
  let dateFormat: DateFormat | null = null;
  let missing = false;
  for (const v of values) {
    if (isNA(v)) {
      missing = true;
      continue;
    }
    present++;
    if (numeric && parseNumber(v, decimal) === null) numeric = false;
    if (bool && !BOOL.has(v.trim())) bool = false;
    if (date) {
      // pd.to_datetime guesses the format from the first value and holds every other to it
      dateFormat ??= guessDateFormat(v);
      if (!dateFormat || dateFormat.parse(v) === null) date = false;
    }
    if (!numeric && !bool && !date) return "text";
  }
  if (present === 0) return "empty";
  if (numeric) return "numeric";
  if (bool) return missing ? "text" : "bool";
  return date ? "date" : "text";
}

/**
 * The column names pandas' C parser gives a header row: an empty name becomes "Unnamed: i" (its
 * position); then repeats are mangled v, v.1, v.2, skipping any name the header already has, named
 * columns first and unnamed ones after (as pandas/_libs/parsers.pyx does).
 */
export function pandasNames(header: readonly string[]): string[] {
  const names = header.map((h, i) => (h === "" ? `Unnamed: ${i}` : h));
  const unnamed = header.flatMap((h, i) => (h === "" ? [i] : []));
  const order = [...header.flatMap((h, i) => (h === "" ? [] : [i])), ...unnamed];
  const inHeader = new Set(names);
  const counts = new Map<string, number>();
  for (const i of order) {
    const old = names[i]!;
    let col = old;
    let cur = counts.get(col) ?? 0;
    if (cur > 0) {
      while (cur > 0) {
        counts.set(old, cur + 1);
        col = `${old}.${cur}`;
        if (inHeader.has(col)) cur++;
        else cur = counts.get(col) ?? 0;
      }
      names[i] = col;
    }
    counts.set(col, cur + 1);
  }
  return names;
}
