// What the faithfulness check derives from one table (its typed columns, the groups of each key
// column per row subset, date orders, calendar buckets, rolling sums), built once and kept as long
// as the objects it was derived from are alive: a batch checks many charts, and each chart's
// series, against the same CSV, and the search would otherwise rebuild the same vectors for every
// series. Keyed by the objects themselves (the table, a row subset, a column's values) in weak
// maps, so nothing outlives its table. The derived values must not be mutated by their users.
// Pure apart from this cache: a memoised value is the value computing it afresh would give.

const roots = new WeakMap<object, Map<string, unknown>>();
const pairs = new WeakMap<object, WeakMap<object, Map<string, unknown>>>();

/** The value `make` gives for this object and key, made once per object. */
export function memo<T>(owner: object, key: string, make: () => T): T {
  let m = roots.get(owner);
  if (!m) roots.set(owner, (m = new Map()));
  if (!m.has(key)) m.set(key, make());
  return m.get(key) as T;
}

/** The same, for a value derived from two objects (a column's values over a row subset). */
export function memo2<T>(a: object, b: object, key: string, make: () => T): T {
  let byB = pairs.get(a);
  if (!byB) pairs.set(a, (byB = new WeakMap()));
  let m = byB.get(b);
  if (!m) byB.set(b, (m = new Map()));
  if (!m.has(key)) m.set(key, make());
  return m.get(key) as T;
}
