// The numbers of an N-model weave, each recomputable from raw counts: how many models made each
// group (the rings), and the two-model consensus of every pair of models (the heat map), computed
// with exactly the two-model rules so a 2-model weave reads the same as before. Pure.
import type { ClaimGroup, Consensus, MultiWeave, Spread } from "../../schema/weave";
import { spreadOf } from "../../judge/stability";
import { percent } from "../consensus";

export function distribution(groups: readonly ClaimGroup[], models: number): MultiWeave["distribution"] {
  const byCount: Record<string, number> = {};
  for (let k = 1; k <= models; k++) byCount[String(k)] = 0;
  for (const g of groups) byCount[String(g.size)] = (byCount[String(g.size)] ?? 0) + 1;
  const all = byCount[String(models)] ?? 0;
  return {
    byCount,
    all,
    one: byCount["1"] ?? 0,
    groups: groups.length,
    claims: groups.reduce((t, g) => t + g.size, 0),
    coreShare: percent(all, groups.length),
  };
}

/** cells[i][j] = consensusByNodes of models i and j (symmetric); null on the diagonal. */
export function agreementMatrix(
  models: readonly string[],
  pairwise: ReadonlyArray<{ x: string; y: string; consensus: Consensus }>,
): { matrix: Array<Array<number | null>>; spread: Spread } {
  const at = new Map(models.map((m, i) => [m, i]));
  const matrix = models.map(() => models.map((): number | null => null));
  const offDiagonal: Array<number | null> = [];
  for (const p of pairwise) {
    const i = at.get(p.x);
    const j = at.get(p.y);
    if (i === undefined || j === undefined || i === j) continue;
    matrix[i]![j] = p.consensus.consensusByNodes;
    matrix[j]![i] = p.consensus.consensusByNodes;
    offDiagonal.push(p.consensus.consensusByNodes);
  }
  return { matrix, spread: spreadOf(offDiagonal) };
}

/** Every unordered pair of models, lower index first: MODEL A of each CLASSIFY is the lower one. */
export function modelPairs<T>(models: readonly T[]): Array<[T, T]> {
  const out: Array<[T, T]> = [];
  for (let i = 0; i < models.length; i++) for (let j = i + 1; j < models.length; j++) out.push([models[i]!, models[j]!]);
  return out;
}
