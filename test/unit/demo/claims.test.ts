// The claim bank's designed truth, recomputed from its relations: the numbers a correct weave of
// two demo answerers must report are exactly the ones the bank exports.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  ANSWERERS,
  CLAIM_BANK,
  DESIGNED_GROUPS,
  EXPECTED,
  findClaim,
  groupCounts,
  relationBetween,
  type Answerer,
  type QuestionBank,
} from "../../../src/lib/demo/claims";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";

type Edge = { a: number; b: number; relation: "agree" | "contradict"; strength: number };

function edges(bank: QuestionBank, x: Answerer, y: Answerer): Edge[] {
  const out: Edge[] = [];
  bank.claims[x].forEach((_, a) => {
    bank.claims[y].forEach((_, b) => {
      const r = relationBetween({ bank, who: x, i: a }, { bank, who: y, i: b });
      if (r) out.push({ a, b, ...r });
    });
  });
  return out;
}

/** Kuhn's augmenting paths: the size of a maximum matching over agree edges. */
function maximum(es: Edge[]): number {
  const adj = new Map<number, number[]>();
  for (const e of es) if (e.relation === "agree") adj.set(e.a, [...(adj.get(e.a) ?? []), e.b]);
  const holder = new Map<number, number>();
  const assign = (a: number, seen: Set<number>): boolean => {
    for (const b of adj.get(a) ?? []) {
      if (seen.has(b)) continue;
      seen.add(b);
      const h = holder.get(b);
      if (h === undefined || assign(h, seen)) {
        holder.set(b, a);
        return true;
      }
    }
    return false;
  };
  for (const a of adj.keys()) assign(a, new Set());
  return holder.size;
}

function greedy(es: Edge[]): number {
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  for (const e of es.filter((x) => x.relation === "agree").sort((x, y) => y.strength - x.strength)) {
    if (usedA.has(e.a) || usedB.has(e.b)) continue;
    usedA.add(e.a);
    usedB.add(e.b);
  }
  return usedA.size;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

test("the first example question is the one the notebooks use", () => {
  assert.equal(DEMO_QUESTIONS[0], "Should a five-person startup build its backend as microservices or as a monolith?");
  assert.ok(DEMO_QUESTIONS.length >= 2);
  assert.deepEqual(
    CLAIM_BANK.map((b) => b.question),
    DEMO_QUESTIONS,
  );
});

for (const bank of CLAIM_BANK) {
  for (const [x, y] of [
    ["atlas", "beacon"],
    ["atlas", "cedar"],
    ["beacon", "cedar"],
  ] as const) {
    test(`${x} vs ${y} on "${bank.question.slice(0, 40)}…": expected counts recompute from the relations`, () => {
      const es = edges(bank, x, y);
      const shared = maximum(es);
      const na = bank.claims[x].length;
      const nb = bank.claims[y].length;
      const linkedA = new Set(es.map((e) => e.a)).size;
      const linkedB = new Set(es.map((e) => e.b)).size;
      const got = {
        claims: [na, nb],
        agreeRelations: es.filter((e) => e.relation === "agree").length,
        contradictions: es.filter((e) => e.relation === "contradict").length,
        sharedPairs: shared,
        greedySharedPairs: greedy(es),
        aOnly: na - shared,
        bOnly: nb - shared,
        consensusByNodes: round1((shared / (na + nb - shared)) * 100),
        linkedClaims: linkedA + linkedB,
        totalClaims: na + nb,
        participationByNodes: round1(((linkedA + linkedB) / (na + nb)) * 100),
      };
      assert.deepEqual(got, EXPECTED[bank.question]![`${x}-${y}` as "atlas-beacon" | "atlas-cedar" | "beacon-cedar"]);
    });
  }
}

test("atlas vs beacon holds the greedy trap: greedy-by-strength under-counts a maximum matching", () => {
  const e = EXPECTED[DEMO_QUESTIONS[0]!]!["atlas-beacon"];
  assert.equal(e.sharedPairs, 7);
  assert.equal(e.greedySharedPairs, 6);
  assert.equal(e.consensusByNodes, 41.2);
  assert.ok(e.contradictions >= 2 && e.contradictions <= 3);
});

test("every claim is one quote-free sentence, found again by its text, unique across the bank", () => {
  const seen = new Set<string>();
  for (const bank of CLAIM_BANK) {
    for (const who of ANSWERERS) {
      bank.claims[who].forEach((text, i) => {
        assert.match(text, /^[A-Z][^"'\u201c\u201d\u2018\u2019[\]]*\.$/, text);
        assert.equal(text.split(/(?<=[.!?])\s+/).length, 1, text);
        assert.ok(!seen.has(text.toLowerCase()), `duplicate claim ${text}`);
        seen.add(text.toLowerCase());
        const ref = findClaim(`  ${text.toUpperCase()} `);
        assert.deepEqual([ref?.bank, ref?.who, ref?.i], [bank, who, i]);
      });
    }
  }
  assert.equal(findClaim("A claim no answerer made."), null);
});

test("the three-answerer pattern: every claim in exactly one group, group members agree pairwise", () => {
  for (const bank of CLAIM_BANK) {
    const groups = DESIGNED_GROUPS[bank.question]!;
    for (const who of ANSWERERS) {
      const used = groups.flatMap((g) => (g.claims[who] === undefined ? [] : [g.claims[who]!])).sort((p, q) => p - q);
      assert.deepEqual(
        used,
        bank.claims[who].map((_, i) => i),
        `${who} on ${bank.question}`,
      );
    }
    for (const g of groups) {
      for (let p = 0; p < g.who.length; p++)
        for (let q = p + 1; q < g.who.length; q++) {
          const x = g.who[p]!;
          const y = g.who[q]!;
          const r = relationBetween({ bank, who: x, i: g.claims[x]! }, { bank, who: y, i: g.claims[y]! });
          assert.equal(r?.relation, "agree", `${x}${g.claims[x]} ~ ${y}${g.claims[y]}`);
        }
    }
  }
  assert.deepEqual(groupCounts(DEMO_QUESTIONS[0]!), { all: 3, two: 9, one: 7 });
  assert.deepEqual(groupCounts(DEMO_QUESTIONS[1]!), { all: 3, two: 4, one: 5 });
});
