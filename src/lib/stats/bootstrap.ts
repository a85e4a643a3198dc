// Percentile bootstrap confidence intervals, seeded so the same data always gives the same
// interval. Pure.
import { mean } from "./distribution";
import { seededRng } from "./prng";

export interface Interval {
  estimate: number;
  lo: number;
  hi: number;
  level: number;
}

export interface BootstrapOptions {
  seed?: number;
  resamples?: number;
  level?: number;
}

/**
 * CI for the mean of `values`. Fewer than two values give null: one run says nothing about how
 * much a second would differ, and an interval of width zero would claim it does.
 */
export function bootstrapMean(values: readonly number[], o: BootstrapOptions = {}): Interval | null {
  return bootstrap(values, (xs) => mean(xs)!, o);
}

/** CI for any statistic of the values (resampled with replacement, percentile method). */
export function bootstrap(values: readonly number[], stat: (xs: number[]) => number, o: BootstrapOptions = {}): Interval | null {
  const n = values.length;
  if (n < 2) return null;
  const level = o.level ?? 0.95;
  const resamples = o.resamples ?? 2000;
  const rng = seededRng(o.seed ?? 1);
  const stats = new Float64Array(resamples);
  const sample = new Array<number>(n);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < n; i++) sample[i] = values[Math.floor(rng() * n)]!;
    stats[r] = stat(sample);
  }
  stats.sort();
  const alpha = (1 - level) / 2;
  const at = (p: number) => stats[Math.min(resamples - 1, Math.max(0, Math.round(p * (resamples - 1))))]!;
  return { estimate: stat([...values]), lo: at(alpha), hi: at(1 - alpha), level };
}
