// The prompt ledger: every logical prompt sent in this process, role-prefixed and hashed. Two runs
// that send the same bytes would let a provider cache fake determinism, so a repeat is a bug in the
// caller (a missing nonce), never something to paper over.
import { createHash } from "node:crypto";

const seen = new Map<string, string>();

export function promptHash(role: string, text: string): string {
  return createHash("sha256").update(`${role}|${text}`).digest("hex");
}

/** Record a prompt; throws when the same role already sent the same text in this process. */
export function recordPrompt(role: string, text: string): string {
  const h = promptHash(role, text);
  if (seen.has(h)) {
    throw new Error(
      `internal: prompt reuse detected — role "${role}" sent a prompt already sent in this process (sha256 ${h.slice(0, 12)}…); every run needs a fresh nonce and a json-retry needs an "[attempt: N]" line.`,
    );
  }
  seen.set(h, role);
  return h;
}

export function promptSeen(role: string, text: string): boolean {
  return seen.has(promptHash(role, text));
}

/** How many prompts this process has sent (for audits and tests). */
export function ledgerSize(): number {
  return seen.size;
}
