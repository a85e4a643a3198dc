// The colours of a scatter's points (seaborn's hue=, in one collection), read against the rows the
// points were confirmed to be: each point must be drawn in the colour the legend gives its row's
// value of one category column. Points coloured as another value than their row's are evidence
// against the chart; colours a legend names only at a few levels (a numeric hue's colour scale)
// are not read, so the chart is not confirmed whole; colours no legend names claim nothing. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import type { Weighed } from "./near";
import type { Prepared } from "./table";

/** Of several columns that hold every level the legend names, the colours are read as one only when it agrees with this share of the points. */
const MOST = 0.5;
const MAX_LISTED = 3;

/**
 * The points' colours against `rows` (the data row of each point, in order); null when the
 * colours name nothing (no legend, or one colour).
 */
export function weighPointHues(s: PlottedSeries, rows: number[], p: Prepared): Weighed | null {
  const hues = s.pointHues;
  if (!hues || hues.length !== rows.length || hues.every((h) => h === null)) return null;
  const n = hues.length;
  const named = hues.filter((h) => h !== null).length;
  if (named < n) {
    const levels = [...new Set(hues.filter((h): h is string => h !== null))];
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
  if (!best || (holders > 1 && best.agree < MOST * n))
    return {
      status: "unchecked",
      detail: `the points are coloured as the legend's ${[...labels].slice(0, 4).join(", ")}, which follow no column of the data row by row: the colours are not checked`,
    };
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
