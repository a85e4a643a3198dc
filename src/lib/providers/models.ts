// The model ids a provider offers, from GET {baseUrl}/models. A list helps a person pick; it never
// gates a run: a hand-typed model is always accepted and a dead /models is only reported.
import { parseSlot, type Slot } from "../slot/slot";
import { resolveBaseUrl } from "./base-url";
import { needsKeyFirst } from "./preflight";
import { ProviderError } from "./errors";
import { registerSecret } from "../errors/redact";
import { authHeaders, isLoopback, originOf } from "./request";
import { providerMessage } from "./response";
import { exchange, TransportError } from "./transport";

function isSlot(x: unknown): x is Slot {
  return !!x && typeof x === "object" && "keySource" in x && "baseUrl" in x && typeof (x as Slot).baseUrl === "string";
}

/** Model ids from an OpenAI-style list ({data:[{id}]}), a bare array, or Ollama's {models:[{name}]}. */
export function readModelIds(body: unknown): string[] | null {
  const pick = (arr: unknown[]): string[] =>
    arr
      .map((m) => (typeof m === "string" ? m : m && typeof m === "object" ? ((m as Record<string, unknown>).id ?? (m as Record<string, unknown>).name) : null))
      .filter((x): x is string => typeof x === "string" && x.length > 0);
  if (Array.isArray(body)) return pick(body);
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    if (Array.isArray(b.data)) return pick(b.data);
    if (Array.isArray(b.models)) return pick(b.models);
  }
  return null;
}

async function fetchIds(slot: Slot, baseUrl: string, timeoutMs: number, signal?: AbortSignal): Promise<string[]> {
  registerSecret(slot.apiKey);
  const url = `${baseUrl.replace(/\/+$/, "")}/models`;
  const err = (kind: ProviderError["kind"], message: string, status: number | null = null) =>
    new ProviderError({ kind, slotName: "models", provider: slot.provider, model: slot.model, message, status });
  const h = `Could not list ${slot.provider} models at ${url}`;
  let ex: Awaited<ReturnType<typeof exchange>>;
  try {
    ex = await exchange(url, { method: "GET", headers: authHeaders(slot) }, { signal, timeoutMs });
  } catch (e) {
    if (!(e instanceof TransportError)) throw e;
    const f = e.failure;
    if (f.how === "aborted") throw err("aborted", `${h}: cancelled.`);
    if (f.how === "timeout") throw err("timeout", `${h}: no answer within ${timeoutMs / 1000} s.`);
    if (f.how === "refused")
      throw err(
        "unreachable",
        `Cannot reach ${originOf(url)} — ${isLoopback(url) ? "is the local provider running?" : "check the slot's baseUrl."} (${f.detail})`,
      );
    throw err("unreachable", `${h}: ${f.detail}.`);
  }
  if (ex.status === 401 || ex.status === 403) {
    throw err(
      "auth",
      `${h}: HTTP ${ex.status} — ${slot.apiKey ? `the key from ${slot.keySource ?? "the slot"} was rejected` : `no key was sent; set ${slot.keySource ?? "apiKey"}`}.`,
      ex.status,
    );
  }
  if (ex.status < 200 || ex.status >= 300) {
    const pm = providerMessage(ex.text);
    throw err(
      ex.status >= 500 ? "server" : "bad-response",
      `${h}: HTTP ${ex.status}${pm ? ` (${pm})` : ""}. You can still type a model name by hand.`,
      ex.status,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(ex.text);
  } catch {
    throw err("bad-response", `${h}: the answer is not JSON. You can still type a model name by hand.`, ex.status);
  }
  const ids = readModelIds(body);
  if (!ids) throw err("bad-response", `${h}: the answer has no model list. You can still type a model name by hand.`, ex.status);
  return [...new Set(ids)];
}

/** The model ids the slot's provider lists. Throws a ProviderError with one clear sentence when /models is dead. */
export async function listModels(slotInput: unknown, o: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<string[]> {
  let slot: Slot;
  if (isSlot(slotInput)) slot = slotInput;
  else {
    // A model is not needed to list models: fill a placeholder so a bare { provider } validates.
    const input =
      slotInput && typeof slotInput === "object" && !(slotInput as Record<string, unknown>).model
        ? { ...(slotInput as object), model: "(listing models)" }
        : slotInput;
    slot = parseSlot("models", input);
  }
  if (needsKeyFirst(slot)) {
    throw new ProviderError({
      kind: "auth",
      slotName: "models",
      provider: slot.provider,
      model: slot.model,
      message: `Could not list ${slot.provider} models: no API key — set ${slot.keySource} or pass apiKey in the slot.`,
    });
  }
  return fetchIds(slot, await resolveBaseUrl(slot), o.timeoutMs ?? 10_000, o.signal);
}

/** Like listModels, but never throws: for error messages and pickers that must not stop a run. */
export async function tryListModels(
  slot: Slot,
  o: { baseUrl?: string; timeoutMs?: number } = {},
): Promise<{ models: string[] | null; error: string | null; reason: string | null }> {
  try {
    const base = o.baseUrl ?? (await resolveBaseUrl(slot));
    return { models: await fetchIds(slot, base, o.timeoutMs ?? 10_000), error: null, reason: null };
  } catch (e) {
    return { models: null, error: e instanceof Error ? e.message : String(e), reason: shortReason(e) };
  }
}

/** Why a list could not be read, in a few words that fit inside another sentence. */
function shortReason(e: unknown): string {
  if (!(e instanceof ProviderError)) return "it could not be fetched";
  if (e.status !== null) return `/models answered HTTP ${e.status}`;
  return (
    { unreachable: "/models could not be reached", timeout: "/models did not answer in time", aborted: "cancelled" }[e.kind as string] ??
    "its answer could not be read"
  );
}
