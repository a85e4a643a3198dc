// Letter-value plots (seaborn's boxenplot, catplot(kind="boxen")), read whole (kind "boxen":
// measure.py reads each category's and hue level's nested rectangles as the 2k letter values they
// stand between, with its median line and its fliers). seaborn's LetterValues puts them at numpy's
// linear percentiles 100 × 0.5^j (j = k + 1 … 2) and 100 × (1 − 0.5^j) (j = 2 … k + 1), the ends at
// 0 and 100 for k_depth="full"; only k depends on k_depth ("tukey", "proportion", "trustworthy",
// an integer), and it is read off the drawn set (2k edges), so every rule is checked the same way.
// The fliers are exactly the values beyond the outermost letter values. Confirmed, changed and
// unchecked as box sets are (box-sets.ts). Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { percentile } from "./boxes";
import { type BoxFinding, weighSets, type SetReading } from "./box-sets";
import { sortedFinite } from "./sorted-values";
import { close } from "./match";
import type { Prepared } from "./table";

/** The 2k letter values of these (sorted) values, as seaborn's LetterValues computes them. */
export function letterValues(sorted: number[], k: number, full: boolean): number[] {
  const lower = Array.from({ length: k }, (_, i) => 0.5 ** (k + 1 - i));
  const upper = Array.from({ length: k }, (_, i) => 1 - 0.5 ** (i + 2));
  const q = [...lower, ...upper];
  if (full) {
    q[0] = 0;
    q[q.length - 1] = 1;
  }
  return q.map((x) => percentile(sorted, x));
}

function matches(s: PlottedSeries, values: number[], scale: number): string | null {
  const v = sortedFinite(values);
  if (v.length === 0 || s.y.length < 2 || s.y.length % 2 || s.median === undefined) return null;
  if (!close(s.median, percentile(v, 0.5), scale)) return null;
  const k = s.y.length / 2;
  for (const full of [false, true]) {
    const lv = letterValues(v, k, full);
    if (!s.y.every((y, i) => close(y, lv[i]!, scale))) continue;
    const beyond = v.filter((x) => x < lv[0]! || x > lv[lv.length - 1]!);
    if (s.fliers && ((s.flierCount ?? s.fliers.length) !== beyond.length || !s.fliers.every((f, i) => close(f, beyond[i]!, scale)))) continue;
    return `${k} letter values each way${full ? " out to the extremes" : ""}, the median${s.fliers ? " and every value beyond as a flier" : ""}`;
  }
  return null;
}

const BOXEN: SetReading = {
  kind: "boxen",
  matches,
  numbers: (s, values) => {
    if (values.length === 0 || s.median === undefined || s.y.length % 2) return null;
    return { drawn: [...s.y, s.median], real: [...letterValues(values, s.y.length / 2, false), percentile(values, 0.5)] };
  },
  noun: "letter-value boxes",
  what: "letter values as seaborn's boxenplot computes them",
  whole: "every set's letter values and median are",
  // the letter values are percentiles; only the fliers are values of the rows themselves
  rowValues: (s) => s.fliers ?? [],
  rowValueNames: "fliers",
};

/** Every boxen series (kind "boxen"), by index, with its finding; `names` as weighBoxes takes them. */
export function weighBoxens(series: PlottedSeries[], p: Prepared, scale: number, names: string[] = []): Map<number, BoxFinding> {
  return weighSets(series, p, scale, names, BOXEN);
}
