// How long to wait before retrying a 429 or 5xx. Pure. Bounded: a few attempts, exponential
// backoff, and the provider's Retry-After honoured when it asks for a sane wait.

export const RETRY = {
  /** Total attempts for one logical call, counting the first. */
  maxAttempts: 3,
  baseDelayMs: 400,
  /** A Retry-After longer than this is not waited out: the call fails now and says so. */
  maxWaitMs: 30_000,
};

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === "") return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(v)) return Math.round(Number(v) * 1000);
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : Math.max(0, t - now);
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/** The wait before attempt `attempt + 1` (attempt counts from 1), or null when the call should give up. */
export function retryDelay(attempt: number, retryAfterMs: number | null, policy = RETRY): number | null {
  if (attempt >= policy.maxAttempts) return null;
  if (retryAfterMs !== null) return retryAfterMs > policy.maxWaitMs ? null : retryAfterMs;
  return policy.baseDelayMs * 2 ** (attempt - 1);
}

/** Sleep that an abort ends at once. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
