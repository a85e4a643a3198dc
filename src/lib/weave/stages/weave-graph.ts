// Stage 4 of a weave, Weaving: pure. The maximum matching, consensus and panels of A and B, the
// weakest parse mode any judge step needed, and for N models the hypergraph, the distribution and
// the agreement matrix over every pair.
import type { ParseMode } from "../../schema/common";
import type { MultiWeave, PairwiseWeave, Stability, WeaveResult } from "../../schema/weave";
import { spreadOf } from "../../judge/stability";
import { classifiedParseMode, pairConsensus, type Classified } from "../classify";
import { computeConsensus } from "../consensus";
import { tracedConsensus } from "../evidence";
import { maximumMatching } from "../match";
import { groupClaims } from "../multi/group";
import { agreementMatrix, distribution } from "../multi/matrix";
import { GROUP_RULE } from "../multi/group";
import { buildPanels } from "../panels";
import type { Side } from "./context";
import type { ClassifiedAll } from "./classify";
import type { Extracted } from "./extract";

const PARSE_ORDER: ParseMode[] = ["json", "json-retry", "fallback-lexical"];
export function weakestParseMode(modes: ParseMode[]): ParseMode {
  return modes.reduce<ParseMode>((w, m) => (PARSE_ORDER.indexOf(m) > PARSE_ORDER.indexOf(w) ? m : w), "json");
}

/** The graph part of the result, from the claims and the classified pairs. Pure. */
export function weaveGraph(
  o: { sides: Side[]; multi: boolean },
  { claims, extractSteps, evidence }: Pick<Extracted, "claims" | "extractSteps"> & Partial<Pick<Extracted, "evidence">>,
  { pairList, classifiedList }: Pick<ClassifiedAll, "pairList" | "classifiedList">,
): Pick<WeaveResult, "pairs" | "parseMode" | "consensus" | "panels" | "stability" | "multi" | "tracedConsensus"> {
  const ab = classifiedList[0]!;
  const pairs = ab.pairs;
  const matches = maximumMatching(pairs, claims.a!, claims.b!);
  const consensus = computeConsensus(claims.a!.length, claims.b!.length, pairs, matches);
  const panels = buildPanels(claims.a!, claims.b!, pairs, matches);
  const parseMode = weakestParseMode([...o.sides.map((s) => extractSteps[s]!.parseMode), ...classifiedList.map(classifiedParseMode)]);
  const multiWeave = o.multi ? weaveMany(o.sides, claims, pairList, classifiedList) : undefined;
  const stability: Stability | undefined = ab.stability ?? undefined;
  const traced = evidence ? tracedConsensus(claims.a!, claims.b!, pairs, evidence.a!, evidence.b!) : null;
  return {
    pairs,
    parseMode,
    consensus,
    panels,
    ...(traced ? { tracedConsensus: traced } : {}),
    ...(stability ? { stability } : {}),
    ...(multiWeave ? { multi: multiWeave } : {}),
  };
}

/** The hypergraph, the distribution and the matrix of an N-model weave, from each pair's relations. */
export function weaveMany(sides: string[], claims: Record<string, string[]>, pairList: Array<[string, string]>, classified: Classified[]): MultiWeave {
  const pairwise: PairwiseWeave[] = pairList.map(([x, y], i) => {
    const c = classified[i]!;
    return {
      x,
      y,
      pairs: c.pairs,
      classify: { ...c.step, parseMode: classifiedParseMode(c) },
      consensus: pairConsensus(claims[x]!, claims[y]!, c.pairs),
      ...(c.stability ? { stability: c.stability } : {}),
    };
  });
  const { groups, groupEdges } = groupClaims(
    sides,
    claims,
    pairwise.map((p) => ({ x: p.x, y: p.y, pairs: p.pairs, matches: p.consensus.matches })),
  );
  const { matrix, spread } = agreementMatrix(sides, pairwise);
  const runs = Math.max(...classified.map((c) => c.runPairs.length));
  // Repeated judge runs: the core share regrouped from each run's own relations, so the headline is a spread.
  const coreSpread =
    runs > 1
      ? spreadOf(
          Array.from({ length: runs }, (_, k) => {
            const ofRun = pairList.map(([x, y], i) => ({ x, y, pairs: classified[i]!.runPairs[k] ?? null }));
            if (ofRun.some((p) => p.pairs === null)) return null;
            const regrouped = groupClaims(
              sides,
              claims,
              ofRun.map((p) => ({ ...p, pairs: p.pairs!, matches: maximumMatching(p.pairs!, claims[p.x]!, claims[p.y]!) })),
            );
            return distribution(regrouped.groups, sides.length).coreShare;
          }),
        )
      : undefined;
  return {
    models: [...sides],
    pairwise,
    groups,
    groupEdges,
    distribution: distribution(groups, sides.length),
    matrix,
    matrixSpread: spread,
    groupRule: GROUP_RULE,
    ...(coreSpread ? { coreSpread } : {}),
  };
}
