// When a failed item is tried again: only for rate limits and server errors (the provider said
// "not now", not "never"), after an exponential wait with jitter, a bounded number of times. Pure.

export interface RetryPolicy {
  /** Tries per item, counting the first. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 2_000, maxDelayMs: 30_000 };

/** ProviderError kinds worth waiting out: everything else fails the same way the next time. */
export const RETRYABLE_KINDS = ["rate-limit", "server"] as const;

export function isRetryableKind(kind: string | null | undefined): boolean {
  return kind === "rate-limit" || kind === "server";
}

/**
 * The wait before try `attempt + 1` (attempts count from 1), or null to give up. `jitter` in [0, 1)
 * spreads the waits of items that failed together so they do not return together.
 */
export function retryWait(attempt: number, kind: string | null | undefined, policy: RetryPolicy, jitter: number): number | null {
  if (!isRetryableKind(kind) || attempt >= policy.maxAttempts) return null;
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exp * (0.75 + 0.5 * jitter));
}
