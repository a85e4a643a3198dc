// The sandbox faithfulness tests' one preamble and the two assertions they repeat over lists of
// chart bodies: a body drawn for real in the sandbox (seaborn-draw) and checked by graphite's
// faithfulness check as a graphite run checks it, with the measured series of one kind picked out;
// every correct chart "faithful" with its shapes measured as that kind; every falsified twin
// "unfaithful" with a failed check whose detail names the change. Not pure: it runs the sandbox.
import { after } from "node:test";
import assert from "node:assert/strict";
import type { CsvData } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { sharedSandbox } from "../../../src/lib/sandbox/sandbox";
import type { Faithfulness } from "../../../src/lib/schema/graphite";
import type { PlottedSeries, SandboxRun } from "../../../src/lib/schema/sandbox";
import { drawWithSeaborn } from "./seaborn-draw";

/** Closes the shared sandbox once the file's tests are done (its workers would keep node alive). */
export function closeSandboxAfterTests(): void {
  after(async () => {
    await (await sharedSandbox()).close();
  });
}

export interface Drawn {
  body: string;
  run: SandboxRun;
  faith: Faithfulness;
  /** every series measured, across the figures */
  data: PlottedSeries[];
  /** the series of the kind asked for (all of them when none was) */
  shapes: PlottedSeries[];
  /** what a failed assertion shows: the body and every check, so a wrong verdict says why */
  why: string;
}

/** `body` drawn after `df = pd.read_csv(...)` (the run must succeed) and checked against `csv`. */
export async function drawAndCheck(csv: CsvData, body: string, kind?: PlottedSeries["kind"]): Promise<Drawn> {
  const run = await drawWithSeaborn(csv, body);
  const faith = checkFaithfulness(csv, run.figures);
  const data = run.figures.flatMap((f) => f.data);
  const shapes = kind ? data.filter((s) => s.kind === kind) : data;
  return { body, run, faith, data, shapes, why: `${body}: ${JSON.stringify(faith.checks, null, 1)}` };
}

/**
 * Each body draws at least one series of `kind` (any series when none is given) and is "faithful";
 * `also` asserts what else the caller holds of each drawing.
 */
export async function assertEachFaithful(csv: CsvData, bodies: readonly string[], kind?: PlottedSeries["kind"], also?: (d: Drawn) => void): Promise<void> {
  for (const body of bodies) {
    const d = await drawAndCheck(csv, body, kind);
    assert.ok(d.shapes.length > 0, `${body}: ${JSON.stringify(d.data.map((s) => s.kind))}`);
    assert.equal(d.faith.verdict, "faithful", d.why);
    also?.(d);
  }
}

/** Each body (a falsified twin) is "unfaithful" with a failed check whose detail names the change: contains it, or matches it. */
export async function assertEachUnfaithful(csv: CsvData, twins: ReadonlyArray<readonly [body: string, named: string | RegExp]>): Promise<void> {
  for (const [body, named] of twins) {
    const { faith, why } = await drawAndCheck(csv, body);
    assert.equal(faith.verdict, "unfaithful", why);
    assert.ok(
      faith.checks.some((c) => c.status === "fail" && (typeof named === "string" ? c.detail.includes(named) : named.test(c.detail))),
      why,
    );
  }
}
