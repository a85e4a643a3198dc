// The static view of a result as data: what a reader sees where no widget can live (GitHub,
// nbviewer, an offline nbconvert page, a PDF). One sheet feeds both fallbacks a saved output
// carries, the sanitizer-proof HTML (plain-html.ts) and the picture (picture-svg.ts → PNG), so the
// two can never show different numbers, and every number travels with its own label. Numbers are
// recomputed from raw counts by each sheet builder, as the live views do. This file holds the
// shapes and the lines every sheet shares; sheet-of.ts picks the builder. Pure.
import type { Panel, WeaveResult } from "../schema/weave";

/** The ink a value or a line is drawn in; plain text in the HTML, a colour in the picture. */
export type Tone = "plain" | "muted" | "a" | "b" | "green" | "red" | "amber" | "purple";

export interface Stat {
  value: string;
  label: string;
  tone?: Tone;
  /** Drawn larger: the headline number. */
  main?: boolean;
}

export interface Line {
  text: string;
  tone?: Tone;
}

export interface PanelFace {
  key: string;
  title: string;
  panel: Panel;
  /** "12 claims · 1 edge". */
  caption: string;
  /** Per side, per claim: where its evidence was found (a claim not found is drawn dashed). */
  evidence?: WeaveResult["evidence"];
}

export interface ChartFace {
  side: "a" | "b";
  title: string;
  /** provider · model. */
  model: string;
  status: string;
  faithfulness: string;
  /** What the judge scored, each number with its label. */
  scores: Stat[];
  verdict: string | null;
  /** The faithfulness checks, one line each ("✓ values of line …"). */
  checks: Line[];
  /** What stopped the chart (blocked rules, the last traceback line). */
  problems: Line[];
  png: { base64: string; width: number; height: number } | null;
  /** Why there is no figure, when there is none. */
  noFigure: string | null;
}

export interface Grid {
  caption: string;
  header: string[];
  rows: { label: string; cells: string[]; values: (number | null)[] }[];
}

export type SheetBody =
  | { kind: "panels"; panels: PanelFace[]; legend: string }
  | { kind: "charts"; charts: ChartFace[] }
  | { kind: "groups"; grid: Grid; groups: { size: string; texts: Line[] }[]; more: string | null; footnote: string }
  | { kind: "table"; caption: string; header: string[]; rows: string[][]; more: string | null };

export interface Sheet {
  kind: "weave" | "weave-multi" | "graphite" | "batch";
  /** "duellab · weave". */
  title: string;
  question: string;
  stats: Stat[];
  /** Judge parse mode, slots, warnings: what qualifies the numbers. */
  notes: Line[];
  body: SheetBody;
}

/** "A demo · atlas   B demo · beacon   judge demo · judge", and whether demo models answered. */
export function slotsLine(slots: Record<string, { provider: string; model: string }>, demo: boolean): Line {
  const parts = Object.entries(slots).map(([k, s]) => `${k === "judge" ? "judge" : k.toUpperCase()} ${s.provider} · ${s.model}`);
  return { text: `${parts.join("; ")}${demo ? " (demo models: offline, no key)" : ""}`, tone: "muted" };
}

/** At most `max` warnings, the rest counted, so a run with fifty warnings still fits. */
export function warningLines(warnings: readonly string[], max = 4): Line[] {
  const shown: Line[] = warnings.slice(0, max).map((w) => ({ text: `⚠ ${w}`, tone: "amber" }));
  if (warnings.length > max) shown.push({ text: `… and ${warnings.length - max} more warnings in the result`, tone: "amber" });
  return shown;
}
