// Pure statistics for batches: seeded bootstrap, exact sign test, Wilson intervals, paired tallies.
export { seededRng, seedFrom, type Rng } from "./prng";
export { bootstrap, bootstrapMean, type Interval, type BootstrapOptions } from "./bootstrap";
export { binomialPmf, signTest, wilson, normalQuantile, type Proportion } from "./binomial";
export { mean, spread, histogram, quantileSorted, type Spread } from "./distribution";
export {
  pairedWinRate,
  successGrid,
  successRate,
  type PairedOutcome,
  type PairedSuccess,
  type SuccessGrid,
  type SuccessRate,
  type Verdict,
  type WinRate,
} from "./paired";
