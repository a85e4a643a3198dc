// Every demo persona, called through the real client and the real loopback server.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { callModel, ProviderError } from "../../../src/lib/providers/client";
import { CLAIM_BANK } from "../../../src/lib/demo/claims";
import { HIDDEN_MARKER, DEMO_MODELS } from "../../../src/lib/demo/personas";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { startDemoServer } from "../../../src/lib/demo/server";
import { parseSlot } from "../../../src/lib/slot/slot";

let n = 0;
const nonce = () => `demo-test-${process.pid}-${++n}`;
async function ask(model: string, content: string, o: { maxTokens?: number; isJudge?: boolean; role?: string; baseUrl?: string } = {}) {
  const slot = parseSlot("a", o.baseUrl ? { provider: "custom", baseUrl: o.baseUrl, model } : { provider: "demo", model });
  const r = await callModel({
    slotName: "a",
    slot,
    role: o.role ?? `A-${model}`,
    messages: [
      { role: "system", content: "You are a strict JSON API. Output only valid JSON." },
      { role: "user", content },
    ],
    maxTokens: o.maxTokens ?? 1600,
    isJudge: o.isJudge,
  });
  assert.ok(!JSON.stringify(r).includes(HIDDEN_MARKER), `${model} leaked hidden reasoning`);
  return r;
}
const weavePrompt = (q: string) => `${q}\n\n[run-nonce: ${nonce()}]`;
const chartPrompt = (extra = "") =>
  `Here is data.csv (215 data rows).\n\nTask: Show what changed in build times.\n\nOutput only code.${extra}\n\n(run nonce: ${nonce()})`;

test("atlas, beacon and cedar answer the example questions with their bank claims", async () => {
  for (const bank of CLAIM_BANK) {
    for (const who of ["atlas", "beacon", "cedar"] as const) {
      const r = await ask(who, weavePrompt(bank.question));
      assert.equal(r.content.replace(/\s+/g, " "), bank.claims[who].join(" "));
    }
  }
});

test("the same question with a fresh nonce gives the same answer (deterministic, and not cached by prompt)", async () => {
  const a = await ask("atlas", weavePrompt(DEMO_QUESTIONS[0]!));
  const b = await ask("atlas", weavePrompt(DEMO_QUESTIONS[0]!));
  assert.equal(a.content, b.content);
  assert.notEqual(a.promptSha256, b.promptSha256);
});

test("any other question gets a short answer that says plainly it is a demo model", async () => {
  const r = await ask("beacon", weavePrompt("What is the capital of France?"));
  assert.match(r.content, /^This is beacon, an offline demo model built into duellab, not a real language model\./);
  assert.ok(r.content.length < 300);
});

test("reasoning tokens: nested field (atlas), top-level field (beacon), none → null (cedar)", async () => {
  const q = weavePrompt(DEMO_QUESTIONS[1]!);
  const [a, b, c] = await Promise.all([ask("atlas", q), ask("beacon", q), ask("cedar", q)]);
  assert.equal(typeof a.reasoningTokens, "number");
  assert.equal(typeof b.reasoningTokens, "number");
  assert.equal(c.reasoningTokens, null);
  assert.ok(a.usage.promptTokens! > 0 && a.usage.completionTokens! > a.reasoningTokens!);
});

test("judge personas answer over HTTP: clean JSON, messy JSON, unparseable prose", async () => {
  const answer = CLAIM_BANK[0]!.claims.cedar.join(" ");
  const p = (judge: string) =>
    `Split the following answer into atomic claims. Return a JSON array of strings, at most 12 items. No commentary.\nANSWER FROM MODEL A:\n"""\n${answer}\n"""\n[run-nonce: ${nonce()}-${judge}]`;
  const good = await ask("judge", p("judge"), { isJudge: true, role: "judge-extract-A" });
  assert.deepEqual(
    JSON.parse(good.content).claims.map((c: { claim: string; quote: string }) => c.quote === c.claim && c.claim),
    CLAIM_BANK[0]!.claims.cedar,
  );
  assert.equal(good.reasoningTokens, null);
  const messy = await ask("judge-messy", p("messy"), { isJudge: true, role: "judge-extract-A" });
  assert.match(messy.content, /^Sure! Here is the JSON:/);
  assert.equal(typeof messy.reasoningTokens, "number");
  const broken = await ask("judge-broken", p("broken"), { isJudge: true, role: "judge-extract-A" });
  assert.doesNotMatch(broken.content, /[[\]{}]/);
});

test("analyst: rolling mean, the 2025-01-15 cut-over marked, Swift called out, labelled; reports 87 reasoning tokens", async () => {
  const r = await ask("analyst", chartPrompt());
  for (const s of [
    'pd.read_csv("data.csv"',
    "rolling(",
    'axvline(pd.Timestamp("2025-01-15")',
    '"Swift"',
    "set_title(",
    "set_xlabel(",
    "set_ylabel(",
    "legend(",
    'savefig("chart.png")',
  ])
    assert.ok(r.content.includes(s), s);
  assert.equal(r.reasoningTokens, 87);
});

test("raw-bars: one bar per raw row, fenced like a chatty model; no reasoning count", async () => {
  const r = await ask("raw-bars", chartPrompt());
  assert.match(r.content, /^```python\n[\s\S]*ax\.bar\(range\(len\(df\)\), df\["build_seconds"\][\s\S]*\n```$/);
  assert.equal(r.reasoningTokens, null);
});

test("crasher: a KeyError on a missing column, fixed once shown the traceback", async () => {
  const first = await ask("crasher", chartPrompt());
  assert.match(first.content, /groupby\("language"\)/);
  const fixed = await ask(
    "crasher",
    chartPrompt("\n\nYour previous attempt was:\n...\nIt crashed with this Python traceback:\n\nKeyError: 'language'\n\nReturn corrected Python code only."),
    { role: "A-repair" },
  );
  assert.doesNotMatch(fixed.content, /"language"\)/);
  assert.match(fixed.content, /groupby\("stack"\)/);
});

test("overthinker: empty content at 1600 tokens, one doubled retry, then code; reasoning counted for both", async () => {
  const r = await ask("overthinker", chartPrompt());
  assert.equal(r.retriedEmpty, true);
  assert.equal(r.reasoningTokens, 1600 + 1210);
  assert.match(r.content, /savefig\(sys\.stdout\.buffer, format="png"\)/);
  const roomy = await ask("overthinker", chartPrompt(), { maxTokens: 2000 });
  assert.equal(roomy.retriedEmpty, false);
  assert.equal(roomy.reasoningTokens, 1210);
});

test("overthinker as a judge: the empty answer comes back empty, not retried", async () => {
  const r = await ask("overthinker", chartPrompt(), { isJudge: true, maxTokens: 1200, role: "judge" });
  assert.equal(r.content, "");
  assert.equal(r.finishReason, "length");
});

test("socket tries to import socket; liar's comments claim 9 axes, 42 colours and a legend but draw one line", async () => {
  assert.match((await ask("socket", chartPrompt())).content, /^import socket$/m);
  const liar = (await ask("liar", chartPrompt())).content;
  assert.match(liar, /9 axes, 42 distinct colours and a legend/);
  assert.equal(liar.match(/\.plot\(/g)?.length, 1);
  assert.doesNotMatch(liar, /\.legend\(|subplots\(\d/);
});

test("an unknown demo model is an unknown-model error listing the personas", async () => {
  await assert.rejects(ask("gpt-5", weavePrompt("hi")), (e: unknown) => {
    assert.ok(e instanceof ProviderError);
    assert.equal(e.kind, "unknown-model");
    assert.match(
      e.message,
      /^Slot a \(demo, model gpt-5\): the provider does not know model "gpt-5" \(HTTP 404: .*\)\. Models this provider lists: atlas, beacon, cedar, judge, judge-messy, judge-broken \(and 18 more\)\.$/,
    );
    return true;
  });
  assert.equal(DEMO_MODELS.length, 24);
});

test("a started server with a fixed latency: each call takes at least that long, concurrent calls overlap", { timeout: 60_000 }, async () => {
  const s = await startDemoServer({ latencyMs: 250 });
  after(() => s.close());
  const t0 = Date.now();
  await ask("cedar", weavePrompt(DEMO_QUESTIONS[0]!), { baseUrl: s.url });
  const one = Date.now() - t0;
  assert.ok(one >= 240, `one call took ${one} ms`);
  // Overlap without a stopwatch: all three calls are at the server at once (held there), and once
  // let go each still waits its full latency. The speed-up itself is measured by bench/concurrency.bench.ts.
  const hold = s.hold();
  const three = ["atlas", "beacon", "cedar"].map((m) => ask(m, weavePrompt(DEMO_QUESTIONS[1]!), { baseUrl: s.url }));
  await hold.arrived(3);
  const t1 = Date.now();
  hold.open();
  const ends = await Promise.all(three.map((p) => p.then(() => Date.now() - t1)));
  for (const ms of ends) assert.ok(ms >= 240, `a call answered ${ms} ms after release`);
});

test("DUELLAB_DEMO_LATENCY_MS sets the latency of a server started without one", async () => {
  const prev = process.env.DUELLAB_DEMO_LATENCY_MS;
  process.env.DUELLAB_DEMO_LATENCY_MS = "300";
  const s = await startDemoServer();
  if (prev === undefined) delete process.env.DUELLAB_DEMO_LATENCY_MS;
  else process.env.DUELLAB_DEMO_LATENCY_MS = prev;
  try {
    const t0 = Date.now();
    await ask("judge", weavePrompt("latency check"), { baseUrl: s.url, isJudge: true, role: "judge-latency" });
    assert.ok(Date.now() - t0 >= 290, `took ${Date.now() - t0} ms`);
  } finally {
    await s.close();
  }
});

test("cancelling a demo call that has not been answered stops it", { timeout: 60_000 }, async () => {
  const s = await startDemoServer({ latencyMs: 5_000 });
  try {
    // The answer is held until the test ends, so only the cancel can end the call.
    const hold = s.hold();
    const ctl = new AbortController();
    const slot = parseSlot("a", { provider: "custom", baseUrl: s.url, model: "atlas" });
    const p = callModel({
      slotName: "a",
      slot,
      role: "A",
      messages: [{ role: "user", content: weavePrompt(DEMO_QUESTIONS[0]!) }],
      maxTokens: 1600,
      signal: ctl.signal,
    });
    await hold.arrived(1);
    ctl.abort();
    await assert.rejects(p, (e: unknown) => e instanceof ProviderError && e.kind === "aborted");
  } finally {
    await s.close();
  }
});
