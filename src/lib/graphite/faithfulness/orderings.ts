// Every way of giving n drawn series to n levels: the readings that match unlabelled hue series to a
// legend's levels try each (n is kept small by their callers: n! orderings). Pure.

/** Every ordering of 0..n-1. */
export function* orderings(n: number, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === n) yield prefix;
  else for (let j = 0; j < n; j++) if (!prefix.includes(j)) yield* orderings(n, [...prefix, j]);
}
