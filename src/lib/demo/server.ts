// The demo models behind a real OpenAI-compatible HTTP server on loopback, so a demo run goes
// through exactly the client code a real provider does. Started on demand, one per process.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Gate, type GateCall, type Hold } from "./gate";
import { completionBody, DEMO_MODELS, reply } from "./personas";
import { isStrict, strictRefusal } from "./strict";
import { registerBaseUrl } from "../providers/base-url";
import { PRESETS } from "../slot/presets";

export interface DemoServer {
  /** Base URL ending in /v1. */
  url: string;
  /** Holds the answers to matching calls until the test releases them (see gate.ts). */
  hold(match?: (c: GateCall) => boolean): Hold;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const notFound = (model: string) => ({
  error: {
    message: `The model "${model}" does not exist on the duellab demo server. Demo models: ${DEMO_MODELS.join(", ")}.`,
    type: "invalid_request_error",
    code: "model_not_found",
  },
});

function latencyFrom(o: { latencyMs?: number }): number {
  if (o.latencyMs !== undefined) return Math.max(0, o.latencyMs);
  const env = Number(process.env.DUELLAB_DEMO_LATENCY_MS);
  return Number.isFinite(env) && env > 0 ? env : 0;
}

let counter = 0;

function handler(latencyMs: number, gate: Gate): http.RequestListener {
  return (req, res) => {
    const path = (req.url ?? "").split("?")[0]!.replace(/\/+$/, "");
    if (req.method === "GET" && path === "/v1/models") {
      return send(res, 200, { object: "list", data: DEMO_MODELS.map((id) => ({ id, object: "model", created: 1767225600, owned_by: "duellab-demo" })) });
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      return send(res, 404, {
        error: { message: `No route ${req.method} ${path}: this server offers GET /v1/models and POST /v1/chat/completions.`, type: "not_found" },
      });
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: { model?: unknown; messages?: unknown; max_tokens?: unknown; max_completion_tokens?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return send(res, 400, { error: { message: "The request body is not JSON.", type: "invalid_request_error" } });
      }
      const model = typeof body.model === "string" ? body.model : "";
      const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: unknown; content?: unknown }>) : null;
      if (!messages) return send(res, 400, { error: { message: "messages must be an array of {role, content}.", type: "invalid_request_error" } });
      const users = messages.filter((m) => m && m.role === "user");
      const prompt = String(users[users.length - 1]?.content ?? "");
      // The strict personas refuse what OpenAI's reasoning models refuse, exactly as OpenAI does.
      const refused = isStrict(model) ? strictRefusal(body as Record<string, unknown>) : null;
      if (refused) return send(res, refused.status, refused.body);
      const budget = typeof body.max_tokens === "number" ? body.max_tokens : body.max_completion_tokens;
      const maxTokens = typeof budget === "number" ? budget : 1600;
      const r = reply(model, prompt, maxTokens);
      if (!r) return send(res, 404, notFound(model));
      const out = completionBody(model, messages.map((m) => String(m?.content ?? "")).join("\n"), r, `demo-${++counter}`);
      const answer = () => {
        if (latencyMs <= 0) return send(res, 200, out);
        // A fixed latency, dropped at once if the caller hangs up (a cancelled run).
        const t = setTimeout(() => send(res, 200, out), latencyMs);
        res.on("close", () => clearTimeout(t));
      };
      const held = gate.pass({ model, prompt });
      if (!held) return answer();
      let gone = false;
      res.on("close", () => {
        gone = true;
        held.drop();
      });
      void held.ready.then(() => gone || answer());
    });
  };
}

/** Start a demo server on 127.0.0.1 (port 0 = any free port). */
export async function startDemoServer(o: { port?: number; latencyMs?: number; host?: string; unref?: boolean } = {}): Promise<DemoServer> {
  const gate = new Gate();
  const server = http.createServer(handler(latencyFrom(o), gate));
  if (o.unref) {
    // In a kernel or a script the demo server is a helper, not a reason to stay alive: neither the
    // listener nor idle keep-alive connections hold the event loop (a call in flight still does,
    // through the client's own socket).
    server.unref();
    server.on("connection", (sock) => sock.unref());
  }
  server.keepAliveTimeout = 5_000;
  const host = o.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/v1`,
    hold: (match) => gate.hold(match),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let shared: Promise<DemoServer> | null = null;

/** The process-wide demo server, started on first use; it never keeps a script or kernel alive. */
export async function ensureDemoServer(): Promise<string> {
  if (!shared) {
    shared = startDemoServer({ unref: true });
    shared.catch(() => {
      shared = null;
    });
  }
  const s = await shared;
  return s.url;
}

// The demo provider's preset URL is a placeholder: resolving it starts this server (on first use).
registerBaseUrl(PRESETS.demo.baseUrl!, ensureDemoServer);
