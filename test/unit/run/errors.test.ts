// The error model at the public edge: a run that does not finish throws a RunError that says which
// run, which stage and why, keeping what failed underneath as `cause`; a batch retries on that
// cause's kind; input errors share InputError; the client without the demo loaded says so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runWeave, WeaveInputError, type WeaveOptions } from "../../../src/lib/weave/run";
import { runGraphite, GraphiteInputError } from "../../../src/lib/graphite/run";
import { runWeaveMany } from "../../../src/lib/batch/weave-many";
import { BatchInputError } from "../../../src/lib/batch/tasks";
import { SlotError, parseSlot } from "../../../src/lib/slot/slot";
import { InputError, RunError, SandboxError } from "../../../src/lib/index";
import { causeKind, errorKind, errorRecord, errorText } from "../../../src/lib/errors/record";
import { resolveBaseUrl } from "../../../src/lib/providers/base-url";
import { callResult, FakeProviderError } from "../support/fake-client";

const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };

const slot = (model: string) => ({ provider: "custom" as const, baseUrl: "http://127.0.0.1:9/v1", model });
const weaveOptions = (signal?: AbortSignal): WeaveOptions => ({
  question: "Monolith or microservices?",
  a: slot("m-a"),
  b: slot("m-b"),
  judge: slot("m-j"),
  display: false,
  signal,
});

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  assert.fail("the run did not throw");
}

test("a weave side that fails: RunError naming weave, the asking stage, stage-failed, the provider error as cause", async () => {
  const providerError = new FakeProviderError("rate-limit", "slot a (custom, model m-a): rate limited (429).");
  const e = await caught(runWeave(weaveOptions(), async (req) => (req.role === "A" ? Promise.reject(providerError) : callResult(req, "An answer."))));
  assert.ok(e instanceof RunError);
  assert.equal(e.run, "weave");
  assert.equal(e.stage, "asking");
  assert.equal(e.reason, "stage-failed");
  assert.equal(e.cause, providerError);
  assert.equal(e.message, 'Weave stopped at "Asking": Model A could not answer: slot a (custom, model m-a): rate limited (429).');
  // The printed line is the one a notebook has always shown.
  assert.match(String(e), /^Error: Weave stopped at "Asking"/);
  assert.equal(causeKind(e), "rate-limit");
});

test("a cancelled weave: RunError with reason cancelled and the stage it was in", async () => {
  const controller = new AbortController();
  const e = await caught(
    runWeave(weaveOptions(controller.signal), async (req) => {
      if (req.slotName !== "judge") return callResult(req, "An answer.");
      controller.abort();
      throw new FakeProviderError("aborted", "the call was cancelled.");
    }),
  );
  assert.ok(e instanceof RunError);
  assert.deepEqual([e.run, e.stage, e.reason], ["weave", "extracting", "cancelled"]);
  assert.equal(e.message, "Weave was cancelled while extracting claims.");
});

test("graphite whose sandbox fails: RunError at executing with the sandbox's error as cause", async () => {
  const sandboxError = new SandboxError("crashed", "duellab sandbox: the sandbox process was killed by SIGKILL.");
  const e = await caught(
    runGraphite(
      { csv: "x,y\n1,2\n3,4\n", question: "Trend?", a: slot("m-a"), b: slot("m-b"), judge: slot("m-j"), display: false },
      {
        callModel: async (req) => callResult(req, "import matplotlib.pyplot as plt\nplt.plot([1, 2])"),
        sandbox: async () => ({ run: async () => Promise.reject(sandboxError) }),
      },
    ),
  );
  assert.ok(e instanceof RunError);
  assert.deepEqual([e.run, e.stage, e.reason], ["graphite", "executing", "stage-failed"]);
  assert.equal(e.cause, sandboxError);
  assert.match(
    e.message,
    /^Graphite stopped at "Executing": The sandbox could not run chart A's code: duellab sandbox: the sandbox process was killed by SIGKILL\.$/,
  );
  assert.equal(causeKind(e), "crashed");
});

test("a repair whose model call fails: RunError naming the repair, its stage, and the provider error", async () => {
  const crashed = {
    status: "error" as const,
    pngs: [],
    figures: [],
    stdout: "",
    stderr: "",
    traceback: "KeyError: 'x'",
    violations: [],
    durationMs: 1,
    layers: {},
    notes: [],
  };
  const providerError = new FakeProviderError("rate-limit", "Slot a (custom, model m-a): rate limited (429).");
  const r = await runGraphite(
    { csv: "x,y\n1,2\n3,4\n", question: "Trend?", a: slot("m-a"), b: slot("m-b"), judge: slot("m-j"), display: false },
    {
      callModel: async (req) => {
        if (req.role === "A-repair") throw providerError;
        return callResult(
          req,
          req.slotName === "judge"
            ? '{"a":{"insight":1,"clarity":1,"verdict":"crashed"},"b":{"insight":1,"clarity":1,"verdict":"crashed"},"ship":"neither"}'
            : "print(1)",
        );
      },
      sandbox: async () => ({ run: async () => crashed }),
    },
  );
  const e = await caught(r.repair("a"));
  assert.ok(e instanceof RunError);
  assert.deepEqual([e.run, e.stage, e.reason], ["repair", "asking", "stage-failed"]);
  assert.equal(e.cause, providerError);
  assert.equal(e.message, "The repair of chart A failed while asking: Slot a (custom, model m-a): rate limited (429).");
});

test("a batch retries an item on the kind its RunError's cause carries, and not on others", async () => {
  for (const [kind, expected] of [
    ["rate-limit", 2],
    ["auth", 1],
  ] as const) {
    let tries = 0;
    const r = await runWeaveMany(
      ["Q?"],
      { a: slot("m-a"), b: slot("m-b"), judge: slot("m-j"), display: false, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } },
      {
        callModel: async (req) => {
          if (req.role === "A") tries++;
          if (req.role === "A") throw new FakeProviderError(kind, `slot a (custom, model m-a): ${kind}.`);
          return callResult(req, "An answer.");
        },
        sleep: async () => undefined,
      },
    );
    assert.equal(tries, expected, kind);
    assert.equal(r.items[0]!.status, "failed");
    assert.match(r.items[0]!.error!, /^Weave stopped at "Asking": Model A could not answer/);
  }
});

test("input errors share InputError and keep their own names and sentences", async () => {
  await assert.rejects(
    runWeave({ ...weaveOptions(), question: " " }, async () => assert.fail("nothing is called")),
    (e: unknown) => e instanceof WeaveInputError && e instanceof InputError && e.name === "WeaveInputError",
  );
  await assert.rejects(
    runGraphite(
      { csv: "x,y\n1,2\n3,4\n", question: " ", a: slot("a"), b: slot("b"), judge: slot("j") },
      { callModel: async () => assert.fail(), sandbox: async () => assert.fail() },
    ),
    (e: unknown) => e instanceof GraphiteInputError && e instanceof InputError,
  );
  assert.throws(
    () => parseSlot("a", undefined),
    (e: unknown) => e instanceof SlotError && e instanceof InputError && e.name === "SlotError",
  );
  assert.ok(new BatchInputError("x") instanceof InputError);
});

test("the error helpers read any thrown value the same way", () => {
  const rec = { role: "A", slot: "a", model: "m", usage, reasoningTokens: null, finishReason: null, latencyMs: 3, retriedEmpty: false, error: "x" };
  assert.equal(errorKind(Object.assign(new Error("x"), { kind: "server" })), "server");
  assert.equal(errorKind("plain"), undefined);
  assert.equal(errorText(new Error("one sentence.")), "one sentence.");
  assert.equal(errorText(42), "42");
  assert.deepEqual(errorRecord(Object.assign(new Error("x"), { record: rec })), rec);
  assert.equal(errorRecord(new Error("x")), null);
  const nested = new RunError({
    run: "batch",
    stage: null,
    reason: "internal",
    message: "m",
    cause: new RunError({ run: "weave", stage: "asking", reason: "stage-failed", message: "m", cause: new FakeProviderError("server", "500") }),
  });
  assert.equal(causeKind(nested), "server");
});

test("a demo slot whose server is not loaded says so in one sentence instead of calling a .invalid host", async () => {
  // This file never loads demo/server directly, but the run shells do: the seam is filled.
  const s = parseSlot("a", { provider: "demo", model: "atlas" });
  assert.match(await resolveBaseUrl(s), /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  const other = { ...s, baseUrl: "http://other-demo.invalid/v1" };
  await assert.rejects(
    resolveBaseUrl(other),
    /^Error: The demo provider is not loaded: import duellab \(or its demo\/server module\) before calling a demo slot, or pass its baseUrl\.$/,
  );
});

test("the sandbox client's own failures are SandboxErrors with a kind, and keep their one sentence", async () => {
  const { Sandbox } = await import("../../../src/lib/sandbox/sandbox");
  await assert.rejects(Sandbox.start({ python: "/nonexistent/python" }), (e: unknown) => {
    assert.ok(e instanceof SandboxError, String(e));
    assert.equal(e.kind, "start");
    assert.equal(errorKind(e), "start");
    assert.match(e.message, /^duellab sandbox: no Python at \/nonexistent\/python; run `npx duellab setup`/);
    return true;
  });
});
