// The static sheet of a weave: the headline recomputed from raw counts, how the judge was read,
// the three settled panels (A, B, Both); and of an N-model weave: the rings, the agreement matrix
// and the claims made by more than one model. Pure.
import { pct } from "../format";
import type { MultiWeave, WeaveResult } from "../schema/weave";
import { panelCaption, parseModeNote, recomputeConsensus, recomputeParticipation, spreadText } from "./recount";
import { type Line, type PanelFace, type Sheet, slotsLine, warningLines } from "./sheet";
import { notFoundSides } from "./evidence-tally";
import { evidenceLines } from "./sheet-evidence";

/** Whether any node of the three panels stands for a claim not found in its answer. */
function notFoundAny(r: WeaveResult): boolean {
  return r.panels.both.nodes.some((n) => notFoundSides(r.evidence, n.indices).length > 0);
}

/** Groups listed in a static N-model view at most; the rest are counted. */
export const STATIC_GROUP_LIMIT = 40;

function judgeLines(r: WeaveResult): Line[] {
  const mode = parseModeNote(r.parseMode);
  const lines: Line[] = [{ text: mode.text, tone: mode.level === "loud" ? "red" : mode.level === "warn" ? "amber" : "muted" }];
  const st = r.stability;
  if (st) {
    lines.push({
      text: `Judge stability over ${st.runs} CLASSIFY runs (${st.swappedRuns} swapped, ${st.judgedRuns} parsed): consensus ${spreadText(st.consensusSpread)}, ${st.keptPairs} of ${st.candidatePairs} relations kept (${st.ruleText})`,
      tone: "muted",
    });
  }
  return lines;
}

export function weaveSheet(r: WeaveResult): Sheet {
  const c = r.consensus;
  const consensus = recomputeConsensus(c);
  const notes = [...judgeLines(r), ...evidenceLines(r)];
  if (consensus !== null && c.consensusByNodes !== null && Math.abs(consensus - c.consensusByNodes) > 0.11) {
    notes.push({
      text: `The result reports ${pct(c.consensusByNodes)} but its raw counts give ${pct(consensus)}; this view shows the recomputed number.`,
      tone: "red",
    });
  }
  notes.push(slotsLine(r.slots, r.demo), ...warningLines(r.warnings));
  const lexical = r.parseMode === "fallback-lexical";
  return {
    kind: "weave",
    title: "duellab · weave",
    question: r.question,
    stats: [
      { value: pct(consensus), label: "consensus by nodes", main: true },
      { value: pct(recomputeParticipation(c)), label: "claims linked at all" },
      { value: String(c.sharedPairs), label: "shared" },
      { value: String(c.aOnly), label: "A only", tone: "a" },
      { value: String(c.bOnly), label: "B only", tone: "b" },
      { value: String(c.contradictions), label: c.contradictions === 1 ? "contradiction" : "contradictions", tone: "red" },
    ],
    notes,
    body: {
      kind: "panels",
      panels: (["a", "b", "both"] as const).map(
        (k): PanelFace => ({
          key: k,
          title: k === "both" ? "Both" : `Model ${k.toUpperCase()}`,
          panel: r.panels[k],
          caption: panelCaption(r.panels[k], k),
          evidence: r.evidence,
        }),
      ),
      legend: `white core: claims both models made · blue: only A · orange: only B · grey line: agree · dashed red: contradict${lexical ? " · dotted: lexical" : ""} · width ∝ strength${notFoundAny(r) ? " · dashed ring: claim not found in its answer" : ""}`,
    },
  };
}

/** consensusByNodes of one pair of models, recomputed from its raw counts. */
function cell(m: MultiWeave, i: number, j: number): number | null {
  if (i === j) return null;
  const x = m.models[i];
  const y = m.models[j];
  const pw = m.pairwise.find((p) => (p.x === x && p.y === y) || (p.x === y && p.y === x));
  return pw ? recomputeConsensus(pw.consensus) : (m.matrix[i]?.[j] ?? null);
}

export function multiWeaveSheet(r: WeaveResult & { multi: MultiWeave }): Sheet {
  const m = r.multi;
  const n = m.models.length;
  const d = m.distribution;
  const label = (s: string) => `${s.toUpperCase()} · ${r.slots[s]?.model ?? "?"}`;
  const core = d.groups === 0 ? null : Math.round((d.all / d.groups) * 1000) / 10;
  const rings = Array.from({ length: n }, (_, i) => n - i).map((k) => ({
    value: String(d.byCount[String(k)] ?? 0),
    label: k === n ? `groups made by all ${n}` : k === 1 ? "made by one model" : `made by ${k} of ${n}`,
  }));
  const sp = m.matrixSpread;
  const shared = m.groups.filter((g) => g.size > 1);
  const listed = shared.slice(0, STATIC_GROUP_LIMIT);
  const mode = parseModeNote(r.parseMode);
  return {
    kind: "weave-multi",
    title: `duellab · weave of ${n} models`,
    question: r.question,
    stats: [
      { value: pct(core), label: "core: groups made by every model", main: true },
      ...rings,
      { value: sp.min === null ? "n/a" : `${pct(sp.min)} / ${pct(sp.median)} / ${pct(sp.max)}`, label: "pairwise consensus min / median / max" },
      ...(m.coreSpread
        ? [
            {
              value: `${pct(m.coreSpread.min)} / ${pct(m.coreSpread.median)} / ${pct(m.coreSpread.max)}`,
              label: `core over ${m.coreSpread.values.length} judge runs`,
            },
          ]
        : []),
    ],
    notes: [
      r.parseMode === "fallback-lexical"
        ? { text: "lexical fallback for at least one pair — some edges are word overlap, not judged", tone: "red" }
        : { text: mode.text, tone: mode.level === "warn" ? "amber" : "muted" },
      ...evidenceLines({ ...r, tracedConsensus: undefined }),
      slotsLine(r.slots, r.demo),
      ...warningLines(r.warnings),
    ],
    body: {
      kind: "groups",
      grid: {
        caption: "Agreement matrix (two-model consensus of each pair)",
        header: m.models.map((s) => s.toUpperCase()),
        rows: m.models.map((s, i) => {
          const values = m.models.map((_, j) => cell(m, i, j));
          return { label: label(s), values, cells: values.map((v, j) => (i === j ? "—" : pct(v))) };
        }),
      },
      groups: listed.map((g) => ({
        size: g.size === n ? `made by all ${n}` : `made by ${g.size} of ${n}`,
        texts: Object.entries(g.texts).map(([s, t]) => ({ text: `${s.toUpperCase()}: ${t}` })),
      })),
      more: shared.length > listed.length ? `${shared.length - listed.length} more groups are in the result.` : null,
      footnote: `${d.one} claim${d.one === 1 ? " was" : "s were"} made by one model only. Groups: ${m.groupRule}.`,
    },
  };
}
