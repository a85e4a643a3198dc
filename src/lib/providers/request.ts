// The request body a slot sends. Pure. Capability flags are detected from the slot, never assumed.
import type { ChatMessage } from "./contract";
import { supportsThinkingFlag, type Slot } from "../slot/slot";
import { defaultAdaptation, type Adaptation } from "./adaptation";

/** System messages folded into the first user message, for models that refuse the system role. */
export function foldSystem(messages: ChatMessage[]): ChatMessage[] {
  const system = messages.filter((m) => m.role === "system").map((m) => m.content);
  if (system.length === 0) return messages;
  const rest = messages.filter((m) => m.role !== "system");
  const first = rest.findIndex((m) => m.role === "user");
  if (first < 0) return [{ role: "user", content: system.join("\n\n") }, ...rest];
  return rest.map((m, i) => (i === first ? { role: "user", content: `${system.join("\n\n")}\n\n${m.content}` } : m));
}

export function chatBody(
  slot: Slot,
  messages: ChatMessage[],
  maxTokens: number,
  temperature: number | undefined,
  adaptation: Adaptation = defaultAdaptation(slot.provider),
): Record<string, unknown> {
  const sent = adaptation.systemAsUser ? foldSystem(messages) : messages;
  const body: Record<string, unknown> = {
    model: slot.model,
    messages: sent.map((m) => ({ role: m.role, content: m.content })),
    [adaptation.budgetParam]: maxTokens,
  };
  const t = temperature ?? slot.temperature;
  if (t !== undefined && !adaptation.dropTemperature) body.temperature = t;
  // Only Particle's deepseek-* models understand this switch; other providers reject or ignore
  // unknown fields, so it is sent only where it can work and only when the slot asks to turn
  // thinking off.
  if (slot.thinking === false && supportsThinkingFlag(slot)) body.chat_template_kwargs = { enable_thinking: false };
  return body;
}

export function authHeaders(slot: Slot): Record<string, string> {
  const h: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (slot.apiKey) h.authorization = `Bearer ${slot.apiKey}`;
  if (slot.provider === "openrouter") {
    h["x-title"] = "duellab";
  }
  return h;
}

/** Where a person would look if the server is down: scheme://host:port, no path, no credentials. */
export function originOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return url;
  }
}

export function isLoopback(url: string): boolean {
  try {
    const h = new URL(url).hostname;
    return h === "localhost" || h === "::1" || h === "[::1]" || h.startsWith("127.") || h === "0.0.0.0";
  } catch {
    return false;
  }
}

/** The empty-content retry budget: doubled, capped at 4000, never below what was already asked. */
export function doubledBudget(maxTokens: number): number {
  return Math.max(maxTokens, Math.min(maxTokens * 2, 4000));
}
