// A demo model that refuses what OpenAI's reasoning family refuses (o1-mini refuses all three):
// `max_tokens`, any temperature but the default 1, and the system role — with OpenAI's own status
// (400), body shape and wording, so the client's adaptation is exercised offline exactly as it
// would be against api.openai.com. Pure: a request body in, the refusal (or null) out.

/** judge-strict judges like `judge`; strict answers like atlas. Both refuse like o1-mini. */
export const STRICT_MODELS = ["judge-strict", "strict"] as const;

export function isStrict(model: string): boolean {
  return (STRICT_MODELS as readonly string[]).includes(model);
}

export interface Refusal {
  status: 400;
  body: { error: { message: string; type: "invalid_request_error"; param: string; code: "unsupported_parameter" | "unsupported_value" } };
}

const refusal = (message: string, param: string, code: "unsupported_parameter" | "unsupported_value"): Refusal => ({
  status: 400,
  body: { error: { message, type: "invalid_request_error", param, code } },
});

/** What OpenAI answers a reasoning model's request it cannot take, in the order it checks. */
export function strictRefusal(body: Record<string, unknown>): Refusal | null {
  if ("max_tokens" in body) {
    return refusal(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      "max_tokens",
      "unsupported_parameter",
    );
  }
  if ("temperature" in body && body.temperature !== 1) {
    return refusal(
      `Unsupported value: 'temperature' does not support ${JSON.stringify(body.temperature)} with this model. Only the default (1) value is supported.`,
      "temperature",
      "unsupported_value",
    );
  }
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: unknown }>) : [];
  const i = messages.findIndex((m) => m && m.role === "system");
  if (i >= 0) return refusal(`Unsupported value: 'messages[${i}].role' does not support 'system' with this model.`, `messages[${i}].role`, "unsupported_value");
  return null;
}
