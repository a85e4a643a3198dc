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

/**
 * The texts pd.to_datetime reads as a gap (NaT) besides read_csv's own markers
 * (pandas._libs.tslibs.nattype.nat_strings): read_csv leaves "NaT" as text, to_datetime makes it
 * a gap, so a date column may hold them; in any other column they are text.
 */
export const NAT_STRINGS: ReadonlySet<string> = new Set(["NaT", "NAT", "nat", "NaN", "NAN", "nan"]);

/** A gap in a date column, as read_csv then pd.to_datetime see it. */
export function isDateGap(field: string): boolean {
  return isNA(field) || NAT_STRINGS.has(field);
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

const INT = /^[ \t]*[+-]?\d+[ \t]*$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * Whether pandas' C parser makes a number column of these values, as it converts them: it reads
 * them as int64 in order; a value that is not a whole number first makes the column float64
 * (whatever the sizes), but a whole number outside int64 first sends it to uint64, which holds
 * whole numbers from 0 to 2^64 - 1 and no gap (there too a value that is not whole first makes
 * it float64); a gap, a negative or a larger number there and pandas keeps the text.
 */
function fitsPandasInts(values: readonly string[]): boolean {
  let overflow = false;
  for (const v of values) {
    if (isNA(v)) continue;
    if (!INT.test(v)) return true;
    if (v.trim().replace(/^[+-]?0*/, "").length < 19) continue;
    const n = BigInt(v.trim());
    if (n < INT64_MIN || n > INT64_MAX) {
      overflow = true;
      break;
    }
  }
  if (!overflow) return true;
  // uint64, in order: a value that is not a whole number first still makes it float64
  for (const v of values) {
    if (isNA(v)) return false;
    if (!INT.test(v)) return true;
    const n = BigInt(v.trim());
    if (n < 0n || n > UINT64_MAX) return false;
  }
  return true;
}

const BOOL = new Set(["True", "TRUE", "true", "False", "FALSE", "false"]);

export { ISO_DATE } from "./date-format";

/**
 * The kind pandas gives a column: numeric (int64/float64, NaN for the missing markers), bool
 * (only when no value is missing: a gap makes it object), date (text pd.to_datetime parses with
 * the format it guesses from the first value; "NaT" there is a gap, as to_datetime reads it),
 * text, or empty (every value missing: float64 of NaN).
 */
export function columnKind(values: readonly string[], decimal: Decimal = "."): ColumnKind {
  let present = 0;
  let numeric = true;
  let bool = true;
  let date = true;
  let dateFormat: DateFormat | null = null;
  let missing = false;
  const datesSeen = new Set<string>();
  for (const v of values) {
    if (isNA(v)) {
      missing = true;
      continue;
    }
    present++;
    if (numeric && parseNumber(v, decimal) === null) numeric = false;
    if (bool && !BOOL.has(v.trim())) bool = false;
    // "NaT" is a gap to pd.to_datetime, which guesses the format from the first value that is not one
    if (date && !NAT_STRINGS.has(v) && !datesSeen.has(v)) {
      // pd.to_datetime guesses the format from the first value and holds every other to it
      // (eight digits alone are a day here: a column of them read_csv would have made numbers)
      dateFormat ??= guessDateFormat(v, { digitsAlone: true });
      if (!dateFormat || dateFormat.parse(v) === null) date = false;
      // a log repeats its days: each distinct value is parsed once
      else if (datesSeen.size < 100_000) datesSeen.add(v);
    }
    if (!numeric && !bool && !date) return "text";
  }
  if (present === 0) return "empty";
  if (numeric && !fitsPandasInts(values)) return "text";
  if (numeric) return "numeric";
  if (bool) return missing ? "text" : "bool";
  // a column of nothing but "NaT" is dates to pd.to_datetime too: all of them gaps
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
