// The one place a model is called. Everything a provider can do wrong is turned here into one
// sentence naming the slot, the provider and the model; every key is redacted on the way out.
import { performance } from "node:perf_hooks";
import type { CallRecord, Usage } from "../schema/common";
import { PRESETS } from "../slot/presets";
import type { Slot } from "../slot/slot";
import { resolveBaseUrl } from "./base-url";
import type { CallRequest, CallResult } from "./contract";
import { ProviderError, type ProviderErrorKind } from "./errors";
import { recordPrompt } from "./ledger";
import { needsKeyFirst } from "./preflight";
import { tryListModels } from "./models";
import { addCounts, addUsage } from "./reasoning";
import { redact, registerSecret } from "../errors/redact";
import { authHeaders, chatBody, doubledBudget, isLoopback, originOf } from "./request";
import { parseCompletion, type Completion } from "./response";
import { adapt, adaptationCache, adaptationNotes, defaultAdaptation, type Adaptation } from "./adaptation";
import { clip, detectRefusal, readErrorBody, saysOutOfCredit, saysUnknownModel } from "./error-body";
import { stripInlineReasoning } from "./inline-reasoning";
import { isRetryableStatus, parseRetryAfter, RETRY, retryDelay, sleep } from "./retry";
import { exchange, TransportError } from "./transport";

export { ProviderError } from "./errors";
export type { ProviderErrorKind } from "./errors";

export { resolveBaseUrl } from "./base-url";

export const DEFAULT_TIMEOUT_MS = 120_000;

function lastUserText(req: CallRequest): string {
  for (let i = req.messages.length - 1; i >= 0; i--) if (req.messages[i]!.role === "user") return req.messages[i]!.content;
  return req.messages.map((m) => m.content).join("\n");
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

interface Ctx {
  req: CallRequest;
  slot: Slot;
  url: string;
  deadline: number;
  timeoutMs: number;
  /** What this model refuses, as learned from a 400 (or from earlier calls in this process). */
  adaptation: Adaptation;
  /** Refusals already adapted to in this call: each is adapted to once, so a server that refuses
   * both names of the budget cannot send the client back and forth. */
  adapted: Set<string>;
}

function fail(ctx: Ctx, kind: ProviderErrorKind, sentence: string, status: number | null = null): ProviderError {
  const { req, slot } = ctx;
  return new ProviderError({ kind, slotName: req.slotName, provider: slot.provider, model: slot.model, status, message: sentence });
}

const head = (ctx: Ctx) => `Slot ${ctx.req.slotName} (${ctx.slot.provider}, model ${ctx.slot.model})`;

function transportFailure(ctx: Ctx, e: TransportError): ProviderError {
  const f = e.failure;
  const origin = originOf(ctx.url);
  const tail = `(slot ${ctx.req.slotName}, ${ctx.slot.provider}, model ${ctx.slot.model}: ${f.detail})`;
  switch (f.how) {
    case "aborted":
      return fail(ctx, "aborted", `${head(ctx)}: the call was cancelled before the model answered.`);
    case "timeout":
      return fail(
        ctx,
        "timeout",
        `${head(ctx)}: no answer from ${origin} within ${seconds(ctx.timeoutMs)}, so the call was stopped — raise timeoutMs or try a faster model.`,
      );
    case "refused":
      return fail(
        ctx,
        "unreachable",
        isLoopback(ctx.url)
          ? `Cannot reach ${origin} — is the local provider running? ${tail}`
          : `Cannot reach ${origin} — the connection was refused; check the slot's baseUrl. ${tail}`,
      );
    case "dns":
      return fail(ctx, "unreachable", `Cannot reach ${origin} — the host name does not resolve; check the slot's baseUrl and the network. ${tail}`);
    case "network":
      return fail(ctx, "unreachable", `Cannot reach ${origin} — the connection failed; check the network and the slot's baseUrl. ${tail}`);
    case "cut-off":
      return fail(ctx, "bad-response", `${head(ctx)}: the response from ${origin} was cut off before it ended (${f.detail}); try again.`);
  }
}

/** Who a sentence about a slot names: "judge", "model A". */
const whoOf = (slotName: string) => (slotName === "judge" ? "judge" : `model ${slotName.toUpperCase()}`);

async function httpFailure(ctx: Ctx, status: number, body: string, attempts: number, retryAfterMs: number | null): Promise<ProviderError> {
  const { slot } = ctx;
  const eb = readErrorBody(body);
  const pm = eb.message ? clip(eb.message) : null;
  const said = pm ? `: ${pm}` : "";
  if (status === 401 || status === 403) {
    if (!slot.apiKey) {
      const where = slot.keySource ? `set ${slot.keySource}` : "pass apiKey in the slot";
      return fail(ctx, "auth", `${head(ctx)}: no API key was sent and the provider answered HTTP ${status}${said} — ${where}.`, status);
    }
    if (!saysOutOfCredit(status, eb)) {
      const source = slot.keySource === "apiKey option" || !slot.keySource ? "the slot's apiKey" : slot.keySource;
      return fail(
        ctx,
        "auth",
        `${head(ctx)}: the provider rejected the API key from ${source} (HTTP ${status}${said}) — check that ${source} holds a valid ${PRESETS[slot.provider].label} key.`,
        status,
      );
    }
  }
  if (saysOutOfCredit(status, eb)) {
    // Waiting does not refill an account: say so at once, in the provider's own words.
    return fail(
      ctx,
      status === 429 ? "rate-limit" : "bad-response",
      `${head(ctx)}: the ${PRESETS[slot.provider].label} account is out of quota or credit (HTTP ${status}${said}) — add credit or check the plan and billing with the provider; retrying will not help.`,
      status,
    );
  }
  const refusal = detectRefusal(status, eb);
  if (refusal) {
    const what =
      refusal === "system-role"
        ? "the system role"
        : refusal === "temperature"
          ? `temperature ${ctx.req.temperature ?? slot.temperature ?? ""}`.trim()
          : `the ${refusal} parameter`;
    return fail(ctx, "bad-response", `${head(ctx)}: the model refuses ${what}, which duellab could not adapt to (HTTP ${status}${said}).`, status);
  }
  const saysModel = saysUnknownModel(eb, body);
  if (status === 404 || ((status === 400 || status === 422) && saysModel)) {
    const listed = await tryListModels(slot, { baseUrl: ctx.url.replace(/\/chat\/completions$/, ""), timeoutMs: 5_000 });
    const known = listed.models;
    if (saysModel || (known && !known.includes(slot.model))) {
      const unknown = `${head(ctx)}: the provider does not know model "${slot.model}" (HTTP ${status}${said})`;
      if (!known) return fail(ctx, "unknown-model", `${unknown}, and its model list could not be read (${listed.reason ?? "no answer"}).`, status);
      const few = known.length
        ? ` Models this provider lists: ${known.slice(0, 6).join(", ")}${known.length > 6 ? ` (and ${known.length - 6} more)` : ""}.`
        : " Its /models list is empty.";
      return fail(ctx, "unknown-model", `${unknown}.${few}`, status);
    }
    return fail(ctx, "bad-response", `${head(ctx)}: ${ctx.url} answered HTTP 404${said} — check the slot's baseUrl (it usually ends in /v1).`, status);
  }
  if (status === 429) {
    if (retryAfterMs !== null && retryAfterMs > RETRY.maxWaitMs) {
      return fail(
        ctx,
        "rate-limit",
        `${head(ctx)}: rate limited (HTTP 429); the provider asks to wait ${seconds(retryAfterMs)}, longer than duellab waits (${seconds(RETRY.maxWaitMs)}) — try again later.`,
        status,
      );
    }
    return fail(
      ctx,
      "rate-limit",
      `${head(ctx)}: still rate limited (HTTP 429${said}) after ${attempts} attempts — wait a minute or run fewer comparisons at once.`,
      status,
    );
  }
  if (status >= 500) {
    return fail(ctx, "server", `${head(ctx)}: the provider failed with HTTP ${status}${said} on all ${attempts} attempts — try again later.`, status);
  }
  return fail(ctx, "bad-response", `${head(ctx)}: the provider refused the request with HTTP ${status}${said}.`, status);
}

/** One completion, with bounded retries for 429 and 5xx. */
async function completeOnce(ctx: Ctx, maxTokens: number): Promise<Completion> {
  const { req, slot } = ctx;
  let body = JSON.stringify(chatBody(slot, req.messages, maxTokens, req.temperature, ctx.adaptation));
  // attempt counts tries for 429/5xx only; a refusal adapted to is a different request, not a retry.
  for (let attempt = 1; ; ) {
    const left = ctx.deadline - performance.now();
    if (left <= 0) throw transportFailure(ctx, new TransportError({ phase: "connect", how: "timeout", detail: `no answer within ${ctx.timeoutMs} ms` }));
    let ex: Awaited<ReturnType<typeof exchange>>;
    try {
      ex = await exchange(ctx.url, { method: "POST", headers: authHeaders(slot), body }, { signal: req.signal, timeoutMs: left });
    } catch (e) {
      if (e instanceof TransportError) throw transportFailure(ctx, e);
      throw e;
    }
    if (ex.status >= 200 && ex.status < 300) {
      const c = parseCompletion(ex.text);
      if (c.ok) return c;
      const why = {
        "not-json": `the provider answered HTTP ${ex.status} with a body that is not JSON (${c.detail}) — is baseUrl an OpenAI-compatible /v1 endpoint?`,
        truncated: `the response body was truncated (${c.detail}); the connection probably dropped — try again.`,
        "no-choices": `the response has no choices, so there is no answer to read (${c.detail}).`,
        "error-object": `the provider returned an error instead of an answer (${c.detail}).`,
      }[c.problem];
      throw fail(ctx, "bad-response", `${head(ctx)}: ${why}`, ex.status);
    }
    const retryAfterMs = parseRetryAfter(ex.headers["retry-after"]);
    const eb = readErrorBody(ex.text);
    const refusal = detectRefusal(ex.status, eb);
    const once = refusal === "max_completion_tokens" ? "max_tokens" : refusal;
    if (refusal && once && !ctx.adapted.has(once)) {
      ctx.adapted.add(once);
      const t = req.temperature ?? slot.temperature;
      const next = adapt(ctx.adaptation, refusal, { temperature: t !== undefined, system: req.messages.some((m) => m.role === "system") });
      if (next) {
        // Adapt once, remember it for this provider + URL + model, and ask again.
        ctx.adaptation = next;
        adaptationCache.set(slot.provider, slot.baseUrl, slot.model, next);
        body = JSON.stringify(chatBody(slot, req.messages, maxTokens, req.temperature, next));
        continue;
      }
    }
    if (isRetryableStatus(ex.status) && !saysOutOfCredit(ex.status, eb)) {
      const wait = retryDelay(attempt, retryAfterMs);
      if (wait !== null && wait < ctx.deadline - performance.now()) {
        await sleep(wait, req.signal);
        if (req.signal?.aborted) throw transportFailure(ctx, new TransportError({ phase: "connect", how: "aborted", detail: "cancelled" }));
        attempt++;
        continue;
      }
    }
    throw await httpFailure(ctx, ex.status, ex.text, attempt, retryAfterMs);
  }
}

interface Extra {
  inlineReasoningChars: number;
  adaptation: Adaptation;
}

function record(
  req: CallRequest,
  o: { usage: Usage; reasoningTokens: number | null; finishReason: string | null; latencyMs: number; retriedEmpty: boolean; error: string | null },
  x: Extra,
): CallRecord {
  const rec: CallRecord = { role: req.role, slot: req.slotName, model: req.slot.model, ...o };
  // Additive fields, present only when they say something: older results stay valid as they are.
  if (x.inlineReasoningChars > 0) rec.inlineReasoningChars = x.inlineReasoningChars;
  const notes = adaptationNotes(x.adaptation, {
    provider: req.slot.provider,
    who: whoOf(req.slotName),
    model: req.slot.model,
    temperature: req.temperature ?? req.slot.temperature,
    isJudge: !!req.isJudge,
    hadSystem: req.messages.some((m) => m.role === "system"),
  });
  if (notes.length) rec.adaptations = notes;
  return rec;
}

const NO_USAGE: Usage = { promptTokens: null, completionTokens: null, totalTokens: null };

export async function callModel(req: CallRequest): Promise<CallResult> {
  const { slot } = req;
  registerSecret(slot.apiKey);
  const started = performance.now();
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let usage: Usage = NO_USAGE;
  let reasoningTokens: number | null = null;
  let finishReason: string | null = null;
  let retriedEmpty = false;
  let inlineReasoningChars = 0;
  const ctx: Ctx = {
    req,
    slot,
    url: "",
    deadline: started + timeoutMs,
    timeoutMs,
    adaptation: adaptationCache.get(slot.provider, slot.baseUrl, slot.model) ?? defaultAdaptation(slot.provider),
    adapted: new Set(),
  };
  const extra = (): Extra => ({ inlineReasoningChars, adaptation: ctx.adaptation });
  try {
    if (req.signal?.aborted) throw transportFailure(ctx, new TransportError({ phase: "connect", how: "aborted", detail: "cancelled" }));
    if (needsKeyFirst(slot)) {
      throw fail(ctx, "auth", `${head(ctx)}: no API key — set ${slot.keySource} or pass apiKey in the slot (nothing was sent).`);
    }
    const promptSha256 = recordPrompt(req.role, lastUserText(req));
    ctx.url = `${(await resolveBaseUrl(slot)).replace(/\/+$/, "")}/chat/completions`;
    const firstBudget = slot.maxTokens ?? req.maxTokens;
    let maxTokens = firstBudget;
    for (let round = 1; ; round++) {
      const c = await completeOnce(ctx, maxTokens);
      usage = addUsage(usage, c.usage);
      reasoningTokens = addCounts(reasoningTokens, c.reasoningTokens);
      finishReason = c.finishReason;
      // Inline <think> blocks are reasoning too: destroyed here, before anything reads the content.
      // An unclosed one (the budget ran out mid-thought) leaves empty content: the rule below.
      const inline = stripInlineReasoning(c.content);
      inlineReasoningChars += inline.removedChars;
      c.content = inline.content;
      // Empty content on HTTP 200 is hidden reasoning eating the budget, not a refusal: one retry
      // with a doubled budget. A judge's empty answer is a parse failure for its caller instead.
      if (c.content.trim() === "" && !req.isJudge) {
        if (round === 1 && doubledBudget(maxTokens) > maxTokens) {
          maxTokens = doubledBudget(maxTokens);
          retriedEmpty = true;
          continue;
        }
        const budgets = retriedEmpty ? `max_tokens ${firstBudget}, then ${maxTokens}` : `max_tokens ${maxTokens}`;
        const times = retriedEmpty ? "empty content twice" : "empty content";
        throw fail(
          ctx,
          "empty",
          `${head(ctx)}: the model returned ${times} (${budgets}; reasoning tokens ${reasoningTokens ?? "n/a"}; finish reason ${finishReason ?? "n/a"}) — hidden reasoning likely used the whole budget; raise maxTokens or turn thinking off.`,
          200,
        );
      }
      const latencyMs = Math.round(performance.now() - started);
      const rec = record(req, { usage, reasoningTokens, finishReason, latencyMs, retriedEmpty, error: null }, extra());
      return { content: c.content, usage, reasoningTokens, finishReason, latencyMs, retriedEmpty, record: rec, promptSha256 };
    }
  } catch (e) {
    const latencyMs = Math.round(performance.now() - started);
    if (e instanceof ProviderError) {
      e.record = record(req, { usage, reasoningTokens, finishReason, latencyMs, retriedEmpty, error: e.message }, extra());
      throw e;
    }
    if (e instanceof Error) e.message = redact(e.message, [slot.apiKey]);
    throw e;
  }
}
