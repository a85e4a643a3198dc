// Client overhead per call: callModel (validation, ledger, retries, reasoning destruction, records)
// against a bare undici request to the same loopback server, measured side by side in one run.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { Agent, request } from "undici";
import { callModel } from "../src/lib/providers/client";
import { parseSlot } from "../src/lib/slot/slot";
import { DEMO_QUESTIONS } from "../src/lib/demo/questions";
// Loading the demo server registers the demo provider with the client (providers/base-url.ts).
import "../src/lib/demo/server";

const BODY = JSON.stringify({
  id: "bench",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", content: "A short answer of a few words.", reasoning_content: "hidden" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 20, completion_tokens: 8, total_tokens: 28, completion_tokens_details: { reasoning_tokens: 3 } },
});

async function main(): Promise<void> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(BODY) });
      res.end(BODY);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const agent = new Agent({ keepAliveTimeout: 4_000 });
  const slot = parseSlot("a", { provider: "custom", model: "bench", baseUrl: base });
  let n = 0;

  const bare = async () => {
    const res = await request(`${base}/chat/completions`, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "bench", messages: [{ role: "user", content: `q ${++n}` }], max_tokens: 1600 }),
    });
    const j = (await res.body.json()) as { choices: Array<{ message: { content: string } }> };
    if (!j.choices[0]!.message.content) throw new Error("bare request read no content");
  };
  const client = async () => {
    const r = await callModel({ slotName: "a", slot, role: "bench", messages: [{ role: "user", content: `q ${++n} [run-nonce: bench]` }], maxTokens: 1600 });
    if (!r.content) throw new Error("client read no content");
  };

  const time = async (fn: () => Promise<void>, calls: number): Promise<number> => {
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await fn();
    return (performance.now() - t0) / calls;
  };

  // Warm both paths (JIT, keep-alive sockets), then alternate rounds so both see the same box.
  await time(bare, 50);
  await time(client, 50);
  const rounds = 6;
  const per = 150;
  const bareMs: number[] = [];
  const clientMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    bareMs.push(await time(bare, per));
    clientMs.push(await time(client, per));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const b = median(bareMs);
  const c = median(clientMs);
  console.log(`sequential calls to a loopback server, ${rounds} alternating rounds of ${per} calls each`);
  console.log(`  bare undici request:  ${(b * 1000).toFixed(0)} µs per call (median round)`);
  console.log(`  callModel():          ${(c * 1000).toFixed(0)} µs per call (median round)`);
  console.log(`  client overhead:      ${((c - b) * 1000).toFixed(0)} µs per call; ratio callModel / bare = ${(c / b).toFixed(2)}×`);

  // Concurrency: 8 calls in flight at once, same comparison.
  const burst = async (fn: () => Promise<void>) => {
    const t0 = performance.now();
    for (let i = 0; i < 40; i++) await Promise.all(Array.from({ length: 8 }, fn));
    return (performance.now() - t0) / 320;
  };
  const bb = await burst(bare);
  const cb = await burst(client);
  console.log(`8 concurrent calls: bare ${(bb * 1000).toFixed(0)} µs, callModel ${(cb * 1000).toFixed(0)} µs per call; ratio ${(cb / bb).toFixed(2)}×`);

  // For scale: the demo server's persona work (answer + claim lookup) through the same client.
  const demo = parseSlot("a", { provider: "demo", model: "atlas" });
  const tDemo = await time(async () => {
    await callModel({
      slotName: "a",
      slot: demo,
      role: "bench-demo",
      messages: [{ role: "user", content: `${DEMO_QUESTIONS[0]}\n\n[run-nonce: bench-${++n}]` }],
      maxTokens: 1600,
    });
  }, 200);
  console.log(`demo persona "atlas" through callModel: ${(tDemo * 1000).toFixed(0)} µs per call`);

  await agent.close();
  await new Promise<void>((r) => server.close(() => r()));
}

main().catch((e) => {
  console.error(`client benchmark could not run: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
