// The graphite judge: a prompt built from measured facts only, and the reading of its answer.
// The answer is parsed with the same ladder as weave (judge/parse.ts) and then coerced: scores
// 1-10 (a score outside that range is not guessed into it: it becomes null), a verdict string,
// and the chart to ship. Unusable twice = a labelled fallback (scores null, ship "neither"). Pure;
// the caller supplies `ask`.
import type { GraphiteJudge, Score } from "../schema/graphite";
import { runJudgeStep } from "../judge/step";

// The system line every judge call sends is ../judge/constants.ts (shared with weave).
export const JUDGE_MAX_TOKENS = 1200;

export function buildJudgePrompt(o: { question: string; factsA: string; factsB: string; nonce: string; round: number; attempt: 1 | 2 }): string {
  return [
    "Two models were given the same CSV and the same task, and each wrote Python code that a sandbox ran.",
    `Task: ${o.question}`,
    "Below are properties MEASURED from each rendered figure (not the models' own descriptions).",
    "Score each chart from 1 to 10 for insight (does it reveal what matters in the data?) and clarity (can a reader read it?), give a one-sentence verdict for each, and name the chart you would ship.",
    "A chart whose status is not ok has no usable figure.",
    "",
    o.factsA,
    "",
    o.factsB,
    "",
    'Answer with JSON only, exactly this shape: {"a":{"insight":1-10,"clarity":1-10,"verdict":"..."},"b":{"insight":1-10,"clarity":1-10,"verdict":"..."},"ship":"a"|"b"|"neither"}',
    "",
    `[run-nonce: ${o.nonce}]`,
    ...(o.round > 1 ? [`[judge-round: ${o.round}]`] : []),
    ...(o.attempt === 2 ? ["[attempt: 2]"] : []),
  ].join("\n");
}

/** A score as the judge wrote it: 7, 7.5, "7", "7/10", "8 out of 10". Outside 1-10: null. */
export function coerceScore(raw: unknown): number | null {
  let v: number | null = null;
  if (typeof raw === "number") v = raw;
  else if (typeof raw === "string") {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*(?:\/\s*10|out of 10)?\s*$/i.exec(raw);
    if (m) v = Number(m[1]);
  }
  if (v === null || !Number.isFinite(v) || v < 1 || v > 10) return null;
  return Math.round(v * 10) / 10;
}

function pick(o: Record<string, unknown>, names: string[]): unknown {
  for (const [k, v] of Object.entries(o)) {
    const norm = k.toLowerCase().replace(/[\s_-]/g, "");
    if (names.includes(norm)) return v;
  }
  return undefined;
}

function coerceSide(raw: unknown): Score | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  const insight = coerceScore(pick(o, ["insight", "insightscore"]));
  const clarity = coerceScore(pick(o, ["clarity", "clarityscore"]));
  const v = pick(o, ["verdict", "reason", "comment", "summary"]);
  const verdict = typeof v === "string" ? v.trim() : "";
  if (insight === null && clarity === null && verdict === "") return null;
  return { insight, clarity, verdict };
}

/** "a", "A", "Chart B", "chart_b", "model a", "neither", "none", "both" (ship both is not a choice: neither). */
export function coerceShip(raw: unknown): "a" | "b" | "neither" | null {
  if (typeof raw !== "string") return null;
  const t = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ")
    .replace(/[."']/g, "");
  if (/^(chart |model |side )?a$/.test(t)) return "a";
  if (/^(chart |model |side )?b$/.test(t)) return "b";
  if (/^(neither|none|no chart|null|both)$/.test(t)) return "neither";
  return null;
}

export interface JudgeValue {
  a: Score;
  b: Score;
  ship: "a" | "b" | "neither";
}

export type JudgeRead = { ok: true; value: JudgeValue; notes: string[] } | { ok: false; reason: string };

export function readJudgeValue(value: unknown): JudgeRead {
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, reason: "the JSON is not an object with keys a, b and ship" };
  const o = value as Record<string, unknown>;
  const inner = pick(o, ["scores", "charts"]);
  const src = inner && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : o;
  const a = coerceSide(pick(src, ["a", "charta", "modela"]));
  const b = coerceSide(pick(src, ["b", "chartb", "modelb"]));
  if (!a || !b) return { ok: false, reason: `the JSON has no usable scores for chart ${!a ? "A" : "B"}` };
  const shipRaw = pick(o, ["ship", "winner", "choice", "shipchart"]) ?? pick(src, ["ship", "winner"]);
  const ship = coerceShip(shipRaw);
  const notes: string[] = [];
  if (a.insight === null || a.clarity === null || b.insight === null || b.clarity === null)
    notes.push("a score was missing or outside 1-10 and is shown as n/a");
  if (ship === null) {
    notes.push(`the judge named no chart to ship (${JSON.stringify(shipRaw ?? null)}); shown as "neither"`);
  }
  return { ok: true, value: { a, b, ship: ship ?? "neither" }, notes };
}

export type JudgeAsk = (attempt: 1 | 2) => Promise<string>;

/**
 * json, then json-retry with a fresh sample, then the labelled fallback. A call that throws
 * degrades the same way unless `isFatal` says it must end the run (a cancellation).
 */
export async function runGraphiteJudge(o: {
  ask: JudgeAsk;
  factsText: string;
  round: number;
  isFatal: (e: unknown) => boolean;
  isHopeless?: (e: unknown) => boolean;
}): Promise<{ judge: GraphiteJudge; warnings: string[] }> {
  // The ladder itself is the one weave uses; graphite only differs in what a usable value is and
  // in its fallback (no scores at all: a chart judge has no lexical stand-in).
  const out = await runJudgeStep<{ value: JudgeValue; notes: string[] } | null>({
    what: "the two charts",
    ask: o.ask,
    read: (v) => {
      const r = readJudgeValue(v);
      return r.ok ? { ok: true, value: { value: r.value, notes: r.notes } } : r;
    },
    fallback: () => null,
    fallbackLabel: "no usable scores",
    isFatal: o.isFatal,
    isHopeless: o.isHopeless ?? (() => false),
  });
  const { raw, failure } = out.step;
  if (out.value === null) {
    const none: Score = { insight: null, clarity: null, verdict: "" };
    return {
      judge: { scores: { a: none, b: { ...none } }, ship: "neither", raw, parseMode: "fallback-none", factsText: o.factsText, failure, round: o.round },
      warnings: [`Judge fallback: no usable scores (${failure}); scores are n/a and no chart is named to ship.`],
    };
  }
  const { value, notes } = out.value;
  const warnings = notes.map((n) => `Judge: ${n}.`);
  if (out.step.rung && out.step.rung !== "as-is")
    warnings.push(`Judge output was not plain JSON; it was read by the "${out.step.rung}" rung of the parse ladder.`);
  if (out.step.parseMode === "json-retry") warnings.push(`The judge's first output was unusable (${failure}); a second sample parsed.`);
  return {
    judge: {
      scores: { a: value.a, b: value.b },
      ship: value.ship,
      raw,
      parseMode: out.step.parseMode === "json-retry" ? "json-retry" : "json",
      factsText: o.factsText,
      failure,
      round: o.round,
    },
    warnings,
  };
}
