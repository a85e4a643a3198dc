// Dates as pd.to_datetime reads a column of text: the format is guessed from the first value
// (ISO 8601, year/month/day with any separator, compact 20130101 alone or with a time, month/day/year, or
// day/month/year when the first value's first number cannot be a month, two-digit years, month
// names before or after the day (Jan/01/2011, 30/Dec/2011, 19MAY11, Thu Sep 25 2003, 2012 July 26),
// a month and a year (Jan 2024, 11-2005, 2014-6), quarters (4Q1984, 2013-Q2)) and every other value
// must have that same shape (separators and time fields included) and the same time zone, or
// pandas raises and the column is text. A time (with AM/PM, an hour as 08H or 08h30, and a zone: Z,
// UTC, GMT, +09, +0100) after the date is read and ignored (the faithfulness check keys rows by day);
// values in one column must all carry the same zone, as pandas refuses mixed offsets. An hour alone
// in the first value must have two digits ("2020-01-01 5" is nothing pandas can guess or dateutil
// parse), though later values may have one (the guessed %H takes it). Formats without a year
// ("Jan", "May 04") and times of day alone are left as text: pandas puts them in year 1 or on
// today's date, which no chart of real data means. Pure (but two-digit years, which dateutil
// places within 50 years of the current year, read the clock's year once).
export type DateFormat = { name: string; parse: (v: string) => string | null };

const ZONE = String.raw`(?:\s?(?:Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?))?`;
const AMPM = String.raw`\s?[AaPp]\.?[Mm]\.?`;
// A clock as pandas reads it after a date once the format is known: h:m[:s[.f]] or an hour alone,
// either with AM/PM, or an hour written 08H / 08h30.
const CLOCK = String.raw`\d{1,2}(?:[Hh](?:\d{2})?|(?::\d{1,2}(?::\d{1,2}(?:\.\d+)?)?)?(?:${AMPM})?)`;
// ...and as it must be in the first value for pandas to guess a format: an hour alone (no minutes,
// AM/PM or H) has two digits there.
const CLOCK_GUESS = String.raw`(?:\d{1,2}(?:[Hh](?:\d{2})?|:\d{1,2}(?::\d{1,2}(?:\.\d+)?)?(?:${AMPM})?|${AMPM})|\d{2})`;
/** A compact date's time: the clock above, or its digits run together (1234, 121314.5). */
const compactClock = (clock: string) => String.raw`(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d+)?)?)?|${clock})`;
const WEEKDAY = String.raw`(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s)?`;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const FULL = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** A month by its English name: abbreviated (%b, "Sep" or "Sept") or full (%B), as the format says. */
function monthOf(name: string, full: boolean): number | null {
  const n = name.toLowerCase().replace(/\.$/, "");
  const i = full ? FULL.indexOf(n) : MONTHS.indexOf(n === "sept" ? "sep" : n);
  return i >= 0 ? i + 1 : null;
}

const THIS_YEAR = new Date().getUTCFullYear();
/** A two-digit year as dateutil places it: within 50 years of the current year (24 → 2024, 80 → 1980). */
function century(y: number): number {
  const full = y + 2000;
  return full >= THIS_YEAR + 50 ? full - 100 : full;
}

/** The ISO day, or null when there is no such day (2024-02-30). */
function iso(y: number, m: number, d: number): string | null {
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  t.setUTCFullYear(y);
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
const year = (s: string | undefined) => (s!.length === 2 ? century(num(s)) : num(s));
/** A date's pattern followed, optionally, by a time of this clock and a zone. */
const dated = (clock: string) => (body: string) => new RegExp(`^${body}(?:[ T]${clock}${ZONE})?$`, "i");

/** A quarter's first day: 4Q1984, 2Q05, 2013-Q2, 05Q1 (a two-digit year is 20yy, as pandas reads quarters). */
const quarterYear = (s: string) => (s.length === 2 ? 2000 + num(s) : num(s));
const QUARTER_FIRST = format("%q Q %Y", /^([1-4])Q-?(\d{4}|\d{2})$/i, (g) => [quarterYear(g[2]!), 3 * num(g[1]) - 2, 1]);
const QUARTER_LAST = format("%Y Q %q", /^(\d{4}|\d{2})-?Q([1-4])$/i, (g) => [quarterYear(g[1]!), 3 * num(g[2]) - 2, 1]);

// 20130101 alone: pd.to_datetime reads it so in a column read_csv left as text (one with a "NaT"),
// though read_csv makes numbers of a column of nothing else; guessed only when asked (see guessDateFormat).
const COMPACT_ALONE = format("%Y%m%d", /^(\d{4})(\d{2})(\d{2})$/, (g) => [num(g[1]), num(g[2]), num(g[3])]);

/** The formats, in the order pandas' guess tries them, with times read by this clock; the separator found in the first value must be kept. */
function formats(clock: string): DateFormat[] {
  const re = dated(clock);
  const YMD = (sep: string) =>
    format(`%Y${sep}%m${sep}%d`, re(String.raw`(\d{4})${esc(sep)}(\d{1,2})${esc(sep)}(\d{1,2})`), (g) => [num(g[1]), num(g[2]), num(g[3])]);
  const MDY = (sep: string) =>
    format(`%m${sep}%d${sep}%Y`, re(String.raw`(\d{1,2})${esc(sep)}(\d{1,2})${esc(sep)}(\d{4}|\d{2})`), (g) => [year(g[3]), num(g[1]), num(g[2])]);
  const DMY = (sep: string) =>
    format(`%d${sep}%m${sep}%Y`, re(String.raw`(\d{1,2})${esc(sep)}(\d{1,2})${esc(sep)}(\d{4}|\d{2})`), (g) => [year(g[3]), num(g[2]), num(g[1])]);
  return [
    ...["-", "/", "."].map(YMD),
    COMPACT_ALONE,
    format("%Y%m%d %H:%M:%S", new RegExp(String.raw`^(\d{4})(\d{2})(\d{2})[ T]${compactClock(clock)}${ZONE}$`, "i"), (g) => [num(g[1]), num(g[2]), num(g[3])]),
    format("%Y-%m", /^(\d{4})[-/ ](\d{1,2})$/, (g) => [num(g[1]), num(g[2]), 1]),
    format("%m-%Y", /^(\d{1,2})[-/ ](\d{4})$/, (g) => [num(g[2]), num(g[1]), 1]),
    ...["/", "-", "."].flatMap((sep) => [MDY(sep), DMY(sep)]),
    QUARTER_FIRST,
    QUARTER_LAST,
    ...[false, true].flatMap((full) => {
      const b = full ? "%B" : "%b";
      const name = full ? "[A-Za-z]{3,9}" : String.raw`[A-Za-z]{3,4}\.?`;
      return [
        format(`${b} %d, %Y`, re(String.raw`${WEEKDAY}(${name})[ /-](\d{1,2}),?[ /-](\d{4})`), (g) => [num(g[3]), monthOf(g[1]!, full), num(g[2])]),
        format(`%d ${b} %Y`, re(String.raw`${WEEKDAY}(\d{1,2})[ /-](${name})[ /-](\d{4})`), (g) => [num(g[3]), monthOf(g[2]!, full), num(g[1])]),
        format(`%d${b}%y`, re(String.raw`(\d{1,2})(${name})(\d{2})`), (g) => [century(num(g[3])), monthOf(g[2]!, full), num(g[1])]),
        format(`%Y ${b} %d`, re(String.raw`(\d{4}) (${name}) (\d{1,2})`), (g) => [num(g[1]), monthOf(g[2]!, full), num(g[3])]),
        // ctime: Thu Sep 25 10:36:28 2003
        format(`%a ${b} %d %H:%M:%S %Y`, new RegExp(String.raw`^${WEEKDAY}(${name}) (\d{1,2}) ${CLOCK}${ZONE} (\d{4})$`, "i"), (g) => [
          num(g[3]),
          monthOf(g[1]!, full),
          num(g[2]),
        ]),
        format(`${b} %Y`, new RegExp(String.raw`^(${name}) (\d{4})$`), (g) => [num(g[2]), monthOf(g[1]!, full), 1]),
      ];
    }),
  ];
}

// The same formats twice, in the same order: strict about the first value's time (what pandas can
// guess from), then lenient for the values held to the guessed format.
const GUESS = formats(CLOCK_GUESS);
const FORMATS = formats(CLOCK);

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

/** The zone written after a value's time as an offset ("+01:00"; Z, UTC and GMT are "+00:00"), "" when none: pandas refuses a column that mixes them. */
function zoneOf(v: string): string {
  // after a time only (h:m, an hour with H, or 2, 4 or 6 digits run together): a date's own "-05" is no zone
  const z = /[ T](?:\d{1,2}(?:[Hh]\d{0,2}|:\d{1,2}(?::\d{1,2})?)?|\d{4}|\d{6})(?:\.\d+)?\s?(?:[AaPp]\.?[Mm]\.?)?\s?(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)$/i
    .exec(v.trim())?.[1]
    ?.toUpperCase();
  if (!z) return "";
  if (/^(Z|UTC|GMT)$/.test(z)) return "+00:00";
  const d = z.replace(":", "");
  return `${d.slice(0, 3)}:${d.slice(3) || "00"}`.replace(/^-00:00$/, "+00:00");
}

/** The same format, only for values in the first value's zone. */
function sameZone(f: DateFormat, first: string): DateFormat {
  const zone = zoneOf(first);
  return { name: f.name, parse: (v) => (zoneOf(v) === zone ? f.parse(v) : null) };
}

/**
 * The format pandas would guess from this (first present) value, or null for text. Like pandas,
 * the format holds the first value's separators and time fields: "5 Jan 2024" then "31-Dec-2024",
 * or a time with seconds then one without, do not parse; nor does a value in another time zone.
 * `digitsAlone`: the value comes from a column read_csv kept as text, where eight digits alone
 * (20130101) are a day to pd.to_datetime; elsewhere (labels drawn from a column of numbers) they are a number.
 */
export function guessDateFormat(first: string, o: { digitsAlone?: boolean } = {}): DateFormat | null {
  if (ISO_DATE.test(first.trim())) return sameZone(ISO, first);
  const i = GUESS.findIndex((x) => (x !== COMPACT_ALONE || o.digitsAlone) && x.parse(first) !== null);
  if (i < 0) return null;
  const f = FORMATS[i]!;
  const want = shape(first);
  return sameZone({ name: f.name, parse: (v) => (shape(v) === want ? f.parse(v) : null) }, first);
}
