// Keys never leave the client. Every string that echoes a URL, a header or a provider's body goes
// through `redact()` before it reaches an error message, a record or a log line.

const REDACTED = "[redacted]";

/** Keys this process has been handed (slot apiKeys, key env vars): replaced wherever they appear. */
const knownSecrets = new Set<string>();

/** The env vars presets read keys from; their values are secrets even if no slot used them yet. */
const KEY_ENV_VARS = ["OPENAI_API_KEY", "OPENROUTER_API_KEY", "PARTICLE_API_KEY"];

/** Remember a secret so every later `redact()` removes it. Short strings are ignored: they would
 * redact ordinary words, and a 1–5 character key is not a key anyone issues. */
export function registerSecret(secret: string | null | undefined): void {
  if (typeof secret === "string" && secret.trim().length >= 6) knownSecrets.add(secret.trim());
}

const PATTERNS: Array<[RegExp, string]> = [
  // Authorization headers and bearer tokens, however they were echoed.
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${REDACTED}`],
  [/("?(?:authorization|x-api-key|api-key|apikey|api_key)"?\s*[:=]\s*"?)(?!Bearer\b|Basic\b|Token\b|\[redacted\])[^",}\s&]+/gi, `$1${REDACTED}`],
  // Common key shapes: OpenAI/OpenRouter "sk-...", Particle "pk-...", generic long "key-..." tokens.
  [/\b(?:sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, REDACTED],
  // Query parameters that carry credentials.
  [/([?&](?:api[_-]?key|key|token|access_token|auth)=)[^&#\s"]+/gi, `$1${REDACTED}`],
  // userinfo in URLs: scheme://user:pass@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@"]+:[^/\s@"]+@/gi, `$1${REDACTED}@`],
];

/** Remove every known key and anything shaped like a credential from `text`. */
export function redact(text: string, extraSecrets: Array<string | null | undefined> = []): string {
  let out = String(text);
  const secrets = new Set(knownSecrets);
  for (const s of extraSecrets) if (typeof s === "string" && s.trim().length >= 6) secrets.add(s.trim());
  for (const name of KEY_ENV_VARS) {
    const v = process.env[name];
    if (v && v.trim().length >= 6) secrets.add(v.trim());
  }
  // Longest first, so a key that contains another known key is removed whole.
  for (const s of [...secrets].sort((x, y) => y.length - x.length)) out = out.split(s).join(REDACTED);
  for (const [re, rep] of PATTERNS) out = out.replace(re, rep);
  return out;
}

/** A provider body, echoed in an error: redacted and cut to a readable length. */
export function snippet(body: string, max = 160): string {
  const flat = redact(body).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
