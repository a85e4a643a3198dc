// How the batch view words its numbers. Pure (no DOM): unit-tested in Node.
import type { BatchResult, Estimate } from "../../../lib/schema/batch";

export const NA = "n/a";

const fix1 = (v: number) => (Math.round(v * 10) / 10).toFixed(1);

/** A percentage estimate (values already in percent, or proportions with scale 100). */
export function estimateText(e: Estimate, scale: 1 | 100): string {
  if (e.value === null) return NA;
  const f = (v: number) => `${fix1(v * scale)}%`;
  return f(e.value);
}

export function intervalText(e: Estimate, scale: 1 | 100): string {
  if (e.lo === null || e.hi === null) return e.value === null ? NA : `n/a (n=${e.n})`;
  return `${fix1(e.lo * scale)}–${fix1(e.hi * scale)}%`;
}

export function pValueText(p: number | null): string {
  if (p === null) return NA;
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}

export function durationText(ms: number | null): string {
  if (ms === null) return NA;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function costText(r: BatchResult): string {
  const c = r.cost;
  if (c.calls === 0) return "no calls yet";
  if (c.totalTokens === null) return `tokens n/a (${c.calls} calls, none reported usage)`;
  const lower = c.callsWithoutUsage ? ` — at least; ${c.callsWithoutUsage} reported no usage` : "";
  const failed = c.failedTryTokens ? `, ${c.failedTryTokens.toLocaleString("en-US")} of them on failed tries` : "";
  return `${c.totalTokens.toLocaleString("en-US")} tokens in ${c.calls} calls${failed}${lower}`;
}

/** Result kinds the stored runs have, for the inline view. */
export function runKind(result: unknown): "weave" | "graphite" | null {
  const k = (result as { kind?: unknown } | null)?.kind;
  return k === "weave" || k === "graphite" ? k : null;
}
