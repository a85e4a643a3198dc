// Both runs are assembled from one RunDeps: the same fields (clock, ids, nonce, model client,
// sandbox, live run) replace the real ones in weave and graphite alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { weaveWith } from "../../../src/lib/weave/run";
import { runGraphite } from "../../../src/lib/graphite/run";
import { runDeps, type RunDeps } from "../../../src/lib/run/deps";
import { startLiveRun } from "../../../src/lib/run/live";
import type { SandboxRun } from "../../../src/lib/schema/sandbox";
import { callResult } from "../support/fake-client";

const slot = (model: string) => ({ provider: "custom" as const, baseUrl: "http://127.0.0.1:9/v1", model });

function fixed(callModel: RunDeps["callModel"], sandbox?: RunDeps["sandbox"]): { deps: RunDeps; views: string[] } {
  const views: string[] = [];
  let t = Date.parse("2026-01-02T03:04:05.000Z");
  const deps = runDeps({
    callModel,
    ...(sandbox ? { sandbox } : {}),
    now: () => (t += 10),
    newRunId: () => "run-0001",
    newNonce: () => "feedfacecafebeef",
    startLive: (o) => {
      views.push(o.view);
      return startLiveRun({ ...o, display: false });
    },
  });
  return { deps, views };
}

test("weave takes its clock, run id, nonce, client and live run from the RunDeps", async () => {
  const { deps, views } = fixed(async (req) => {
    if (req.slotName === "judge") return callResult(req, req.role.startsWith("judge-extract") ? '["One claim."]' : '{"pairs":[]}');
    return callResult(req, "One claim.");
  });
  const r = await weaveWith({ question: "Why?", a: slot("m-a"), b: slot("m-b"), judge: slot("m-j") }, deps);
  assert.deepEqual(views, ["weave"]);
  assert.equal(r.runId, "run-0001");
  assert.equal(r.nonce, "feedfacecafebeef");
  assert.equal(r.createdAt, "2026-01-02T03:04:05.010Z");
  assert.ok(r.prompts.every((p) => p.text.includes("[run-nonce: feedfacecafebeef]")));
  assert.equal(r.timings.totalMs, 10, "the total is measured on the injected clock");
});

test("graphite takes the same fields, and its sandbox, from the RunDeps", async () => {
  const ran: string[] = [];
  const sandboxRun: SandboxRun = {
    status: "error",
    pngs: [],
    figures: [],
    stdout: "",
    stderr: "",
    traceback: "Traceback: boom",
    violations: [],
    durationMs: 1,
    layers: {},
    notes: [],
  };
  const { deps, views } = fixed(
    async (req) =>
      callResult(
        req,
        req.slotName === "judge" ? '{"a":{"insight":5,"clarity":5,"verdict":"ok"},"b":{"insight":5,"clarity":5,"verdict":"ok"},"ship":"neither"}' : "print(1)",
      ),
    async () => ({ run: async (q) => (ran.push(q.code), sandboxRun) }),
  );
  const r = await runGraphite({ csv: "x,y\n1,2\n3,4\n", question: "Trend?", a: slot("m-a"), b: slot("m-b"), judge: slot("m-j") }, deps);
  assert.deepEqual(views, ["graphite"]);
  assert.deepEqual(
    ran.map((c) => c.trim()),
    ["print(1)", "print(1)"],
  );
  assert.equal(r.runId, "run-0001");
  assert.equal(r.nonce, "feedfacecafebeef");
  assert.equal(r.createdAt, "2026-01-02T03:04:05.010Z");
  assert.ok(r.prompts.every((p) => p.text.includes("[run-nonce: feedfacecafebeef]")));
  assert.equal(r.timings.totalMs, 10);
});
