// Bands (fill_between: seaborn's lineplot / relplot error bands, an area under a curve). A band
// whose lower edge is one constant is an area: its upper edge is checked as a line. Otherwise the
// band is read as seaborn's EstimateAggregator draws it, per x value of the rows it groups by, as
// intervals.ts reads an interval (sd, se, a percentile interval), confirmed at every x. The
// default "ci" is a bootstrap (random): a band that holds the mean inside it and lies within the
// values is only "consistent" with it, which never counts for or against the chart. A band drawn
// sideways (fill_betweenx: lineplot(orient="y")) comes with x its positions up the y axis: it is
// read the same way, and its details say so, naming y where an upright band's name x. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { consistentInterval, intervalReading, intervalStats } from "./intervals";
import { memo } from "./memo";
import type { Prepared } from "./table";

export interface BandReading {
  status: "pass" | "unchecked";
  detail: string;
  /** Consistent with a random reading (a bootstrap interval): unchecked, but nothing unexplained. */
  consistent: boolean;
}

/** The constant a band's lower edge keeps (an area from 0, or from a baseline), or null. */
export function areaBase(s: PlottedSeries): number | null {
  const lo = s.lower;
  if (s.kind !== "band" || !lo || lo.length !== s.y.length || lo.length === 0) return null;
  return lo.every((v) => v === lo[0]) ? lo[0]! : null;
}

interface Group {
  key: string;
  vals: number[];
}

/** Rows of a frame grouped by one column's value, keyed as the band's x are (number or ISO date). */
function groupsFor(s: PlottedSeries, rows: number[], keyOf: (i: number) => string | null): Group[] | null {
  const want = new Map<string, number>(s.x.map((x, j) => [String(x), j]));
  if (want.size !== s.x.length) return null;
  const byKey = new Map<string, number[]>();
  for (const i of rows) {
    const k = keyOf(i);
    if (k === null || !want.has(k)) continue;
    const g = byKey.get(k);
    if (g) g.push(i);
    else byKey.set(k, [i]);
  }
  if (byKey.size !== want.size) return null;
  return s.x.map((x) => ({ key: String(x), vals: byKey.get(String(x))! }));
}

/** The keys groupsFor reads a numeric column's rows as (String of each finite value), as a set, once per table. */
function numericKeys(v: number[]): Set<string> {
  return memo(v, "band keys", () => {
    const keys = new Set<string>();
    for (const t of v) if (Number.isFinite(t)) keys.add(String(t));
    return keys;
  });
}

function dateKeySet(keys: Array<string | null>): Set<string> {
  return memo(keys, "band keys", () => new Set(keys.filter((k): k is string => k !== null)));
}

/** Every x of the band is a key of the column: otherwise no frame's groups can hold them all. */
function holdsEveryX(s: PlottedSeries, keys: Set<string>): boolean {
  return s.x.every((x) => keys.has(String(x)));
}

/** Read a band that is not an area: seaborn's deterministic error bars, or consistent with a bootstrap. */
export function weighBand(s: PlottedSeries, p: Prepared): BandReading {
  const lower = s.lower;
  const n = s.y.length;
  // a sideways band's keys run up the y axis: its words name y, and say it is drawn sideways
  const at = s.sideways ? "y" : "x";
  const turned = s.sideways ? ", drawn sideways (its keys up the y axis, its edges along x)" : "";
  if (!lower || lower.length !== n || n === 0) return { status: "unchecked", detail: "a band without its lower edge measured: not checked", consistent: false };
  const peak = Math.max(...s.y.map(Math.abs), ...lower.map(Math.abs));
  const tol = 1e-7 * peak + 1e-12;
  const same = (a: number, b: number) => Math.abs(a - b) <= tol;
  // a column can group the band only when every x is one of its values: checked first against the
  // column's values once per table (a density's grid is no column's, and 54,000 rows grouped by
  // every column cost seconds a chart)
  const keyers: Array<[string, (i: number) => string | null]> = [];
  for (const [col, v] of p.numeric) if (holdsEveryX(s, numericKeys(v))) keyers.push([col, (i) => (Number.isFinite(v[i]!) ? String(v[i]) : null)]);
  if (p.dateCol && p.dateKeys && holdsEveryX(s, dateKeySet(p.dateKeys))) keyers.push([p.dateCol, (i) => p.dateKeys![i]!]);
  let consistentWith: string | null = null;
  for (const f of p.frames) {
    for (const [xcol, keyOf] of keyers) {
      const groups = groupsFor(s, f.rows, keyOf);
      if (!groups) continue;
      for (const [ycol, v] of p.numeric) {
        if (ycol === xcol) continue;
        const per = groups.map((g) => g.vals.map((i) => v[i]!).filter((t) => Number.isFinite(t)));
        if (per.some((vals) => vals.length < 2)) continue;
        const stats = per.map((vals) => intervalStats(vals)!);
        const what = `${ycol} by ${xcol}${f.desc}`;
        const name = intervalReading(stats, lower, s.y, same);
        if (name)
          return { status: "pass", detail: `match error band of ${name.startsWith("mean") ? "mean " : ""}${what}: ${name}${turned}`, consistent: false };
        // a bootstrap interval of the mean holds the mean and lies within the values
        if (consistentWith === null && consistentInterval(stats, lower, s.y, tol)) consistentWith = what;
      }
    }
  }
  if (consistentWith)
    return {
      status: "unchecked",
      detail: `a band around the mean of ${consistentWith} within its values at every ${at}, as seaborn's bootstrap confidence interval (errorbar="ci", random) draws it${turned}: consistent, not confirmed`,
      consistent: true,
    };
  return {
    status: "unchecked",
    detail: `no reading the check knows gives this band${turned} (mean ± sd or se, a percentile interval, of a column by another) and nothing shows it wrong: not checked`,
    consistent: false,
  };
}
