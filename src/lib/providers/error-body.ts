// What a provider's error body says: its own message, code, type and the parameter it names, and
// what that means (the model does not exist, a parameter or role is refused, the account is out of
// credit). Pure: detected from the provider's words, never assumed from the model's name.
import { redact } from "../errors/redact";

export interface ErrorBody {
  /** The provider's own message, redacted; null when the body has none. */
  message: string | null;
  code: string | null;
  type: string | null;
  param: string | null;
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : typeof v === "number" ? String(v) : null);

/** OpenAI-style {error:{message,code,type,param}}, {error:"..."}, {message}, {detail}, or raw text. */
export function readErrorBody(body: string): ErrorBody {
  const none = { code: null, type: null, param: null };
  try {
    const j = JSON.parse(body) as Record<string, unknown>;
    if (j && typeof j === "object") {
      const e = j.error;
      if (typeof e === "string") return { message: redact(e), ...none };
      if (e && typeof e === "object") {
        const o = e as Record<string, unknown>;
        let message = str(o.message);
        // OpenRouter wraps the upstream provider's own words in metadata: keep them, they say why.
        const meta = o.metadata && typeof o.metadata === "object" ? (o.metadata as Record<string, unknown>) : null;
        const upstream = meta ? upstreamMessage(meta.raw) : null;
        if (message && upstream && !message.includes(upstream)) message = `${message} (${str(meta?.provider_name) ?? "upstream"}: ${upstream})`;
        return { message: message ? redact(message) : null, code: str(o.code), type: str(o.type), param: str(o.param) };
      }
      if (typeof j.message === "string") return { message: redact(j.message), ...none, code: str(j.code), type: str(j.type) };
      if (typeof j.detail === "string") return { message: redact(j.detail), ...none };
    }
  } catch {
    /* not JSON: the raw text is the message */
  }
  const t = body.trim();
  return { message: t ? redact(t) : null, ...none };
}

function upstreamMessage(raw: unknown): string | null {
  if (typeof raw !== "string" || !raw.trim()) return null;
  try {
    const j = JSON.parse(raw) as Record<string, unknown>;
    const e = j.error;
    if (e && typeof e === "object" && typeof (e as Record<string, unknown>).message === "string") return (e as Record<string, unknown>).message as string;
    if (typeof e === "string") return e;
    if (typeof j.message === "string") return j.message;
  } catch {
    /* raw text */
  }
  return raw;
}

const URL_RE = /\bhttps?:\/\/[^\s"'<>]+/gi;

/**
 * A provider message for a sentence: one line, at most `max` characters, never cut inside a URL
 * (a link cut in half sends a person nowhere): a cut that would land in one moves past its end.
 */
export function clip(text: string, max = 500): string {
  const flat = redact(text).replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  let cut = max;
  for (const m of flat.matchAll(URL_RE)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (start < cut && cut < end) cut = end;
  }
  return cut >= flat.length ? flat : `${flat.slice(0, cut).trimEnd()}…`;
}

/** The provider says the model does not exist (not merely that something was invalid). */
export function saysUnknownModel(e: ErrorBody, raw: string): boolean {
  if (e.code === "model_not_found" || e.type === "model_not_found") return true;
  const text = e.message ?? raw;
  return /model/i.test(text) && /(does not exist|not found|no such model|not_found)/i.test(text);
}

/** Out of quota or credit: retrying cannot help, only the account's owner can. */
export function saysOutOfCredit(status: number, e: ErrorBody): boolean {
  if (status === 402) return true;
  const tags = `${e.code ?? ""} ${e.type ?? ""}`;
  if (/insufficient_quota|billing|quota_exceeded|insufficient_credits|payment/i.test(tags)) return true;
  const m = e.message ?? "";
  return /exceeded your current quota|insufficient (credits|balance|quota)|billing (hard )?limit|out of credits/i.test(m);
}

/** What a 400 says the model refuses, so the request can be adapted once. */
export type Refusal = "max_tokens" | "max_completion_tokens" | "temperature" | "system-role";

export function detectRefusal(status: number, e: ErrorBody): Refusal | null {
  if (status !== 400 && status !== 422) return null;
  const m = e.message ?? "";
  const param = e.param ?? "";
  const unsupported =
    /unsupported/i.test(e.code ?? "") || /unsupported (parameter|value)|not supported|does not support|only the default|only 1 is allowed/i.test(m);
  if (!unsupported) return null;
  if (param === "max_tokens" || /'max_tokens' is not supported|use 'max_completion_tokens'/i.test(m)) return "max_tokens";
  if (param === "max_completion_tokens" || /'max_completion_tokens' is not supported/i.test(m)) return "max_completion_tokens";
  if (param === "temperature" || /'?temperature'? (is not supported|does not support)|invalid temperature/i.test(m)) return "temperature";
  if (
    /^messages\[\d+\]\.role$/.test(param)
      ? /'system'|'developer'/i.test(m)
      : /does not support '(system|developer)'|system (role|messages?) (is|are) not supported/i.test(m)
  )
    return "system-role";
  return null;
}
