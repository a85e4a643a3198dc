// The colours of a scatter's points (seaborn's hue=, in one collection), read against the rows the
// points were confirmed to be: each point must be drawn in the colour the legend gives its row's
// value of one category column. Points coloured as another value than their row's are evidence
// against the chart; colours a legend names only at a few levels (a numeric hue's colour scale)
// are not read, so the chart is not confirmed whole; colours no legend names claim nothing. A
// numeric hue column changed before it was drawn (the legend's numbers are the titled column's
// moved or stretched) is evidence against the chart (hue-change.ts). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import type { Weighed } from "./near";
import type { Prepared } from "./table";
import { changedHueColumn, changedHueScale, changedStripHues } from "./hue-change";

/** Of several columns that hold every level the legend names, the colours are read as one only when it agrees with this share of the points. */
const MOST = 0.5;
const MAX_LISTED = 3;

/**
 * The points' colours against `rows` (the data row of each point, in order); null when the
 * colours name nothing (no legend, or one colour). `titles`: the figure's legend titles.
 */
export function weighPointHues(s: PlottedSeries, rows: number[], p: Prepared, titles: readonly string[] = []): Weighed | null {
  const hues = s.pointHues;
  if (!hues || hues.length !== rows.length || hues.every((h) => h === null)) return null;
  const n = hues.length;
  const named = hues.filter((h) => h !== null).length;
  if (named < n) {
    const levels = [...new Set(hues.filter((h): h is string => h !== null))];
    const changed = changedHueScale(
      hues.flatMap((h, k) => (h === null ? [] : [[rows[k]!, h] as [number, string]])),
      p,
      titles,
    );
    if (changed) return { status: "fail", detail: changed };
    return {
      status: "unchecked",
      detail: `the points' colours follow a colour scale the legend shows at ${levels.length} levels (${levels.slice(0, 4).join(", ")}${levels.length > 4 ? ", ..." : ""}; ${named} of ${n} points sit exactly at one): the colour of each point is not checked`,
    };
  }
  const labels = new Set(hues as string[]);
  // the column whose values the legend names: the only one that holds them all, or of several
  // the one most points agree with (a coin-flip column holds "Yes"/"No" too)
  let best: { col: string; agree: number; keys: Array<string | null> } | null = null;
  let holders = 0;
  for (const [col, keys] of p.categorical) {
    const have = new Set(keys);
    if (![...labels].every((l) => have.has(l))) continue;
    holders++;
    let agree = 0;
    rows.forEach((r, k) => {
      if (keys[r] === hues[k]) agree++;
    });
    if (!best || agree > best.agree) best = { col, agree, keys };
  }
  if (!best || (holders > 1 && best.agree < MOST * n)) {
    const changed = best ? null : changedHueColumn(hues as string[], rows, p, titles);
    if (changed) return { status: "fail", detail: changed };
    return {
      status: "unchecked",
      detail: `the points are coloured as the legend's ${[...labels].slice(0, 4).join(", ")}, which follow no column of the data row by row: the colours are not checked`,
    };
  }
  const { col, agree, keys } = best;
  if (agree === n) return { status: "pass", detail: `coloured by ${col} row by row (the legend's ${labels.size} colours)` };
  const wrong = rows.flatMap((r, k) => (keys[r] !== hues[k] ? [[r, k] as const] : []));
  return {
    status: "fail",
    detail: `${n - agree} of ${n} points are drawn in the colour of another ${col} than their row's (${wrong
      .slice(0, MAX_LISTED)
      .map(([r, k]) => `row ${r + 1}: ${col} ${JSON.stringify(keys[r])}, coloured as ${JSON.stringify(hues[k])}`)
      .join("; ")}${wrong.length > MAX_LISTED ? "; ..." : ""}): the colours are not the data's`,
  };
}

/** A category column's value (or a numeric column's, as the legend prints it) for each row, keyed for comparison with a legend label. */
function hueKeys(p: Prepared): Array<[string, Array<string | null>]> {
  const num = (t: number) => (Number.isFinite(t) ? String(t) : null);
  return [...p.categorical, ...[...p.numeric].filter(([c]) => !p.categorical.has(c)).map(([c, v]) => [c, v.map(num)] as [string, Array<string | null>])];
}
const labelKey = (l: string) => (l.trim() !== "" && Number.isFinite(Number(l)) ? String(Number(l)) : l.trim());

/**
 * A strip's points at one category (seaborn's stripplot / swarmplot with hue=, undodged: one
 * collection) whose values are every row of that category once: the colours against those rows.
 * "pass" when one column's value of the rows gives each value its colour (as a multiset: ties
 * cannot say which row is which); "fail" when a column holds every level the legend names but
 * the colours sit on other rows' values; "unchecked" when the legend names levels no column holds
 * (a hue column changed) or only samples a colour scale. null when the points are not such a strip.
 */
export function weighStripHues(s: PlottedSeries, p: Prepared, categoryRows: number[], values: number[], titles: readonly string[] = []): Weighed | null {
  const hues = s.pointHues;
  if (!hues || hues.length !== s.y.length || hues.every((h) => h === null)) return null;
  const rows = categoryRows.filter((r) => Number.isFinite(values[r]!));
  if (rows.length !== s.y.length) return null;
  const drawnY = [...s.y].sort((a, b) => a - b);
  const rowY = rows.map((r) => values[r]!).sort((a, b) => a - b);
  if (!drawnY.every((y, k) => y === rowY[k])) return null;
  if (hues.some((h) => h === null)) {
    const levels = [...new Set(hues.filter((h): h is string => h !== null))];
    return {
      status: "unchecked",
      detail: `the points' colours follow a colour scale the legend shows at ${levels.length} levels: the colour of each point is not checked`,
    };
  }
  const labels = [...new Set((hues as string[]).map(labelKey))];
  const drawn = s.y.map((y, k) => `${y}\u0000${labelKey(hues[k]!)}`).sort();
  let holder: string | null = null;
  for (const [col, keys] of hueKeys(p)) {
    const have = new Set(
      rows
        .map((r) => keys[r])
        .filter((k): k is string => k !== null)
        .map(labelKey),
    );
    if (!labels.every((l) => have.has(l))) continue;
    holder ??= col;
    const data = rows.map((r) => `${values[r]}\u0000${keys[r] === null ? "" : labelKey(keys[r]!)}`).sort();
    if (data.every((d, k) => d === drawn[k])) return { status: "pass", detail: `coloured by ${col} row by row (the legend's ${labels.length} colours)` };
  }
  if (holder !== null)
    return {
      status: "fail",
      detail: `the colours are those the legend gives ${holder}'s levels, not paired with the values as the rows pair them: points in the colour of another ${holder} than their row's`,
    };
  const changed = changedStripHues(s.y, hues as string[], rows, values, p, titles);
  if (changed) return { status: "fail", detail: changed };
  return {
    status: "unchecked",
    detail: `the points' colours are named by the legend as ${labels.slice(0, 4).join(", ")}${labels.length > 4 ? ", ..." : ""}, which are no column's values in these rows (a hue column changed or derived): the colours are not checked`,
  };
}

/** weighStripHues for a series `desc` read as one category's values ("values of c where g == key (points at one category"); null for any other. */
export function stripHuesOf(s: PlottedSeries, p: Prepared, desc: string, titles: readonly string[] = []): Weighed | null {
  if (!s.pointHues) return null;
  for (const [g, keys] of p.categorical)
    for (const [c, v] of p.numeric) {
      const key = typeof s.x[0] === "string" ? s.x[0].trim() : null;
      if (key === null || !desc.startsWith(`values of ${c} where ${g} == ${JSON.stringify(key)} (points at one category`)) continue;
      return weighStripHues(
        s,
        p,
        keys.flatMap((k, i) => (k === key ? [i] : [])),
        v,
        titles,
      );
    }
  return null;
}
