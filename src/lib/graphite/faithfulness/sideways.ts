// A density curve drawn sideways: kdeplot(y=...), the right-hand marginal of a jointplot or
// JointGrid, displot/histplot(y=..., kde=True), pandas .plot.kde on a rotated axes. The values
// run up the y axis on an even grid and the density runs along x, so the curve is read as the
// same kernel densities as an upright one with its axes exchanged. Pure.
import { kdeBandwidthChanged } from "./kde-changed";
import type { PlottedSeries } from "../../schema/sandbox";
import { explainKdeBandwidth } from "./bandwidth";
import type { Weighed } from "./near";
import { kdeMoved, kdeSpike } from "./shape-evidence";
import { explainKde, isEvenGrid } from "./shapes";
import { type Prepared, withGapsAsZero } from "./table";

/** The curve with its axes exchanged when it can only be a sideways density, else null. */
export function sideways(s: PlottedSeries): PlottedSeries | null {
  if (s.kind !== "line" || s.truncated || !s.x.every((x) => typeof x === "number")) return null;
  const x = s.x as number[];
  // an upright curve on an even grid is read upright; a sideways one has its grid on y and
  // heights on x, none of them below 0
  if (isEvenGrid(x) || !isEvenGrid(s.y) || !x.every((v) => Number.isFinite(v) && v >= 0)) return null;
  return { ...s, x: s.y, y: x };
}

export function explainSidewaysKde(s: PlottedSeries, p: Prepared, whole?: Prepared): string | null {
  const turned = sideways(s);
  if (!turned) return null;
  const found = explainKde(turned, p) ?? explainKdeBandwidth(turned, p, whole);
  return found ? `${found}, drawn sideways (values up the y axis)` : null;
}

/**
 * Evidence against a sideways density, as against an upright one: the density of the column
 * moved or stretched, spiked at a point or two, or the density only with gaps counted as 0.
 */
export function sidewaysEvidence(s: PlottedSeries, p: Prepared): Weighed | null {
  const turned = sideways(s);
  if (!turned) return null;
  const w = kdeSpike(turned, p) ?? kdeMoved(turned, p) ?? kdeBandwidthChanged(turned, p);
  if (w) return { ...w, detail: `${w.detail} (drawn sideways: values up the y axis)` };
  if (p.gappy.size === 0) return null;
  const zeros = withGapsAsZero(p);
  const reading = explainKde(turned, zeros) ?? explainKdeBandwidth(turned, zeros);
  return reading
    ? {
        status: "fail",
        detail: `match ${reading}, drawn sideways, only with the missing values counted as 0 (fillna(0)); pandas skips them, so these are not the data's values`,
      }
    : null;
}
