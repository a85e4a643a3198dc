// A synthetic N-model weave result with a known shape, built with the real pure modules (match,
// consensus, panels, grouping, matrix): claims 0-3 of every model are one idea each (the core),
// the rest map to `spread` ideas by (7j + 3m) mod spread, and ideas 5k and 5k+1 contradict. Used by the
// browser test and the benchmark; no models, no I/O.
import { maximumMatching } from "../../../src/lib/weave/match";
import { computeConsensus } from "../../../src/lib/weave/consensus";
import { buildPanels } from "../../../src/lib/weave/panels";
import { groupClaims, GROUP_RULE } from "../../../src/lib/weave/multi/group";
import { agreementMatrix, distribution, modelPairs } from "../../../src/lib/weave/multi/matrix";
import { sideKeys } from "../../../src/lib/weave/prompts";
import type { Pair, WeaveResult } from "../../../src/lib/schema/weave";

const WORDS = ["cache", "deploy", "latency", "schema", "tests", "budget", "team", "scaling", "logs", "queue", "service", "module"];

/** `spread` ideas share the non-core claims: 20 gives mid rings, 60 puts most claims on the outer ring, 0 makes every non-core claim unique. */
export function ideaOf(model: number, j: number, spread = 20): number {
  if (j < 4) return j;
  return spread === 0 ? 4 + model * 100 + j : 4 + ((7 * j + 3 * model) % spread);
}

export function multiFixture(models: number, perModel: number, spread = 20): WeaveResult {
  const sides = sideKeys(models);
  const claims: Record<string, string[]> = {};
  sides.forEach((side, m) => {
    claims[side] = Array.from({ length: perModel }, (_, j) => {
      const idea = ideaOf(m, j, spread);
      return `Model ${side.toUpperCase()} says idea ${idea}: the ${WORDS[idea % WORDS.length]} ${WORDS[(idea * 5) % WORDS.length]} matters${"!".repeat(j % 3)} (${"detail ".repeat(1 + ((idea + m) % 6)).trim()}).`;
    });
  });
  const pairwise = modelPairs(sides).map(([x, y]) => {
    const mx = sides.indexOf(x);
    const my = sides.indexOf(y);
    const pairs: Pair[] = [];
    for (let a = 0; a < perModel; a++) {
      for (let b = 0; b < perModel; b++) {
        const ia = ideaOf(mx, a, spread);
        const ib = ideaOf(my, b, spread);
        if (ia === ib) pairs.push({ a, b, relation: "agree", strength: 0.8, sourceKind: "judge" });
        else if (ia >= 4 && ib >= 4 && Math.min(ia, ib) % 5 === 0 && Math.abs(ia - ib) === 1)
          pairs.push({ a, b, relation: "contradict", strength: 0.6, sourceKind: "judge" });
      }
    }
    const matches = maximumMatching(pairs, claims[x]!, claims[y]!);
    return {
      x,
      y,
      pairs,
      matches,
      consensus: computeConsensus(perModel, perModel, pairs, matches),
      classify: { parseMode: "json" as const, raw: [], failure: null, rung: "as-is" },
    };
  });
  const { groups, groupEdges } = groupClaims(sides, claims, pairwise);
  const { matrix, spread: matrixSpread } = agreementMatrix(sides, pairwise);
  const ab = pairwise[0]!;
  const slot = (model: string) => ({ provider: "demo" as const, model, baseUrl: "http://127.0.0.1/v1", temperature: null, maxTokens: null, thinking: null });
  return {
    kind: "weave",
    version: 1,
    question: `Which ideas do ${models} models share?`,
    runId: `fixture-${models}x${perModel}`,
    nonce: "0000",
    createdAt: "2026-01-01T00:00:00.000Z",
    demo: true,
    sides,
    slots: { ...Object.fromEntries(sides.map((s) => [s, slot(`model-${s}`)])), judge: slot("judge") },
    answers: Object.fromEntries(
      sides.map((s) => [
        s,
        {
          text: claims[s]!.join(" "),
          usage: { promptTokens: null, completionTokens: null, totalTokens: null },
          reasoningTokens: null,
          finishReason: "stop",
          latencyMs: 0,
        },
      ]),
    ),
    claims,
    pairs: ab.pairs,
    parseMode: "json",
    judge: { extract: Object.fromEntries(sides.map((s) => [s, { parseMode: "json" as const, raw: [], failure: null, rung: "as-is" }])), classify: ab.classify },
    consensus: ab.consensus,
    panels: buildPanels(claims.a!, claims.b!, ab.pairs, ab.matches),
    prompts: [],
    calls: [],
    warnings: [],
    timings: { stages: {}, totalMs: 0 },
    multi: {
      models: sides,
      pairwise: pairwise.map(({ x, y, pairs, consensus, classify }) => ({ x, y, pairs, consensus, classify })),
      groups,
      groupEdges,
      distribution: distribution(groups, models),
      matrix,
      matrixSpread,
      groupRule: GROUP_RULE,
    },
  };
}
