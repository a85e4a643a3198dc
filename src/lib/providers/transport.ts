// One HTTP exchange over undici, with the caller's AbortSignal and a per-exchange timeout.
// It reports how the exchange ended; turning that into a sentence is the client's job.
import { Agent, request } from "undici";

/** Shared connection pool: keep-alive to each provider, many calls in flight at once. */
const agent = new Agent({ keepAliveTimeout: 4_000, connections: 64, headersTimeout: 0, bodyTimeout: 0 });

export interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export type TransportFailure = {
  /** connect: nothing came back; body: the answer broke off midway. */
  phase: "connect" | "body";
  how: "refused" | "dns" | "network" | "timeout" | "aborted" | "cut-off";
  /** The low-level message, e.g. "connect ECONNREFUSED 127.0.0.1:11434". */
  detail: string;
};

export class TransportError extends Error {
  constructor(readonly failure: TransportFailure) {
    super(failure.detail);
  }
}

function codeOf(err: unknown): string {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return String(e?.code ?? e?.cause?.code ?? "");
}

function detailOf(err: unknown): string {
  const e = err as { message?: unknown; cause?: { message?: unknown } } | null;
  const m = String(e?.message ?? err);
  const c = e?.cause?.message ? String(e.cause.message) : "";
  return c && !m.includes(c) ? `${m}: ${c}` : m;
}

export async function exchange(
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  o: { signal?: AbortSignal; timeoutMs: number },
): Promise<Exchange> {
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort(new Error("timeout"));
  }, o.timeoutMs);
  const onAbort = () => ctl.abort(new Error("aborted"));
  if (o.signal?.aborted) onAbort();
  else o.signal?.addEventListener("abort", onAbort, { once: true });
  const ended = (): TransportFailure["how"] | null => (timedOut ? "timeout" : o.signal?.aborted ? "aborted" : null);
  let phase: TransportFailure["phase"] = "connect";
  try {
    const res = await request(url, { method: init.method, headers: init.headers, body: init.body, signal: ctl.signal, dispatcher: agent });
    phase = "body";
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers as Exchange["headers"], text };
  } catch (err) {
    const how = ended();
    if (how) throw new TransportError({ phase, how, detail: how === "timeout" ? `no answer within ${o.timeoutMs} ms` : "cancelled" });
    const code = codeOf(err);
    if (phase === "body") throw new TransportError({ phase, how: "cut-off", detail: `${detailOf(err)}${code ? ` (${code})` : ""}` });
    const kind: TransportFailure["how"] = code === "ECONNREFUSED" ? "refused" : code === "ENOTFOUND" || code === "EAI_AGAIN" ? "dns" : "network";
    throw new TransportError({ phase, how: kind, detail: detailOf(err) });
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener("abort", onAbort);
  }
}
