// The copy of a graphite result that a run publishes to its widget at each stage. Pure.
//
// A published state must not change when the run goes on (the widget keeps it to answer a page
// reload; the fallback pictures are drawn from it), nor when the user edits the result they were
// given. The stages change the result in place: they push to its arrays and replace its charts and
// its judge. So each publish copies the whole result. It used to be a JSON round trip, which
// turned every measured point (up to 2,000 per series) and every PNG's base64 text into JSON and
// back, twice per chart (its run and its latest attempt hold the same run), at every stage, even
// with no widget: a median 16 ms per publish for a scatter and a line of the 50,000-row CSV
// (0.3 MB of JSON, on a loaded machine), and the ten runs of a batch publish in the same turns.
// Here an array of plain values (a series' x and y, a band's lower edge, row labels, warnings) is
// copied with slice(), which copies the values as they are stored without reading them one by
// one, and strings are shared (they cannot change). The rest is a walk over a few hundred
// objects: 0.5 ms for the same result.
//
// It is plain data: keys whose value is undefined and functions are left out, as JSON leaves them
// out (the result's repair() and summary are not enumerable, so they are never copied).

/** True when the array holds plain values (its first element says: no array in a result holds both). */
function ofValues(a: readonly unknown[]): boolean {
  const first = a[0];
  return first === null || typeof first !== "object";
}

function copy(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return ofValues(v) ? v.slice() : v.map(copy);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined || typeof x === "function") continue;
    out[k] = copy(x);
  }
  return out;
}

/** A copy of `result` that no later change to `result` reaches. */
export function publishedCopy<T>(result: T): T {
  return copy(result) as T;
}
