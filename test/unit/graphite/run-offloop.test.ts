// graphite() and the kernel's event loop: the sandbox is asked for as the run starts, while the
// models are still answering (so the first chart does not wait for a cold start after them), and
// each chart's faithfulness is checked in a worker and lands in the result. States only: the
// models answer when the test lets them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { runGraphite } from "../../../src/lib/graphite/run";
import type { GraphiteDeps } from "../../../src/lib/graphite/session";
import type { CallRequest } from "../../../src/lib/providers/contract";
import { callResult } from "../support/fake-client";
import { figure, run as fakeRun, series } from "./make";

const csv = buildLogCsv();
const slot = (model: string) => ({ provider: "demo" as const, model });
const base = { csv, question: "What changed?", a: slot("x"), b: slot("y"), judge: slot("judge"), display: false };
const JUDGE = '{"a":{"insight":4,"clarity":5,"verdict":"ok"},"b":{"insight":7,"clarity":8,"verdict":"better"},"ship":"b"}';
const CODE = 'import pandas as pd\ndf = pd.read_csv("data.csv")\n';

test("the sandbox is asked for when graphite() starts, before any model has answered", async () => {
  const held: Array<() => void> = [];
  let asked = 0;
  let sandboxAskedWhileHeld: number | null = null;
  const callModel: GraphiteDeps["callModel"] = (req: CallRequest) =>
    new Promise((resolve) => {
      asked++;
      held.push(() => resolve(callResult(req, req.slotName === "judge" ? JUDGE : CODE, { latencyMs: 1, promptSha256: "0".repeat(64) })));
    });
  const figs = [figure([series({ x: [0, 1], y: [1, 2] })])];
  let sandboxCalls = 0;
  const sandbox: GraphiteDeps["sandbox"] = async () => {
    sandboxCalls++;
    if (sandboxAskedWhileHeld === null) sandboxAskedWhileHeld = held.length;
    return { run: async () => fakeRun({ figures: figs }) };
  };
  const p = runGraphite(base, { callModel, sandbox });
  while (asked < 2) await new Promise((r) => setImmediate(r));
  // both coders are being asked and neither has answered: the sandbox was already asked for
  assert.equal(sandboxCalls >= 1, true);
  assert.equal(sandboxAskedWhileHeld, 0);
  while (held.length) held.shift()!();
  while (asked < 3) await new Promise((r) => setImmediate(r));
  while (held.length) held.shift()!();
  const r = await p;
  // each chart's faithfulness is the check's own verdict, computed in the worker
  const expected = checkFaithfulness(readCsv(csv), figs);
  assert.deepEqual(r.charts.a.faithfulness, expected);
  assert.deepEqual(r.charts.b.faithfulness, expected);
});

test("a sandbox that cannot start when graphite() starts fails the run at Executing with its sentence, not before", async () => {
  let calls = 0;
  const callModel: GraphiteDeps["callModel"] = async (req) =>
    callResult(req, req.slotName === "judge" ? JUDGE : CODE, { latencyMs: 1, promptSha256: "0".repeat(64) });
  const sandbox: GraphiteDeps["sandbox"] = async () => {
    calls++;
    throw new Error("duellab sandbox: python3 was not found");
  };
  await assert.rejects(
    runGraphite(base, { callModel, sandbox }),
    /Graphite stopped at "Executing": The sandbox could not run chart A's code: duellab sandbox: python3 was not found/,
  );
  assert.equal(calls >= 2, true, "asked once at the start and again by the executing stage");
});
