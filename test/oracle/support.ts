// The oracle tests' shared pieces: a seeded generator of tables of the shapes pandas', numpy's
// and seaborn's own test suites use (gaps, ties, constants, single values, negatives, wide
// magnitudes, one-decimal data), and one call to the trusted oracle.py that answers all of a
// test file's requests in one Python process. Not pure: it starts Python.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { REL_TOLERANCE } from "../../src/lib/graphite/faithfulness/match";

const root = process.env.DUELLAB_ROOT ?? path.resolve(__dirname, "../..");
const python = path.join(root, ".venv/bin/python");

/** mulberry32: a small seeded generator, so every case can be made again from its seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Shape = "normal" | "ties" | "one-decimal" | "integers" | "wide" | "negative" | "constant" | "skewed";
export const SHAPES: Shape[] = ["normal", "ties", "one-decimal", "integers", "wide", "negative", "constant", "skewed"];

/** n values of one shape, a share `gaps` of them NaN. */
export function values(r: () => number, n: number, shape: Shape, gaps: number): number[] {
  const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const one = (): number => {
    switch (shape) {
      case "normal":
        return 50 + 10 * normal();
      case "ties":
        return Math.floor(r() * 4);
      case "one-decimal":
        return Math.round((30 + 20 * r()) * 10) / 10;
      case "integers":
        return Math.floor(r() * 1000) - 200;
      case "wide":
        return (r() < 0.5 ? 1e-3 : 1e6) * (1 + r());
      case "negative":
        return -5 - 3 * r();
      case "constant":
        return 7.25;
      case "skewed":
        return Math.exp(2 * normal());
    }
  };
  return Array.from({ length: n }, () => (r() < gaps ? NaN : one()));
}

/** NaN as null, for JSON. */
export const wire = (v: number[]) => v.map((x) => (Number.isNaN(x) ? null : x));
export const unwire = (v: Array<number | null>) => v.map((x) => (x === null ? NaN : x));

export type Answer = { ok: unknown } | { error: string };

/** Every request answered by the real libraries, in one Python process. */
export function oracle(requests: object[]): Answer[] {
  const r = spawnSync(python, [path.join(__dirname, "oracle.py")], {
    input: JSON.stringify({ requests }),
    encoding: "utf8",
    maxBuffer: 512 << 20,
  });
  if (r.status !== 0) throw new Error(`oracle.py failed (${r.status}): ${r.stderr}`);
  const answers = JSON.parse(r.stdout) as Answer[];
  if (answers.length !== requests.length) throw new Error(`oracle.py answered ${answers.length} of ${requests.length}`);
  return answers;
}

export function ok<T>(a: Answer | undefined, what: string): T {
  if (!a || !("ok" in a)) throw new Error(`the library refused ${what}: ${a && "error" in a ? a.error : "no answer"}`);
  return a.ok as T;
}

/** Agreement to the check's own tolerance (REL_TOLERANCE, relative; NaN only with NaN). */
export function agree(ts: number, lib: number | null): boolean {
  if (lib === null || Number.isNaN(lib)) return Number.isNaN(ts);
  if (Number.isNaN(ts)) return false;
  return Math.abs(ts - lib) <= REL_TOLERANCE * Math.abs(lib) + 1e-12;
}

/** Counts cases and the disagreements among them, for one reading kind; fails with the first few. */
export class Tally {
  cases = 0;
  readonly bad: string[] = [];
  check(same: boolean, what: () => string): void {
    this.cases++;
    if (!same) this.bad.push(what());
  }
  summary(kind: string): string {
    return `${kind}: ${this.cases - this.bad.length} of ${this.cases} agree${this.bad.length ? `; first: ${this.bad.slice(0, 5).join(" | ")}` : ""}`;
  }
}
