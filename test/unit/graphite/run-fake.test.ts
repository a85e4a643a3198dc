// graphite() with scripted models: bad model output on the real sandbox (prose, an endless loop,
// megabytes of print, a fake PNG), and every failure path with a scripted sandbox (a slot that
// fails, both failing, the sandbox failing, a judge that throws, cancel), plus the widget's
// repair button round trip through a recording live run.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import util from "node:util";
import { runGraphite, graphite } from "../../../src/lib/graphite/run";
import type { GraphiteDeps } from "../../../src/lib/graphite/session";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import type { CallRequest } from "../../../src/lib/providers/contract";
import { startLiveRun, type LiveRun } from "../../../src/lib/run/live";
import { sharedSandbox } from "../../../src/lib/sandbox/sandbox";
import type { SandboxRun } from "../../../src/lib/schema/sandbox";
import type { ViewEvent } from "../../../src/lib/schema/widget";
import { run as fakeRun, figure, series } from "./make";
import { callResult } from "../support/fake-client";

/** Waits for a state, however long the machine takes (the test's own timeout bounds a hang). */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((res) => setTimeout(res, 10));
}

const csv = buildLogCsv();
const slot = (model: string) => ({ provider: "demo" as const, model });
const base = { csv, question: "What changed?", a: slot("x"), b: slot("y"), judge: slot("judge"), display: false };
const GOOD_JUDGE = '{"a":{"insight":4,"clarity":5,"verdict":"ok"},"b":{"insight":7,"clarity":8,"verdict":"better"},"ship":"b"}';
const WORKING =
  'import pandas as pd\nimport matplotlib.pyplot as plt\ndf = pd.read_csv("data.csv")\nfig, ax = plt.subplots()\nax.plot(df["build_seconds"])\nfig.savefig("chart.png")\n';

type Script = (req: CallRequest) => string | Error | Promise<string>;
function models(script: Script): GraphiteDeps["callModel"] {
  return async (req) => {
    const out = await script(req);
    if (out instanceof Error) throw out;
    return callResult(req, out, { usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 }, latencyMs: 5, promptSha256: "0".repeat(64) });
  };
}
const coders =
  (a: string | Error, b: string | Error, judge: string | Error = GOOD_JUDGE): Script =>
  (req) =>
    req.slotName === "a" ? a : req.slotName === "b" ? b : judge;

function providerError(kind: string, message: string): Error {
  return Object.assign(new Error(message), { kind });
}

/** A sandbox that answers from a table keyed by a marker in the code. */
function scriptedSandbox(answer: (code: string) => SandboxRun | Error): GraphiteDeps["sandbox"] {
  return async () => ({
    run: async (req) => {
      const out = answer(req.code);
      if (out instanceof Error) throw out;
      return out;
    },
  });
}
const okRun = () => fakeRun({ figures: [figure([series({ x: [0, 1], y: [1, 2] })])] });

after(async () => {
  await (await sharedSandbox()).close();
});

test("bad input: no CSV, empty question, bad slot: one clear sentence each, nothing started", async () => {
  await assert.rejects(
    graphite({ ...base, csv: undefined as never }),
    /^CsvError: graphite needs a CSV: pass csv: buildLogCsv\(\), CSV text, or \{ path: "data\.csv" \}\.$/m,
  );
  await assert.rejects(graphite({ ...base, question: "  " }), /The question is empty: pass question: "\.\.\." saying what the chart should help decide\./);
  await assert.rejects(graphite({ ...base, judge: undefined as never }), /Slot judge is missing/);
  await assert.rejects(graphite(null as never), /graphite\(\) needs an options object/);
});

test("real sandbox: prose instead of code is labelled and fails as Python; an endless loop is killed at the limit", async () => {
  const deps: GraphiteDeps = {
    callModel: models(coders("I would draw a line chart of build time per stack, with the cache cut-over marked.", "while True:\n    pass\n")),
    sandbox: sharedSandbox,
  };
  const r = await runGraphite({ ...base, timeoutMs: 1500 }, deps);
  assert.ok(r.warnings.includes("Model A returned prose instead of code; it was run as-is, so Python reports the failure."));
  assert.equal(r.charts.a.run.status, "error");
  assert.match(r.charts.a.run.traceback!, /SyntaxError/);
  assert.equal(r.charts.b.run.status, "timeout");
  // An endless loop only ends by the kill, so status "timeout" is the proof; the lower bound says
  // it ran to the limit. The upper bound only catches a limit read in the wrong unit (1500 s), not
  // how fast the machine reaps a process.
  assert.ok(r.charts.b.run.durationMs >= 1400 && r.charts.b.run.durationMs < 60_000, `killed after ${r.charts.b.run.durationMs} ms`);
  assert.match(r.judge!.factsText, /CHART B — measured properties of the rendered figure:\n- status: timeout\n/);
});

test("real sandbox: megabytes of print are capped and noted; a fake PNG is refused with a note", async () => {
  const flood = 'import sys\nfor i in range(200000):\n    print("x" * 60)\n' + WORKING;
  const fakePng = 'import sys\nsys.stdout.buffer.write(b"\\x89PNG\\r\\n\\x1a\\n" + b"not really a png" * 10)\n';
  const r = await runGraphite(base, { callModel: models(coders(flood, fakePng)), sandbox: sharedSandbox });
  assert.ok(r.charts.a.run.stdout.length <= 65536, `stdout kept: ${r.charts.a.run.stdout.length} chars`);
  assert.match(r.charts.a.run.notes.join(" "), /stdout was cut at \d+ bytes \(it wrote \d+\)/);
  assert.ok(
    r.warnings.some((w) => /^Chart A: stdout was cut at/.test(w)),
    "the note reaches the result's warnings",
  );
  assert.equal(r.charts.b.run.pngs.length, 0);
  assert.equal(r.charts.b.run.status, "no-figure");
  assert.ok(
    r.warnings.some((w) => /^Chart B: .*not a valid PNG.*refused/.test(w)),
    r.warnings.join(" | "),
  );
  assert.match(String(r), /^Graphite /);
});

test("one slot fails: that chart says why, the other is run and judged", async () => {
  const r = await runGraphite(base, {
    callModel: models(coders(providerError("unreachable", "Cannot reach http://127.0.0.1:11434 — is the local provider running? (slot a)"), WORKING)),
    sandbox: scriptedSandbox(() => okRun()),
  });
  assert.equal(r.charts.a.error, "Cannot reach http://127.0.0.1:11434 — is the local provider running? (slot a)");
  assert.equal(r.charts.a.run.notes[0], "not run: the model could not be asked");
  assert.equal(r.charts.b.run.status, "ok");
  assert.ok(r.warnings.some((w) => w.startsWith("Model A could not be asked, so chart A is missing: Cannot reach")));
  assert.match(
    r.judge!.factsText,
    /CHART A — measured properties of the rendered figure:\n- status: error\n- note: the model could not be asked \(Cannot reach/,
  );
  assert.match(util.inspect(r), /A x: insight 4, clarity 5, not asked · B y: insight 7, clarity 8, OK/);
  await assert.rejects(r.repair("a"), /Chart A has no code to repair: model A could not be asked \(Cannot reach .*\)\. Run graphite\(\) again\./);
});

test("both slots fail: the run stops at Asking with both reasons", async () => {
  let live: LiveRun | null = null;
  await assert.rejects(
    runGraphite(base, {
      callModel: models(
        coders(providerError("auth", "Slot a (openai, model m): the key was refused."), providerError("timeout", "Slot b: no answer within 120 s.")),
      ),
      sandbox: scriptedSandbox(() => okRun()),
      startLive: (o) => (live = startLiveRun(o)),
    }),
    /^Error: Graphite stopped at "Asking": Neither model could be asked: Model A: Slot a \(openai, model m\): the key was refused\. Model B: Slot b: no answer within 120 s\.$/m,
  );
  assert.equal(live!.tracker.state.status, "error");
  assert.equal(live!.tracker.state.error!.stage, "Asking");
});

test("the sandbox itself failing stops the run at Executing, naming the chart", async () => {
  await assert.rejects(
    runGraphite(base, {
      callModel: models(coders(WORKING, WORKING)),
      sandbox: scriptedSandbox(() => new Error("duellab sandbox: the sandbox process was killed by SIGKILL during the run")),
    }),
    /Graphite stopped at "Executing": The sandbox could not run chart A's code: duellab sandbox: the sandbox process was killed by SIGKILL/,
  );
});

test("a judge that throws twice: labelled fallback, scores n/a, ship neither, nothing thrown", async () => {
  const r = await runGraphite(base, {
    callModel: models(coders(WORKING, WORKING, providerError("server", "Slot judge: the server answered 500 three times."))),
    sandbox: scriptedSandbox(() => okRun()),
  });
  assert.equal(r.judge!.parseMode, "fallback-none");
  assert.equal(r.judge!.ship, "neither");
  assert.equal(r.judge!.scores.a.insight, null);
  assert.match(r.judge!.failure!, /attempt 1: the judge call failed: Slot judge: the server answered 500 three times\.; attempt 2:/);
  assert.match(util.inspect(r), /^Graphite ship neither · A x: insight n\/a, clarity n\/a, OK · B y: insight n\/a, clarity n\/a, OK · judge: fallback-none$/);
  assert.ok(r.warnings.some((w) => w.startsWith("Judge fallback: no usable scores")));
});

test("a judge retry sends a different prompt ([attempt: 2]) and is labelled json-retry", async () => {
  const judgePrompts: string[] = [];
  const r = await runGraphite(base, {
    callModel: models((req) => {
      if (req.slotName !== "judge") return WORKING;
      judgePrompts.push(req.messages.at(-1)!.content);
      assert.equal(req.temperature, 0);
      assert.equal(req.maxTokens, 1200);
      assert.equal(req.messages[0]!.content, "You are a strict JSON API. Output only valid JSON.");
      return judgePrompts.length === 1 ? "I cannot decide." : GOOD_JUDGE;
    }),
    sandbox: scriptedSandbox(() => okRun()),
  });
  assert.equal(r.judge!.parseMode, "json-retry");
  assert.equal(judgePrompts.length, 2);
  assert.ok(judgePrompts[1]!.endsWith("\n[attempt: 2]"));
  assert.ok(!judgePrompts[0]!.includes("[attempt: 2]"));
});

test("coders get max_tokens 1600 and the slot's temperature; A and B the same bytes", async () => {
  const seen: CallRequest[] = [];
  await runGraphite(
    { ...base, a: { ...slot("x"), temperature: 0 } },
    {
      callModel: models((req) => (seen.push(req), req.slotName === "judge" ? GOOD_JUDGE : WORKING)),
      sandbox: scriptedSandbox(() => okRun()),
    },
  );
  const [a, b] = [seen.find((r) => r.slotName === "a")!, seen.find((r) => r.slotName === "b")!];
  assert.equal(a.maxTokens, 1600);
  assert.equal(b.maxTokens, 1600);
  assert.equal(a.temperature, 0);
  assert.equal(b.temperature, undefined);
  assert.equal(a.messages.length, 1);
  assert.equal(a.messages[0]!.content, b.messages[0]!.content);
  assert.equal(a.role, "A");
  assert.equal(b.role, "B");
});

test("cancel while asking: the run ends cancelled with a clear sentence", async () => {
  const ac = new AbortController();
  // The cancel lands once the run is asking (a model call is in flight), not after a guessed delay.
  const callModel: GraphiteDeps["callModel"] = (req) =>
    new Promise((_, reject) => {
      req.signal!.addEventListener("abort", () => reject(providerError("aborted", "cancelled")), { once: true });
      setImmediate(() => ac.abort());
    });
  const p = runGraphite({ ...base, signal: ac.signal }, { callModel, sandbox: scriptedSandbox(() => okRun()) });
  await assert.rejects(p, /^Error: Graphite was cancelled while asking\.$/m);
});

test("the widget's repair button: a view event runs the repair, pending shows it, the new state is published", { timeout: 60_000 }, async () => {
  const published: any[] = [];
  const pendings: string[][] = [];
  let handler: ((e: ViewEvent) => void) | null = null;
  const startLive = (o: Parameters<typeof startLiveRun>[0]): LiveRun => {
    const real = startLiveRun(o);
    return {
      ...real,
      publish: (r) => published.push(r),
      setPending: (p) => pendings.push(p),
      onEvent: (h) => {
        const prev = handler;
        handler = (e) => (prev?.(e), h(e));
      },
    };
  };
  const crashing = 'import pandas as pd\ndf = pd.read_csv("data.csv")\ndf["language"]\n';
  const tb = "Traceback (most recent call last):\n  File \"snippet.py\", line 3, in <module>\nKeyError: 'language'\n";
  let repairPrompt = "";
  const r = await runGraphite(base, {
    callModel: models((req) => {
      if (req.slotName === "judge") return GOOD_JUDGE;
      if (req.role === "A-repair") return ((repairPrompt = req.messages[0]!.content), WORKING);
      return req.slotName === "a" ? crashing : WORKING;
    }),
    sandbox: scriptedSandbox((code) => (code.includes('df["language"]') ? fakeRun({ status: "error", pngs: [], traceback: tb }) : okRun())),
    startLive,
  });
  assert.equal(r.charts.a.run.status, "error");
  const before = published.length;
  handler!({ type: "repair", side: "a" });
  // Wait for the repair to start and end (pending goes ["repair-a"] then []).
  await until(() => pendings.length >= 2 && pendings.at(-1)!.length === 0);
  assert.deepEqual(pendings, [["repair-a"], []], "the button shows the repair running, then done");
  assert.ok(published.length > before);
  const last = published.at(-1);
  assert.equal(last.charts.a.run.status, "ok");
  assert.equal(last.charts.a.attempts.length, 2);
  assert.equal(last.judge.round, 2);
  assert.equal(typeof last.repair, "undefined", "published state is plain data");
  assert.ok(repairPrompt.includes(`It crashed with this Python traceback:\n\n${tb.trimEnd()}`));
  assert.equal(r.charts.a.run.status, "ok", "the kernel-side result object is updated too");
  // Two clicks while one repair runs join it instead of asking twice.
  const r2calls: string[] = [];
  const r2 = await runGraphite(base, {
    callModel: models((req) => (r2calls.push(req.role), req.slotName === "judge" ? GOOD_JUDGE : req.slotName === "a" && req.role === "A" ? crashing : WORKING)),
    sandbox: scriptedSandbox((code) => (code.includes('df["language"]') ? fakeRun({ status: "error", pngs: [], traceback: tb }) : okRun())),
  });
  await Promise.all([r2.repair("a"), r2.repair("a")]);
  assert.equal(r2calls.filter((c) => c === "A-repair").length, 1);
});

test("a repair pressed while the judge is still scoring waits for the run, then runs", { timeout: 60_000 }, async () => {
  let handler: ((e: ViewEvent) => void) | null = null;
  const pendings: string[][] = [];
  const startLive = (o: Parameters<typeof startLiveRun>[0]): LiveRun => ({
    ...startLiveRun(o),
    setPending: (p) => pendings.push(p),
    onEvent: (h) => {
      const prev = handler;
      handler = (e) => (prev?.(e), h(e));
    },
  });
  const crashing = 'import pandas as pd\ndf = pd.read_csv("data.csv")\ndf["language"]\n';
  let judged = 0;
  const r = await runGraphite(base, {
    callModel: models((req) => {
      if (req.slotName === "judge") {
        if (++judged === 1) handler!({ type: "repair", side: "a" }); // the click lands mid-judging
        return GOOD_JUDGE;
      }
      return req.role === "A" ? crashing : WORKING;
    }),
    sandbox: scriptedSandbox((code) =>
      code.includes('df["language"]') ? fakeRun({ status: "error", pngs: [], traceback: "Traceback\nKeyError: 'language'\n" }) : okRun(),
    ),
    startLive,
  });
  await until(() => pendings.length >= 2 && pendings.at(-1)!.length === 0);
  assert.deepEqual(pendings, [["repair-a"], []]);
  assert.deepEqual(
    r.charts.a.attempts.map((x) => x.run.status),
    ["error", "ok"],
  );
  assert.equal(r.judge!.round, 2);
});

test("a repair whose model call fails: the chart is unchanged, the header says why, the promise rejects with one sentence", async () => {
  let live: LiveRun | null = null;
  const crashing = 'import pandas as pd\ndf = pd.read_csv("data.csv")\ndf["language"]\n';
  const r = await runGraphite(base, {
    callModel: models((req) =>
      req.slotName === "judge"
        ? GOOD_JUDGE
        : req.role === "A-repair"
          ? providerError("rate-limit", "Slot a (demo, model x): rate limited (429) three times; wait a minute.")
          : req.slotName === "a"
            ? crashing
            : WORKING,
    ),
    sandbox: scriptedSandbox((code) =>
      code.includes('df["language"]') ? fakeRun({ status: "error", pngs: [], traceback: "Traceback\nKeyError: 'language'\n" }) : okRun(),
    ),
    startLive: (o) => (live = startLiveRun(o)),
  });
  await assert.rejects(
    r.repair("a"),
    /^Error: The repair of chart A failed while asking: Slot a \(demo, model x\): rate limited \(429\) three times; wait a minute\.$/m,
  );
  assert.equal(r.charts.a.attempts.length, 1);
  assert.equal(r.charts.a.run.status, "error");
  assert.equal(r.judge!.round, 1);
  assert.ok(r.warnings.at(-1)!.startsWith("The repair of chart A failed while asking: "));
  assert.equal(live!.tracker.state.status, "error");
  assert.match(live!.tracker.state.error!.message, /rate limited/);
  await assert.rejects(r.repair("c" as never), /repair\(\) takes "a" or "b" \(got "c"\)\./);
});

test("repair with the thinking switch: sent only for a slot that supports it (Particle, deepseek-*), recorded in the result", async () => {
  const crash = fakeRun({ status: "error", traceback: "Traceback (most recent call last):\nKeyError: 'language'\n", pngs: [] });
  const ok = fakeRun({ status: "ok" });
  const seen: { role: string; thinking: boolean | undefined; provider: string }[] = [];
  const callModel = models((req) => {
    seen.push({ role: req.role, thinking: req.slot.thinking, provider: req.slot.provider });
    if (req.slotName === "judge") return GOOD_JUDGE;
    return req.role.endsWith("-repair") ? WORKING : "CRASH";
  });
  const sandbox = scriptedSandbox((code) => (code.includes("CRASH") ? crash : ok));
  const particle = { provider: "particle" as const, model: "deepseek-v4.1-flash", apiKey: "sk-test-particle" };
  const r = await runGraphite(
    { ...base, a: particle, b: { provider: "openai" as const, model: "gpt-4o-mini", apiKey: "sk-test-openai" } },
    { callModel, sandbox },
  );
  assert.equal(r.charts.a.run.status, "error");
  await r.repair("a", { thinking: false });
  await r.repair("b", { thinking: false });
  const repairA = seen.find((s) => s.role === "A-repair")!;
  const repairB = seen.find((s) => s.role === "B-repair")!;
  assert.equal(repairA.thinking, false, "the capable slot's repair call asks for no thinking");
  assert.equal(repairB.thinking, undefined, "a slot without the capability never gets the flag");
  assert.equal(r.slots.a!.thinking, false, "the result records the slot as it was last called");
  assert.equal(r.slots.b!.thinking, null);
  assert.ok(!JSON.stringify(r).includes("sk-test-"), "no key in the result");
});
