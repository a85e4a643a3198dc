// Dates as pd.to_datetime reads a column of text: the format is guessed from the first value
// (ISO 8601, year/month/day with any separator, month/day/year, or day/month/year when the first
// value's first number cannot be a month, month names, a month and a year) and every other value
// must parse with that same format (separators and time fields included), or pandas raises and
// the column is text. Formats without a year ("Jan") are left as text: pandas reads them as year
// 1, which no chart of real data means. A time after the date is read and ignored (the
// faithfulness check keys rows by day). Pure.

export type DateFormat = { name: string; parse: (v: string) => string | null };

const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const FULL = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** A month by its English name: abbreviated (%b, "Sep" or "Sept") or full (%B), as the format says. */
function monthOf(name: string, full: boolean): number | null {
  const n = name.toLowerCase().replace(/\.$/, "");
  const i = full ? FULL.indexOf(n) : MONTHS.indexOf(n === "sept" ? "sep" : n);
  return i >= 0 ? i + 1 : null;
}

/** The ISO day, or null when there is no such day (2024-02-30). */
function iso(y: number, m: number, d: number): string | null {
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return t.toISOString().slice(0, 10);
}

function format(name: string, re: RegExp, ymd: (g: string[]) => [number, number | null, number] | null): DateFormat {
  return {
    name,
    parse: (v) => {
      const g = re.exec(v.trim());
      if (!g) return null;
      const parts = ymd(g);
      if (!parts || parts[1] === null) return null;
      return iso(parts[0], parts[1], parts[2]);
    },
  };
}

const num = (s: string | undefined) => Number(s);
const esc = (sep: string) => (sep === "." ? String.raw`\.` : sep);

// In the order pandas' guess tries them; the separator found in the first value must be kept.
const YMD = (sep: string) =>
  format(`%Y${sep}%m${sep}%d`, new RegExp(String.raw`^(\d{4})${esc(sep)}(\d{1,2})${esc(sep)}(\d{1,2})${TIME}$`), (g) => [num(g[1]), num(g[2]), num(g[3])]);
const MDY = (sep: string) =>
  format(`%m${sep}%d${sep}%Y`, new RegExp(String.raw`^(\d{1,2})${esc(sep)}(\d{1,2})${esc(sep)}(\d{4})${TIME}$`), (g) => [num(g[3]), num(g[1]), num(g[2])]);
const DMY = (sep: string) =>
  format(`%d${sep}%m${sep}%Y`, new RegExp(String.raw`^(\d{1,2})${esc(sep)}(\d{1,2})${esc(sep)}(\d{4})${TIME}$`), (g) => [num(g[3]), num(g[2]), num(g[1])]);

const FORMATS: DateFormat[] = [
  ...["-", "/", "."].map(YMD),
  format("%Y-%m", /^(\d{4})-(\d{2})$/, (g) => [num(g[1]), num(g[2]), 1]),
  ...["/", "-", "."].flatMap((sep) => [MDY(sep), DMY(sep)]),
  ...[false, true].flatMap((full) => {
    const b = full ? "%B" : "%b";
    const name = full ? "[A-Za-z]{3,9}" : String.raw`[A-Za-z]{3,4}\.?`;
    return [
      format(`${b} %d, %Y`, new RegExp(String.raw`^(${name}) (\d{1,2}),? (\d{4})${TIME}$`), (g) => [num(g[3]), monthOf(g[1]!, full), num(g[2])]),
      format(`%d ${b} %Y`, new RegExp(String.raw`^(\d{1,2})[ -](${name})[ -](\d{4})${TIME}$`), (g) => [num(g[3]), monthOf(g[2]!, full), num(g[1])]),
      format(`${b} %Y`, new RegExp(String.raw`^(${name}) (\d{4})$`), (g) => [num(g[2]), monthOf(g[1]!, full), 1]),
    ];
  }),
];

/** pd.to_datetime(format="ISO8601") strings: a date, optionally a time and a zone. */
export const ISO_DATE = /^(\d{4}-\d{2}-\d{2})([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

// ISO 8601 text is read as pd.to_datetime(format="ISO8601") reads it: a day with or without a time
// in one column (what a model passing format="ISO8601" or "mixed" gets; plain pd.to_datetime would
// insist on one form). Any other format is held to the first value's shape, as pandas holds it.
const ISO: DateFormat = {
  name: "ISO8601",
  parse: (v) => (ISO_DATE.test(v.trim()) ? iso(num(v.trim().slice(0, 4)), num(v.trim().slice(5, 7)), num(v.trim().slice(8, 10))) : null),
};

/** A value's shape: digit runs as 9, letter runs as a, everything else kept ("1/5/2024 13:45" is "9/9/9 9:9"). */
const shape = (v: string) =>
  v
    .trim()
    .replace(/\d+/g, "9")
    .replace(/[A-Za-z]+/g, "a");

/**
 * The format pandas would guess from this (first present) value, or null for text. Like pandas,
 * the format holds the first value's separators and time fields: "5 Jan 2024" then "31-Dec-2024",
 * or a time with seconds then one without, do not parse.
 */
export function guessDateFormat(first: string): DateFormat | null {
  if (ISO_DATE.test(first.trim())) return ISO;
  const f = FORMATS.find((x) => x.parse(first) !== null);
  if (!f) return null;
  const want = shape(first);
  return { name: f.name, parse: (v) => (shape(v) === want ? f.parse(v) : null) };
}
