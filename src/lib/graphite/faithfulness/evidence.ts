// What a series no reading of the data gives exactly still shows. "fail" needs positive evidence
// that the chart misstates the data: a reading that matches only with the gaps counted as zeros,
// values paired from different rows, a histogram's own bins holding other counts, one constant
// factor no change of unit explains, values moved to the neighbouring x, a near miss of one
// reading. Anything else is "unchecked": a correct chart built with a transformation the check
// has no reading for (pct_change, ewm, another bandwidth) looks exactly like that, and calling it
// unfaithful would be a false claim. Pure.
import type { PlottedSeries } from "../../schema/sandbox";
import { explain, REL_TOLERANCE } from "./match";
import { nearest, type Weighed } from "./near";
import { histogramEvidence, kdeMoved, kdeSpike, mispaired, oneCategoryNearMiss, straightLine } from "./shape-evidence";
import { explainHistogram, explainKde, explainPairs } from "./shapes";
import { explainKdeBandwidth } from "./bandwidth";
import { movedKeys } from "./moved-keys";
import { affinePairs } from "./affine-pairs";
import { changedPairs, changedQuantiles } from "./changed-pairs";
import { shuffledPairs } from "./shuffled-pairs";
import { jitteredChanged } from "./jitter";
import { categoryStripChanged } from "./category-strips";
import { categoryPointsChanged } from "./category-points";
import { histogramChanged } from "./hist-changed";
import { ecdfChanged } from "./ecdf-evidence";
import { kdeBandwidthChanged } from "./kde-changed";
import { withGapsAsZero, type Prepared } from "./table";

export type { Weighed } from "./near";

export const FLAT =
  "a single value (one point, or the same value at every point) carries too little information to confirm or refute against the data's readings: not checked";

export const NO_READING = `no reading the check knows gives these values (a column alone or against another, a groupby aggregate, histogram, least-squares line, kernel density, cumulative sum or rolling mean, within ${REL_TOLERANCE * 100}%) and nothing shows them wrong: a transformation it has no reading for (pct_change, ewm, another smoothing) looks the same, so not checked`;

/**
 * A curve drawn as a density is (seaborn cuts 3 bandwidths past the data): 20+ points, none below
 * 0, near 0 at both ends. A regression line on an even grid is not, and may fit a density's tail.
 */
function densityDrawn(s: PlottedSeries): boolean {
  if (s.kind !== "line" || s.y.length < 20 || !s.y.every((y) => y >= 0)) return false;
  const top = Math.max(...s.y);
  return top > 0 && s.y[0]! <= 0.05 * top && s.y[s.y.length - 1]! <= 0.05 * top;
}

/**
 * Weigh a series no reading explains. `pointsAreData`: a scatter whose numeric x are data, not
 * positions, so readings of y alone in order say nothing about it. `whole`: the table a facet grid
 * was drawn from, when p is one facet's rows.
 */
export function weigh(s: PlottedSeries, keys: string[] | null, p: Prepared, scale: number, pointsAreData: boolean, whole?: Prepared): Weighed {
  const w = weighAll(s, keys, p, scale, pointsAreData, whole);
  // one point, or a constant (a box plot's outliers at one value, a flat line), misses most
  // readings as easily as it matches one by coincidence: no evidence against anything
  return w.status !== "pass" && new Set(s.y).size < 2 ? { status: "unchecked", detail: FLAT } : w;
}

function weighAll(s: PlottedSeries, keys: string[] | null, p: Prepared, scale: number, pointsAreData: boolean, whole?: Prepared): Weighed {
  if (p.gappy.size > 0 && !pointsAreData) {
    const zeros = withGapsAsZero(p);
    const found = explain(s, keys, zeros, scale);
    const reading = found
      ? `${found.cand.desc}${found.scale} ${found.how}`
      : (explainHistogram(s, zeros) ?? (densityDrawn(s) ? (explainKde(s, zeros) ?? explainKdeBandwidth(s, zeros)) : null));
    if (reading)
      return {
        status: "fail",
        detail: `match ${reading} only with the missing values counted as 0 (fillna(0)); pandas skips them, so these are not the data's values`,
      };
  }
  if (p.gappy.size > 0 && pointsAreData) {
    // a scatter of two columns whose gaps were filled with 0: the rows pandas leaves out drawn at 0
    const filled: Prepared = {
      ...p,
      numeric: new Map([...p.numeric].map(([c, v]) => [c, p.gappy.has(c) ? v.map((x) => (Number.isNaN(x) ? 0 : x)) : v] as const)),
      gappy: new Set(),
    };
    const reading = explainPairs(s, filled, scale);
    if (reading)
      return {
        status: "fail",
        detail: `match ${reading} only with the missing values counted as 0 (fillna(0)); pandas leaves those rows out, so the points at 0 are not the data's`,
      };
  }
  const paired =
    mispaired(s, p, scale) ??
    affinePairs(s, p, scale) ??
    changedPairs(s, p, scale) ??
    changedQuantiles(s, p, scale) ??
    shuffledPairs(s, p, scale, whole) ??
    jitteredChanged(s, p);
  if (paired) return paired;
  // bars on a column's own bins settle it when they fail; a per-key aggregate at moved keys is
  // stronger than bins whose heights are merely unexplained
  const ecdf = ecdfChanged(s, p);
  if (ecdf) return ecdf;
  const hist = histogramEvidence(s, p);
  if (hist?.status === "fail") return hist;
  const onFixedBins = histogramChanged(s, p);
  if (onFixedBins) return onFixedBins;
  const shape =
    movedKeys(s, p, scale) ??
    hist ??
    kdeSpike(s, p) ??
    kdeMoved(s, p) ??
    kdeBandwidthChanged(s, p) ??
    categoryStripChanged(s, p, scale) ??
    categoryPointsChanged(s, p) ??
    oneCategoryNearMiss(s, p, scale);
  if (shape) return shape;
  const near = pointsAreData ? null : nearest(s, keys, p, scale);
  if (near) return near;
  return straightLine(s, scale) ?? { status: "unchecked", detail: NO_READING };
}
