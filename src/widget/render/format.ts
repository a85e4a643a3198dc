// How numbers read in the views. A number that was not measured is null and reads "n/a", never 0.

export const NA = "n/a";

export function ms(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return NA;
  if (v < 1000) return `${Math.round(v)} ms`;
  if (v < 60_000) return `${(v / 1000).toFixed(1)} s`;
  const m = Math.floor(v / 60_000);
  return `${m} min ${Math.round((v % 60_000) / 1000)} s`;
}

export function pct(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? NA : `${v.toFixed(1)}%`;
}

export function num(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? NA : v.toLocaleString("en-US");
}

export function yesNo(v: boolean | null | undefined): string {
  return v === null || v === undefined ? NA : v ? "yes" : "no";
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function sideLabel(side: string): string {
  return side === "both" ? "Both" : `Model ${side.toUpperCase()}`;
}
