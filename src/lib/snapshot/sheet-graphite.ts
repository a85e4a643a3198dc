// The static sheet of a graphite run: who the judge would ship, both charts with their scores,
// faithfulness verdicts and checks, what stopped a chart, and which sandbox layers were really on.
// Pure.
import { num } from "../format";
import type { Chart, GraphiteResult } from "../schema/graphite";
import { type ChartFace, type Line, type Sheet, type Stat, slotsLine, warningLines } from "./sheet";

/** Checks listed per chart at most; the rest are counted. */
export const STATIC_CHECK_LIMIT = 6;

const STATUS: Record<string, string> = {
  ok: "rendered",
  error: "crashed",
  blocked: "blocked before it ran",
  timeout: "stopped at the time limit",
  killed: "killed",
  "no-figure": "ran, drew no figure",
};

const MARK = { pass: "✓ checked", fail: "✗ failed", unchecked: "– not checked" } as const;

export function shipText(r: GraphiteResult): string {
  const j = r.judge;
  const outcome = j?.stability?.outcome;
  if (!j) return "not judged";
  if (outcome === "position-bias") return "position bias (the order decided)";
  if (outcome === "split") return "split across runs";
  if (outcome === "no-verdict") return "no verdict";
  if (j.ship === "neither") return "neither chart";
  return `Chart ${j.ship.toUpperCase()} (${r.slots[j.ship]?.model ?? "?"})`;
}

function chartFace(r: GraphiteResult, s: "a" | "b"): ChartFace {
  const c: Chart = r.charts[s];
  const png = c.run.pngs[0] ?? null;
  const score = r.judge?.scores[s];
  const checks: Line[] = c.faithfulness.checks.slice(0, STATIC_CHECK_LIMIT).map((k) => ({
    text: `${MARK[k.status]} ${k.check}: ${k.detail}`,
    tone: k.status === "pass" ? "green" : k.status === "fail" ? "red" : "muted",
  }));
  if (c.faithfulness.checks.length > STATIC_CHECK_LIMIT) {
    checks.push({ text: `… and ${c.faithfulness.checks.length - STATIC_CHECK_LIMIT} more checks in the result`, tone: "muted" });
  }
  const problems: Line[] = c.run.violations.map((v) => ({ text: `BLOCKED ${v.rule} — line ${v.line}`, tone: "red" }));
  const lastTraceLine = c.run.traceback?.trim().split("\n").filter(Boolean).pop();
  if (lastTraceLine) problems.push({ text: lastTraceLine, tone: "red" });
  if (c.error) problems.push({ text: c.error, tone: "red" });
  const repairs = c.attempts.filter((a) => a.kind === "repair").length;
  const status = c.error ? "not asked" : `${STATUS[c.run.status] ?? c.run.status}${repairs ? ` after ${repairs} repair${repairs === 1 ? "" : "s"}` : ""}`;
  const scores: Stat[] = score
    ? [
        { value: num(score.insight), label: "insight (1–10)" },
        { value: num(score.clarity), label: "clarity (1–10)" },
      ]
    : [{ value: "n/a", label: "not judged" }];
  return {
    side: s,
    title: `Chart ${s.toUpperCase()}`,
    model: `${r.slots[s]?.provider ?? "?"} · ${r.slots[s]?.model ?? "?"}`,
    status,
    faithfulness: c.faithfulness.verdict,
    scores,
    verdict: score?.verdict || null,
    checks,
    problems,
    png: png ? { base64: png.base64, width: png.width, height: png.height } : null,
    noFigure: png ? null : `No figure: ${STATUS[c.run.status] ?? c.run.status}`,
  };
}

/** Which layers the sandbox really had on, per chart (a chart that never ran says so). */
function layerLine(r: GraphiteResult): Line {
  const on = (s: "a" | "b") => {
    const layers = Object.entries(r.charts[s].run.layers)
      .filter(([, l]) => l.on)
      .map(([k]) => k);
    return layers.length ? layers.join(", ") : "none (it did not run)";
  };
  const a = on("a");
  const b = on("b");
  return { text: a === b ? `sandbox layers on: ${a}` : `sandbox layers on: A ${a}; B ${b}`, tone: "muted" };
}

export function graphiteSheet(r: GraphiteResult): Sheet {
  const j = r.judge;
  const notes: Line[] = [];
  if (j && j.parseMode !== "json") notes.push({ text: `judge parse: ${j.parseMode}`, tone: "amber" });
  notes.push(slotsLine(r.slots, r.demo), layerLine(r), ...warningLines(r.warnings));
  const scorePair = (s: "a" | "b"): Stat => ({
    value: j ? `${num(j.scores[s].insight)} · ${num(j.scores[s].clarity)}` : "n/a",
    label: `${s.toUpperCase()}: insight · clarity (each 1–10)`,
    tone: s,
  });
  return {
    kind: "graphite",
    title: "duellab · graphite",
    question: r.question,
    stats: [{ value: shipText(r), label: "the judge would ship", tone: "green", main: true }, scorePair("a"), scorePair("b")],
    notes,
    body: { kind: "charts", charts: [chartFace(r, "a"), chartFace(r, "b")] },
  };
}
