// Hierarchical clustering as scipy's linkage computes it, for the faithfulness check to confirm a
// drawn dendrogram: the pairwise distances of a set of vectors (euclidean, correlation, cosine,
// cityblock, as scipy.spatial.distance names them), the merge heights of agglomerative
// clustering by the Lance-Williams update (average = UPGMA, single, complete), and the distance
// a method gives between two given sets of vectors (what a drawn merge's height must be).
// The naive O(n³) search (about n³/6 steps): callers cap n (MAX_LINKAGE_ROWS). Pure.

export type Metric = "euclidean" | "correlation" | "cosine" | "cityblock";
export type Method = "average" | "single" | "complete";

/** Past this many vectors the check does not compute a linkage (n³ steps). */
export const MAX_LINKAGE_ROWS = 400;

/** The n × n distances between the vectors (row-major, symmetric, 0 on the diagonal). */
export function distances(vs: number[][], metric: Metric): Float64Array {
  const n = vs.length;
  const d = new Float64Array(n * n);
  const prepared =
    metric === "correlation"
      ? vs.map((v) => {
          const m = v.reduce((t, x) => t + x, 0) / v.length;
          return v.map((x) => x - m);
        })
      : vs;
  const norms = prepared.map((v) => Math.sqrt(v.reduce((t, x) => t + x * x, 0)));
  for (let i = 0; i < n; i++) {
    const a = prepared[i]!;
    for (let j = i + 1; j < n; j++) {
      const b = prepared[j]!;
      let s = 0;
      if (metric === "euclidean") {
        for (let k = 0; k < a.length; k++) s += (a[k]! - b[k]!) ** 2;
        s = Math.sqrt(s);
      } else if (metric === "cityblock") {
        for (let k = 0; k < a.length; k++) s += Math.abs(a[k]! - b[k]!);
      } else {
        for (let k = 0; k < a.length; k++) s += a[k]! * b[k]!;
        s = 1 - s / (norms[i]! * norms[j]!);
      }
      d[i * n + j] = s;
      d[j * n + i] = s;
    }
  }
  return d;
}

/** The merge heights of agglomerative clustering, in the order the merges happen. */
export function linkageHeights(d: Float64Array, n: number, method: Method): number[] {
  const dist = Float64Array.from(d);
  const size = new Array<number>(n).fill(1);
  // the clusters still apart, compacted as they merge: the search shrinks with every step
  const act = [...Array(n).keys()];
  const heights: number[] = [];
  while (act.length > 1) {
    let best = Infinity;
    let bi = -1;
    let bj = -1;
    for (let x = 0; x < act.length; x++) {
      const i = act[x]!;
      const row = i * n;
      for (let y = x + 1; y < act.length; y++) {
        const v = dist[row + act[y]!]!;
        if (v < best) {
          best = v;
          bi = x;
          bj = y;
        }
      }
    }
    if (bi < 0) return heights; // a NaN distance: no further merge is defined
    heights.push(best);
    const i = act[bi]!;
    const j = act[bj]!;
    // the merged cluster takes i's slot
    for (const k of act) {
      if (k === i || k === j) continue;
      const a = dist[i * n + k]!;
      const b = dist[j * n + k]!;
      const v = method === "single" ? Math.min(a, b) : method === "complete" ? Math.max(a, b) : (size[i]! * a + size[j]! * b) / (size[i]! + size[j]!);
      dist[i * n + k] = v;
      dist[k * n + i] = v;
    }
    size[i] = size[i]! + size[j]!;
    act.splice(bj, 1);
  }
  return heights;
}

/** The distance `method` gives between two sets of vectors (indices into the n × n distances). */
export function clusterDistance(d: Float64Array, n: number, a: number[], b: number[], method: Method): number {
  let sum = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (const i of a) {
    for (const j of b) {
      const v = d[i * n + j]!;
      sum += v;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return method === "single" ? lo : method === "complete" ? hi : sum / (a.length * b.length);
}
