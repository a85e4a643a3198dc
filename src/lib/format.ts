// How duellab writes its numbers, in every place a reader sees one: the one-line summaries (lib),
// the exported pages (export) and the live views (widget). One rule per kind of number, so the same
// value never reads two ways. A number that was not measured is null and reads "n/a", never 0. Pure.

export const NA = "n/a";

type Maybe = number | null | undefined;
const absent = (v: Maybe): v is null | undefined => v === null || v === undefined || !Number.isFinite(v);

/** One decimal, rounded on the tenths (Math.round), the rule the batch views and report used. */
export function fixed1(v: number): string {
  return (Math.round(v * 10) / 10).toFixed(1);
}

/** A value already in percent: "41.2%". */
export function pct(v: Maybe): string {
  return absent(v) ? NA : `${fixed1(v)}%`;
}

/**
 * A whole count with thousands separators: "12,345". Whole numbers are grouped here exactly as
 * toLocaleString("en-US") groups them: a process's first Intl call loads ICU's data, which held
 * the kernel's loop ~50 ms (far more on a busy machine) at the first graphite result's summary.
 */
export function num(v: Maybe): string {
  if (absent(v)) return NA;
  if (Number.isSafeInteger(v) && !Object.is(v, -0)) return String(v).replace(/\B(?=(\d{3})+$)/g, ",");
  return v.toLocaleString("en-US");
}

export function yesNo(v: boolean | null | undefined): string {
  return v === null || v === undefined ? NA : v ? "yes" : "no";
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Milliseconds in words; `step` is the resolution below a minute: 100 (tenths) or 1000 (whole). */
function duration(v: Maybe, step: 100 | 1000): string {
  if (absent(v)) return NA;
  // Rounded to the unit shown before the unit is chosen, so 59,960 ms never reads "60.0 s".
  const whole = Math.round(v);
  if (whole < 1000) return `${whole} ms`;
  const steps = Math.round(v / step);
  if (steps * step < 60_000) return step === 100 ? `${(steps / 10).toFixed(1)} s` : `${steps} s`;
  const s = Math.round(v / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * A measured duration (a stage, a call): "412 ms" below a second, "1.4 s" (one decimal) below a
 * minute, then "2 min 5 s".
 */
export function ms(v: Maybe): string {
  return duration(v, 100);
}

/**
 * A batch's elapsed time and ETA: the same, but whole seconds below a minute ("ETA 12 s"): an
 * estimate to a tenth of a second would claim a precision it does not have.
 */
export function msWhole(v: Maybe): string {
  return duration(v, 1000);
}

/** A p-value's number: three decimals, and "< 0.001" below that (0.000 would claim certainty). */
export function pValue(p: Maybe): string {
  if (absent(p)) return NA;
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}

/**
 * "p = 0.115" / "p < 0.001" / "p = n/a"; `compact` drops the spaces ("p=0.115", "p<0.001") for
 * the one-line summary, where the clause sits inside a parenthesis of comma-separated parts.
 */
export function pClause(p: Maybe, compact = false): string {
  const text = pValue(p);
  const clause = text.startsWith("<") ? `p ${text}` : `p = ${text}`;
  return compact ? clause.replace(/ /g, "") : clause;
}

/** A proportion or percentage estimate with its scale (1: already percent; 100: a proportion). */
export interface EstimateLike {
  value: number | null;
  lo: number | null;
  hi: number | null;
  n: number;
}

/** The point estimate alone: "43.4%". */
export function estimate(e: EstimateLike, scale: 1 | 100): string {
  return e.value === null ? NA : pct(e.value * scale);
}

/** The interval alone, unit once: "41.2–45.5%"; "n/a (n=1)" when there is a value but no interval. */
export function interval(e: EstimateLike, scale: 1 | 100): string {
  if (e.lo === null || e.hi === null) return e.value === null ? NA : `${NA} (n=${e.n})`;
  return `${fixed1(e.lo * scale)}–${fixed1(e.hi * scale)}%`;
}

/**
 * Estimate with its interval and count. The report writes the unit once ("66.7% (95% CI
 * 20.0–94.0%, n=3)"); the one-line summary writes it on each end ("43.4% (95% CI 41.2%–45.5%,
 * n=6)") — both spellings are pinned by tests and kept.
 */
export function estimateWithCi(e: EstimateLike, scale: 1 | 100, opts: { unitEach?: boolean; none?: string } = {}): string {
  if (e.value === null) return opts.none ?? NA;
  const v = pct(e.value * scale);
  if (e.lo === null || e.hi === null) return `${v} (no interval, n=${e.n})`;
  const range = opts.unitEach ? `${pct(e.lo * scale)}–${pct(e.hi * scale)}` : interval(e, scale);
  return `${v} (95% CI ${range}, n=${e.n})`;
}

/** What a batch's calls used, as reported (no price list): tokens, never a guess. */
export interface CostLike {
  calls: number;
  totalTokens: number | null;
  callsWithoutUsage: number;
  failedTryTokens: number | null;
}

/**
 * "12,345 tokens in 30 calls", with the tokens spent on failed tries and a lower-bound note when
 * some calls reported no usage; "tokens n/a (…)" when none did; "no calls yet" before any.
 */
export function tokens(c: CostLike): string {
  if (c.calls === 0) return "no calls yet";
  if (c.totalTokens === null) return `tokens ${NA} (${c.calls} calls reported no usage)`;
  const failed = c.failedTryTokens ? `, ${num(c.failedTryTokens)} of them on failed tries` : "";
  const lower = c.callsWithoutUsage ? ` (at least: ${c.callsWithoutUsage} of ${c.calls} calls reported no usage)` : "";
  return `${num(c.totalTokens)} tokens in ${c.calls} calls${failed}${lower}`;
}
