// How pandas.read_csv names and types the columns of a CSV, with its defaults: the missing-value
// markers it reads as NaN, the numbers its C parser accepts (optionally with a decimal comma) and
// the very doubles it computes for them (not always the nearest, which Number() would give),
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

const INT = /^[ \t]*[+-]?\d+[ \t]*$/;

/** The number pandas reads from a field, NaN for a missing marker, null for text. */
export function parseNumber(field: string, decimal: Decimal = "."): number | null {
  if (isNA(field)) return NaN;
  if (!NUMBER[decimal].test(field)) return null;
  // one pass over the field: its digits, and whether it has a decimal mark, an exponent or "inf"
  let digits = 0;
  let mark = false;
  let exp = false;
  let inf = false;
  const dec = decimal.charCodeAt(0);
  for (let k = 0; k < field.length; k++) {
    const c = field.charCodeAt(k);
    if (c >= 48 && c <= 57) digits++;
    else if (c === dec) mark = true;
    else if (c === 101 || c === 69) exp = true;
    else if (c === 105 || c === 73) inf = true;
  }
  if (inf) return field.trim().startsWith("-") ? -Infinity : Infinity;
  // A whole number is an int64 (or uint64) to pandas, which a chart draws as its nearest double
  // (in a float64 column, one with a gap or a fraction, pandas would compute it as below, which
  // differs only past 2^53). Up to 15 digits and no exponent, pandas' arithmetic is exact but for
  // one rounding, as Number()'s is: the same double, faster.
  if (!exp && (!mark || digits <= 15)) return Number(decimal === "," ? field.replace(",", ".") : field);
  return pandasDouble(field.trim(), decimal);
}

// Powers of ten as C's literals 1e0 .. 1e308 are (10 ** k is not always the nearest double).
const POW10 = Array.from({ length: 309 }, (_, k) => Number(`1e${k}`));
const MAX_DIGITS = 17;

/**
 * A number as pandas' C parser computes it by default (float_precision "high"), which is not
 * always the nearest double that Number() gives: the first 17 digits, leading zeros after the
 * decimal mark included, are gathered into a double one by one, later digits are dropped, and
 * the result is multiplied or divided by a power of ten ("2.0060000000000002" is 2.006 to pandas,
 * "0.0000000000000000000000001234" is 0). `t` is a trimmed field of the grammar above, not inf.
 */
function pandasDouble(t: string, decimal: Decimal): number {
  let i = 0;
  const negative = t[0] === "-";
  if (t[0] === "-" || t[0] === "+") i++;
  let number = 0;
  let exponent = 0;
  let digits = 0;
  let d = t.charCodeAt(i) - 48;
  for (; d >= 0 && d <= 9; d = t.charCodeAt(++i) - 48) {
    if (digits < MAX_DIGITS) {
      number = number * 10 + d;
      digits++;
    } else exponent++;
  }
  if (t[i] === decimal) {
    d = t.charCodeAt(++i) - 48;
    for (; d >= 0 && d <= 9; d = t.charCodeAt(++i) - 48) {
      // digits past the 17th are read over and dropped
      if (digits < MAX_DIGITS) {
        number = number * 10 + d;
        digits++;
        exponent--;
      }
    }
  }
  if (negative) number = -number;
  if (t[i] === "e" || t[i] === "E") {
    i++;
    const down = t[i] === "-";
    if (t[i] === "-" || t[i] === "+") i++;
    let n = 0;
    d = t.charCodeAt(i) - 48;
    for (let k = 0; k < MAX_DIGITS && d >= 0 && d <= 9; k++, d = t.charCodeAt(++i) - 48) n = n * 10 + d;
    exponent += down ? -n : n;
  }
  // past 1e308: infinite, but zero stays zero (measured on pandas: 1e309 is inf, 0e400 is 0)
  if (exponent > 308) return number === 0 ? 0 : negative ? -Infinity : Infinity;
  if (exponent > 0) return number * POW10[exponent]!;
  // below 1e-308 in two steps, through the subnormals; past 1e-616 nothing is left
  if (exponent < -308) return exponent < -616 ? (negative ? -0 : 0) : number / POW10[-308 - exponent]! / POW10[308]!;
  return number / POW10[-exponent]!;
}

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
