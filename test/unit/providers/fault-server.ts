// A loopback OpenAI-compatible server whose every route misbehaves on purpose. Each scenario lives
// under its own path prefix (`${url}/<scenario>/v1`), so one server serves a whole test file.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Hit {
  scenario: string;
  path: string;
  at: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export type Scenario = (req: { hit: Hit; n: number }, res: http.ServerResponse) => void;

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function completion(
  content: string | null,
  extra: { message?: Record<string, unknown>; usage?: Record<string, unknown>; finish?: string; top?: Record<string, unknown> } = {},
): unknown {
  return {
    id: "x",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content, ...extra.message }, finish_reason: extra.finish ?? "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, ...extra.usage },
    ...extra.top,
  };
}

export async function startFaultServer(
  scenarios: Record<string, Scenario>,
): Promise<{ base: (s: string) => string; hits: (s: string) => Hit[]; close: () => Promise<void> }> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const [, scenario = "", ...rest] = (req.url ?? "").split("/");
      let body: Record<string, unknown> | null = null;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : null;
      } catch {
        body = null;
      }
      const hit: Hit = { scenario, path: "/" + rest.join("/"), at: Date.now(), headers: req.headers, body };
      hits.push(hit);
      const fn = scenarios[scenario];
      if (!fn) return json(res, 500, { error: { message: `no scenario ${scenario}` } });
      fn({ hit, n: hits.filter((h) => h.scenario === scenario && h.path === hit.path).length }, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    base: (s) => `http://127.0.0.1:${port}/${s}/v1`,
    hits: (s) => hits.filter((h) => h.scenario === s),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A port nothing listens on: bind one, then close it. */
export async function deadPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

let n = 0;
/** A prompt no other call in this process has sent (the ledger refuses repeats). */
export function fresh(text = "hello"): string {
  return `${text}\n[run-nonce: test-${process.pid}-${++n}-${Math.random().toString(36).slice(2)}]`;
}
