// Calls at once, timed side by side: one call against several concurrent ones, through the real
// client, first to the demo server with a fixed latency, then to a plain loopback server that
// answers after 300 ms. 1.0× means the calls overlapped fully; N× means they ran one after another.
// The tests assert only that the calls are at the server together (held there); how much time
// that saves depends on the machine, so it is measured here.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { callModel } from "../src/lib/providers/client";
import { DEMO_QUESTIONS } from "../src/lib/demo/questions";
import { startDemoServer } from "../src/lib/demo/server";
import { parseSlot } from "../src/lib/slot/slot";

const ROUNDS = 5;
let n = 0;
const ask = (baseUrl: string, model: string) =>
  callModel({
    slotName: "a",
    slot: parseSlot("a", { provider: "custom", baseUrl, model }),
    role: "A",
    messages: [{ role: "user", content: `${DEMO_QUESTIONS[0]}\n\n[run-nonce: bench-${process.pid}-${++n}]` }],
    maxTokens: 1600,
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function ratio(baseUrl: string, model: string, k: number): Promise<{ one: number; many: number }> {
  const one: number[] = [],
    many: number[] = [];
  await ask(baseUrl, model); // warm the connection and the modules
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await ask(baseUrl, model);
    one.push(performance.now() - t);
    t = performance.now();
    await Promise.all(Array.from({ length: k }, () => ask(baseUrl, model)));
    many.push(performance.now() - t);
  }
  return { one: median(one), many: median(many) };
}

async function main(): Promise<number> {
  const demo = await startDemoServer({ latencyMs: 250 });
  const plain = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const body = JSON.stringify({
        id: "b",
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(body), 300);
    });
  });
  await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
  try {
    const d = await ratio(demo.url, "atlas", 3);
    console.log(
      `demo server, every call 250 ms: one ${d.one.toFixed(0)} ms, three at once ${d.many.toFixed(0)} ms = ${(d.many / d.one).toFixed(2)}× one (1.0 = full overlap, 3.0 = one after another; median of ${ROUNDS})`,
    );
    const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/v1`;
    const c = await ratio(url, "m", 6);
    console.log(
      `client, server answers after 300 ms: one ${c.one.toFixed(0)} ms, six at once ${c.many.toFixed(0)} ms = ${(c.many / c.one).toFixed(2)}× one (1.0 = full overlap, 6.0 = one after another; median of ${ROUNDS})`,
    );
    return 0;
  } finally {
    await demo.close();
    plain.closeAllConnections();
    plain.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`concurrency bench: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
