// How the views word their numbers: the rules live in lib/format.ts (shared with the summaries and
// the exports); this adds the view-only wording of a side. Pure.
export { ms, NA, num, pct, plural, yesNo } from "../../lib/format";

export function sideLabel(side: string): string {
  return side === "both" ? "Both" : `Model ${side.toUpperCase()}`;
}
