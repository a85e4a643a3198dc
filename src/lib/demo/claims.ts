// The weave claim bank: what each demo answerer says to each example question, and the designed
// truth about how those claims relate. The demo judge classifies by looking claims up here, so the
// expected consensus of a demo run is known before it runs and tests can assert it.
//
// Claims are single sentences with no quotes, so an answer is just its claims joined and any
// extraction that splits sentences gets them back verbatim.
import { DEMO_QUESTIONS } from "./questions";

export const ANSWERERS = ["atlas", "beacon", "cedar"] as const;
export type Answerer = (typeof ANSWERERS)[number];

export interface BankRelation {
  x: { who: Answerer; i: number };
  y: { who: Answerer; i: number };
  relation: "agree" | "contradict";
  strength: number;
}

export interface QuestionBank {
  question: string;
  claims: Record<Answerer, string[]>;
  relations: BankRelation[];
}

const rel =
  (relation: "agree" | "contradict") =>
  (xw: Answerer, xi: number, yw: Answerer, yi: number, strength: number): BankRelation => ({
    x: { who: xw, i: xi },
    y: { who: yw, i: yi },
    relation,
    strength,
  });
const agree = rel("agree");
const contradict = rel("contradict");

const MICROSERVICES: QuestionBank = {
  question: DEMO_QUESTIONS[0]!,
  claims: {
    atlas: [
      "A five-person team should start with a modular monolith.", // 0
      "A single deployable unit keeps the release process simple.", // 1
      "Microservices add network latency and partial failures that a small team must handle.", // 2
      "Splitting into services too early fixes boundaries before the domain is understood.", // 3
      "A single shared database keeps transactions simple for the team.", // 4
      "Operating many services requires serious investment in monitoring and on-call.", // 5 (trap)
      "Distributed tracing becomes essential once requests cross service boundaries.", // 6 (trap)
      "A monolith can scale horizontally behind a load balancer for a long time.", // 7
      "Hiring is easier when new engineers only need to learn one codebase.", // 8
      "Kubernetes is not worth adopting for a small team.", // 9
      "Clear module boundaries inside the monolith make a later split cheaper.", // 10
      "Most successful startups extracted services only after finding product-market fit.", // 11
    ],
    beacon: [
      "Starting with a well-structured monolith is the right call for five engineers.", // 0
      "Deploying one artifact keeps releases fast and easy to roll back.", // 1
      "Every network hop between services is a new way for a request to fail.", // 2
      "Service boundaries drawn before the domain is clear are expensive to move later.", // 3
      "A single database lets the team use ordinary transactions instead of sagas.", // 4
      "Running microservices demands mature observability with metrics, logs and distributed tracing.", // 5 (trap)
      "Each extra service adds on-call and operational load for a small team.", // 6 (trap)
      "A monolith becomes a scaling bottleneck as soon as traffic grows.", // 7
      "Microservices make onboarding easier because each service is small.", // 8
      "Kubernetes is worth adopting from day one, even for a small team.", // 9
      "Independent services let each engineer own a component end to end.", // 10
      "Serverless functions are a reasonable middle ground for bursty workloads.", // 11
    ],
    cedar: [
      "For a team of five, a monolith is the pragmatic default.", // 0
      "Shipping one deployable makes continuous delivery simpler.", // 1
      "Calls between services bring latency and new failure modes.", // 2
      "Keeping module boundaries strict inside the monolith preserves the option to extract services later.", // 3
      "Teams typically split out services only after the product has found its market.", // 4
      "Small independent services give each engineer clear ownership.", // 5
      "Serverless functions suit bursty background jobs.", // 6
      "A managed database service removes most of the work of running Postgres.", // 7
      "Fast automated tests matter more than the choice of architecture.", // 8
      "Kubernetes can wait until the team is much larger.", // 9
    ],
  },
  relations: [
    // atlas ↔ beacon: five one-to-one agreements ...
    agree("atlas", 0, "beacon", 0, 0.95),
    agree("atlas", 1, "beacon", 1, 0.85),
    agree("atlas", 2, "beacon", 2, 0.8),
    agree("atlas", 3, "beacon", 3, 0.85),
    agree("atlas", 4, "beacon", 4, 0.8),
    // ... and the greedy trap: atlas 5 agrees with beacon 5 (strongest) and beacon 6; atlas 6 agrees
    // only with beacon 5. Greedy-by-strength takes 5–5 and strands both others (1 pair); a maximum
    // matching takes 5–6 and 6–5 (2 pairs).
    agree("atlas", 5, "beacon", 5, 0.9),
    agree("atlas", 5, "beacon", 6, 0.8),
    agree("atlas", 6, "beacon", 5, 0.75),
    contradict("atlas", 7, "beacon", 7, 0.8),
    contradict("atlas", 8, "beacon", 8, 0.7),
    contradict("atlas", 9, "beacon", 9, 0.85),
    // cedar: three claims all three make, three shared with atlas only, two with beacon only.
    agree("atlas", 0, "cedar", 0, 0.9),
    agree("beacon", 0, "cedar", 0, 0.9),
    agree("atlas", 1, "cedar", 1, 0.85),
    agree("beacon", 1, "cedar", 1, 0.8),
    agree("atlas", 2, "cedar", 2, 0.9),
    agree("beacon", 2, "cedar", 2, 0.85),
    agree("atlas", 10, "cedar", 3, 0.9),
    agree("atlas", 11, "cedar", 4, 0.85),
    agree("atlas", 9, "cedar", 9, 0.85),
    contradict("beacon", 9, "cedar", 9, 0.8),
    agree("beacon", 10, "cedar", 5, 0.85),
    agree("beacon", 11, "cedar", 6, 0.8),
  ],
};

const BUILD_CACHE: QuestionBank = {
  question: DEMO_QUESTIONS[1]!,
  claims: {
    atlas: [
      "A remote build cache usually pays for itself within weeks on an active repository.", // 0
      "Cache hits skip compiling unchanged modules, which cuts build times sharply.", // 1
      "Cache keys must include compiler versions and flags, or stale artifacts leak into builds.", // 2
      "The cache server becomes one more piece of infrastructure to secure and monitor.", // 3
      "Teams should measure build times before and after enabling the cache.", // 4
      "A remote cache is safe to share between CI and developer laptops.", // 5
      "Hermetic build tools such as Bazel get the most out of a remote cache.", // 6
      "Small repositories that build in under a minute gain little from caching.", // 7
    ],
    beacon: [
      "For a busy repository the cost of a remote cache is recovered quickly.", // 0
      "Reusing cached outputs avoids rebuilding code that did not change.", // 1
      "Incorrect cache keys can serve stale outputs and cause confusing failures.", // 2
      "Running a cache server adds operational work such as access control and monitoring.", // 3
      "Comparing build durations across the cut-over is the only honest way to judge the cache.", // 4
      "Developer machines should only read from the cache and never write to it, to avoid poisoning.", // 5
      "Cache hit rates above eighty percent are typical for mature monorepos.", // 6
      "Slow outliers such as mobile builds often benefit the most from caching.", // 7
    ],
    cedar: [
      "A remote cache cuts CI build times once it is warm.", // 0
      "The savings usually justify the cost of running the cache.", // 1
      "Measure build times before and after to confirm the cache helps.", // 2
      "Bazel and similar hermetic tools benefit most from remote caching.", // 3
      "Mobile builds tend to gain the most from a cache.", // 4
      "Flaky tests are a bigger drag on CI than slow compilation.", // 5
    ],
  },
  relations: [
    agree("atlas", 0, "beacon", 0, 0.9),
    agree("atlas", 1, "beacon", 1, 0.85),
    agree("atlas", 2, "beacon", 2, 0.8),
    agree("atlas", 3, "beacon", 3, 0.8),
    agree("atlas", 4, "beacon", 4, 0.75),
    contradict("atlas", 5, "beacon", 5, 0.8),
    agree("atlas", 1, "cedar", 0, 0.8),
    agree("beacon", 1, "cedar", 0, 0.8),
    agree("atlas", 0, "cedar", 1, 0.8),
    agree("beacon", 0, "cedar", 1, 0.8),
    agree("atlas", 4, "cedar", 2, 0.85),
    agree("beacon", 4, "cedar", 2, 0.8),
    agree("atlas", 6, "cedar", 3, 0.9),
    agree("beacon", 7, "cedar", 4, 0.85),
  ],
};

export const CLAIM_BANK: QuestionBank[] = [MICROSERVICES, BUILD_CACHE];

/** What a correct weave of two demo answerers must report, written by hand from the design above. */
export interface ExpectedPair {
  claims: [number, number];
  agreeRelations: number;
  contradictions: number;
  /** Maximum bipartite matching over agree relations. */
  sharedPairs: number;
  /** What greedy-by-strength matching would (wrongly) report. */
  greedySharedPairs: number;
  aOnly: number;
  bOnly: number;
  /** shared / (shared + aOnly + bOnly) × 100, one decimal. */
  consensusByNodes: number;
  linkedClaims: number;
  totalClaims: number;
  participationByNodes: number;
}

export const EXPECTED: Record<string, Record<"atlas-beacon" | "atlas-cedar" | "beacon-cedar", ExpectedPair>> = {
  [MICROSERVICES.question]: {
    "atlas-beacon": {
      claims: [12, 12],
      agreeRelations: 8,
      contradictions: 3,
      sharedPairs: 7,
      greedySharedPairs: 6,
      aOnly: 5,
      bOnly: 5,
      consensusByNodes: 41.2,
      linkedClaims: 20,
      totalClaims: 24,
      participationByNodes: 83.3,
    },
    "atlas-cedar": {
      claims: [12, 10],
      agreeRelations: 6,
      contradictions: 0,
      sharedPairs: 6,
      greedySharedPairs: 6,
      aOnly: 6,
      bOnly: 4,
      consensusByNodes: 37.5,
      linkedClaims: 12,
      totalClaims: 22,
      participationByNodes: 54.5,
    },
    "beacon-cedar": {
      claims: [12, 10],
      agreeRelations: 5,
      contradictions: 1,
      sharedPairs: 5,
      greedySharedPairs: 5,
      aOnly: 7,
      bOnly: 5,
      consensusByNodes: 29.4,
      linkedClaims: 12,
      totalClaims: 22,
      participationByNodes: 54.5,
    },
  },
  [BUILD_CACHE.question]: {
    "atlas-beacon": {
      claims: [8, 8],
      agreeRelations: 5,
      contradictions: 1,
      sharedPairs: 5,
      greedySharedPairs: 5,
      aOnly: 3,
      bOnly: 3,
      consensusByNodes: 45.5,
      linkedClaims: 12,
      totalClaims: 16,
      participationByNodes: 75.0,
    },
    "atlas-cedar": {
      claims: [8, 6],
      agreeRelations: 4,
      contradictions: 0,
      sharedPairs: 4,
      greedySharedPairs: 4,
      aOnly: 4,
      bOnly: 2,
      consensusByNodes: 40.0,
      linkedClaims: 8,
      totalClaims: 14,
      participationByNodes: 57.1,
    },
    "beacon-cedar": {
      claims: [8, 6],
      agreeRelations: 4,
      contradictions: 0,
      sharedPairs: 4,
      greedySharedPairs: 4,
      aOnly: 4,
      bOnly: 2,
      consensusByNodes: 40.0,
      linkedClaims: 8,
      totalClaims: 14,
      participationByNodes: 57.1,
    },
  },
};

/**
 * The three-answerer pattern for N-model weave: each group is one idea and the claim index of every
 * answerer who made it. `who.length` is how many models made it (3 = the core, 1 = the outer ring).
 */
export interface DesignedGroup {
  who: Answerer[];
  claims: Partial<Record<Answerer, number>>;
}

const g = (claims: Partial<Record<Answerer, number>>): DesignedGroup => ({ who: ANSWERERS.filter((a) => claims[a] !== undefined), claims });

export const DESIGNED_GROUPS: Record<string, DesignedGroup[]> = {
  [MICROSERVICES.question]: [
    g({ atlas: 0, beacon: 0, cedar: 0 }),
    g({ atlas: 1, beacon: 1, cedar: 1 }),
    g({ atlas: 2, beacon: 2, cedar: 2 }),
    g({ atlas: 3, beacon: 3 }),
    g({ atlas: 4, beacon: 4 }),
    g({ atlas: 5, beacon: 6 }),
    g({ atlas: 6, beacon: 5 }),
    g({ atlas: 10, cedar: 3 }),
    g({ atlas: 11, cedar: 4 }),
    g({ atlas: 9, cedar: 9 }),
    g({ beacon: 10, cedar: 5 }),
    g({ beacon: 11, cedar: 6 }),
    g({ atlas: 7 }),
    g({ atlas: 8 }),
    g({ beacon: 7 }),
    g({ beacon: 8 }),
    g({ beacon: 9 }),
    g({ cedar: 7 }),
    g({ cedar: 8 }),
  ],
  [BUILD_CACHE.question]: [
    g({ atlas: 1, beacon: 1, cedar: 0 }),
    g({ atlas: 0, beacon: 0, cedar: 1 }),
    g({ atlas: 4, beacon: 4, cedar: 2 }),
    g({ atlas: 2, beacon: 2 }),
    g({ atlas: 3, beacon: 3 }),
    g({ atlas: 6, cedar: 3 }),
    g({ beacon: 7, cedar: 4 }),
    g({ atlas: 5 }),
    g({ atlas: 7 }),
    g({ beacon: 5 }),
    g({ beacon: 6 }),
    g({ cedar: 5 }),
  ],
};

/** How many groups were made by all three, by exactly two, and by one answerer, per question. */
export function groupCounts(question: string): { all: number; two: number; one: number } {
  const gs = DESIGNED_GROUPS[question] ?? [];
  return {
    all: gs.filter((x) => x.who.length === 3).length,
    two: gs.filter((x) => x.who.length === 2).length,
    one: gs.filter((x) => x.who.length === 1).length,
  };
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
const normQuestion = (q: string) => norm(q);

export function bankFor(question: string): QuestionBank | null {
  const q = normQuestion(question);
  return CLAIM_BANK.find((b) => normQuestion(b.question) === q) ?? null;
}

export interface ClaimRef {
  bank: QuestionBank;
  who: Answerer;
  i: number;
}

const index = new Map<string, ClaimRef>();
for (const bank of CLAIM_BANK) for (const who of ANSWERERS) for (const [i, text] of bank.claims[who].entries()) index.set(norm(text), { bank, who, i });

/** Which bank claim a piece of text is, if any (case and punctuation do not matter). */
export function findClaim(text: string): ClaimRef | null {
  return index.get(norm(text)) ?? null;
}

/** The designed relation between two bank claims, in either direction. */
export function relationBetween(x: ClaimRef, y: ClaimRef): { relation: "agree" | "contradict"; strength: number } | null {
  if (x.bank !== y.bank) return null;
  for (const r of x.bank.relations) {
    const fwd = r.x.who === x.who && r.x.i === x.i && r.y.who === y.who && r.y.i === y.i;
    const back = r.x.who === y.who && r.x.i === y.i && r.y.who === x.who && r.y.i === x.i;
    if (fwd || back) return { relation: r.relation, strength: r.strength };
  }
  return null;
}
