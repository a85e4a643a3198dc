// The values a deviation or normalised chart takes from a column and subtracts or divides by:
// its mean, median, minimum, maximum, first value and sum, and 273.15 (kelvin to celsius). A
// column moved (or divided) by one of them is the data shown another way, never evidence that it
// was changed. Pure.

/** The baselines of these values (in any order; a copy is sorted). */
export function baselines(values: readonly number[]): number[] {
  if (values.length === 0) return [273.15];
  const s = [...values].sort((x, y) => x - y);
  const sum = values.reduce((t, x) => t + x, 0);
  const m = s.length >> 1;
  const median = s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  return [sum / values.length, median, s[0]!, s[s.length - 1]!, values[0]!, sum, 273.15];
}
