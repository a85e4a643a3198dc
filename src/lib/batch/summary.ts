// The few numbers a batch needs from each run, read from the run's own result. Pure.
import type { ItemSummary } from "../schema/batch";
import type { GraphiteResult } from "../schema/graphite";
import type { WeaveResult } from "../schema/weave";
import { tallyEvidence } from "../snapshot/evidence-tally";
import { share as pct } from "../snapshot/recount";

/** Per side: traced and all claims, from the result's evidence; undefined on results from before evidence. */
function tracedBySide(r: WeaveResult): ItemSummary["tracedBySide"] {
  if (!r.evidence) return undefined;
  return Object.fromEntries(
    Object.entries(r.evidence).map(([side, ev]) => {
      const t = tallyEvidence(ev);
      return [side, { traced: t.traced, claims: t.claims, untraced: t.untraced }];
    }),
  );
}

function evidenceFields(r: WeaveResult): Pick<ItemSummary, "tracedBySide" | "judgeModel"> {
  const traced = tracedBySide(r);
  const judge = r.slots.judge?.model;
  return { ...(traced ? { tracedBySide: traced } : {}), ...(judge ? { judgeModel: judge } : {}) };
}

export function weaveItemSummary(r: WeaveResult): ItemSummary {
  const sharedBySide: Record<string, number | null> = {};
  const linkedBySide: Record<string, number | null> = {};
  // What both kinds report, in this order; sharedBySide and linkedBySide are filled below.
  const common = () => ({
    consensus: r.consensus.consensusByNodes,
    participation: r.consensus.participationByNodes,
    sharedBySide,
    linkedBySide,
    parseMode: r.parseMode,
  });
  const multi = r.multi;
  if (multi) {
    // N models: a claim is shared when its group holds another model's claim too; related when
    // any pairwise classification linked it.
    for (const side of multi.models) {
      const n = r.claims[side]?.length ?? 0;
      const shared = multi.groups.filter((g) => g.size >= 2 && g.members[side] !== undefined).length;
      const linked = new Set<number>();
      for (const pw of multi.pairwise) {
        if (pw.x === side) for (const p of pw.pairs) linked.add(p.a);
        if (pw.y === side) for (const p of pw.pairs) linked.add(p.b);
      }
      sharedBySide[side] = pct(shared, n);
      linkedBySide[side] = pct(linked.size, n);
    }
    const groups = multi.distribution.groups;
    const groupsBySize: Record<string, number | null> = {};
    for (let k = 1; k <= multi.models.length; k++) groupsBySize[String(k)] = pct(multi.distribution.byCount[String(k)] ?? 0, groups);
    return {
      ...common(),
      coreShare: multi.distribution.coreShare,
      groupsBySize,
      ...evidenceFields(r),
    };
  }
  // Pairs and matches relate side "a" to side "b".
  for (const side of ["a", "b"] as const) {
    const n = r.claims[side]?.length ?? 0;
    const matched = new Set(r.consensus.matches.map((m) => m[side])).size;
    const linked = new Set(r.pairs.map((p) => p[side])).size;
    sharedBySide[side] = pct(matched, n);
    linkedBySide[side] = pct(linked, n);
  }
  return { ...common(), ...evidenceFields(r) };
}

export function graphiteItemSummary(r: GraphiteResult): ItemSummary {
  const firstTryOk: Record<string, boolean> = {};
  const finalOk: Record<string, boolean> = {};
  const repairs: Record<string, number> = {};
  for (const side of ["a", "b"] as const) {
    const c = r.charts[side];
    firstTryOk[side] = c.error === null && c.attempts[0]?.run.status === "ok";
    finalOk[side] = c.error === null && c.run.status === "ok";
    repairs[side] = c.attempts.filter((a) => a.kind === "repair").length;
  }
  // A judge that could not be read gave no verdict: its placeholder "neither" is not a tie.
  const judged = r.judge !== null && r.judge.parseMode !== "fallback-none";
  const st = r.judge?.stability;
  if (st) {
    // Repeated judging: a side only when the runs gave it a majority in both orders. A verdict the
    // order decided is position bias, not a win and not a tie; a split is no verdict.
    const ship = st.outcome === "a" || st.outcome === "b" || st.outcome === "neither" ? st.outcome : null;
    return { ship, positionBias: st.outcome === "position-bias", firstTryOk, finalOk, repairs };
  }
  return { ship: judged ? r.judge!.ship : null, firstTryOk, finalOk, repairs };
}
