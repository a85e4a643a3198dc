// The demo judges. `judge` extracts (quoting each claim's words) and classifies well because it
// knows the claim bank; the others say the same thing badly (messy: bare strings, no quotes), not
// at all (broken), or differently each run (unstable); the quoting judges of ./quoting misquote
// in one designed way each.
import { sentences } from "./answers";
import { firstDistinct } from "../judge/lexical";
import { findClaim, relationBetween } from "./claims";
import { brokenAnswer, messyObject, messyPairs, messyStringArray } from "./messy";
import { QUOTING_JUDGES, quotingExtract, unparaphrase, type QuotingJudge } from "./quoting";
import { nonceOf, readChartJudge, readClassify, readExtract, type ChartFacts } from "./prompts";
import { createHash } from "node:crypto";
import { designedUnstablePairs, judgeRunOf } from "./unstable";

export const JUDGES = ["judge", "judge-messy", "judge-broken", "judge-unstable", ...QUOTING_JUDGES] as const;
export type JudgeName = (typeof JUDGES)[number];

export interface DemoPair {
  a: number;
  b: number;
  relation: "agree" | "contradict";
  strength: number;
}

/** EXTRACT: the answer's sentences, which for the demo answerers are exactly their claims. */
export function extractClaims(answer: string, max: number): string[] {
  return firstDistinct(sentences(answer), max);
}

const same = (x: string, y: string) =>
  x
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim() ===
  y
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** CLASSIFY: the designed relations between the two lists, strongest first, at most `max`. */
export function classifyPairs(a: string[], b: string[], max: number): DemoPair[] {
  const pairs: DemoPair[] = [];
  a.forEach((ta, i) => {
    const ra = findClaim(ta);
    b.forEach((tb, j) => {
      const rb = findClaim(tb);
      // The same bank claim on both sides (one model asked twice) says the same thing: agree.
      const r =
        ra && rb
          ? ra === rb
            ? { relation: "agree" as const, strength: 1 }
            : relationBetween(ra, rb)
          : !ra && !rb && ta && same(ta, tb)
            ? { relation: "agree" as const, strength: 1 }
            : null;
      if (r) pairs.push({ a: i, b: j, relation: r.relation, strength: r.strength });
    });
  });
  pairs.sort((x, y) => y.strength - x.strength || x.a - y.a || x.b - y.b);
  return pairs.slice(0, max);
}

/** The unstable judge: per run (nonce) it drops one designed relation and may flip another. */
export function unstablePairs(pairs: DemoPair[], nonce: string): DemoPair[] {
  if (pairs.length === 0) return pairs;
  const h = createHash("sha256").update(nonce).digest();
  const drop = h[0]! % pairs.length;
  const flip = h[1]! % 2 === 0 ? h[2]! % pairs.length : -1;
  return pairs
    .map((p, k) => (k === flip && k !== drop ? { ...p, relation: p.relation === "agree" ? ("contradict" as const) : ("agree" as const), strength: 0.5 } : p))
    .filter((_, k) => k !== drop);
}

const int = (s: string | undefined): number => {
  const m = /-?\d+/.exec(s ?? "");
  return m ? Number(m[0]) : 0;
};
const yes = (s: string | undefined) => /^yes/i.test(s ?? "");
const clamp = (n: number) => Math.max(1, Math.min(10, Math.round(n)));

export interface ChartScore {
  insight: number;
  clarity: number;
  verdict: string;
}

/** Score one chart from its measured facts only, the way a careful judge would read them. */
export function scoreChart(side: "A" | "B", f: ChartFacts): ChartScore {
  const status = (f.status ?? "unknown").split(/\s/)[0]!;
  if (status !== "ok") return { insight: 1, clarity: 1, verdict: `Chart ${side} did not render (status ${status}), so there is nothing to ship.` };
  const lines = int(f["line objects"]);
  const patches = int(f["patch objects"]);
  const overlap = int(f["overlapping text"]);
  const labels = [f["title present"], f["x-axis label present"], f["y-axis label present"]].filter(yes).length;
  const legend = yes(f["legend present"]);
  const faith = (f.faithfulness ?? "").toLowerCase();
  const unfaithful = /unfaithful|not from the data|mismatch|wrong/.test(faith);
  let insight = 5;
  let why = "a plain view of the data";
  if (patches > 50) {
    insight = 3;
    why = "one bar per raw row buries the trend";
  } else if (lines >= 2 && legend) {
    insight = 8;
    why = "a smoothed trend with the cut-over and the outlier called out";
  } else if (lines <= 1) {
    insight = 4;
    why = "a single series with little context";
  }
  if (unfaithful) {
    insight -= 3;
    why += ", and the plotted values do not match the data";
  }
  const clarity = 3 + 2 * labels + (legend ? 1 : 0) - Math.min(3, Math.ceil(overlap / 10));
  return {
    insight: clamp(insight),
    clarity: clamp(clarity),
    verdict: `Chart ${side}: ${why}; ${labels} of 3 labels${legend ? ", legend" : ", no legend"}${overlap ? `, ${overlap} overlapping labels` : ""}.`,
  };
}

export function judgeCharts(a: ChartFacts, b: ChartFacts): { a: ChartScore; b: ChartScore; ship: "a" | "b" | "neither" } {
  const sa = scoreChart("A", a);
  const sb = scoreChart("B", b);
  const okA = (a.status ?? "").startsWith("ok");
  const okB = (b.status ?? "").startsWith("ok");
  const ship = !okA && !okB ? "neither" : !okB ? "a" : !okA ? "b" : sb.insight + sb.clarity > sa.insight + sa.clarity ? "b" : "a";
  return { a: sa, b: sb, ship };
}

/** A demo judge's whole answer to one prompt. */
export function judgeAnswer(name: JudgeName, prompt: string): string {
  const extract = readExtract(prompt);
  const classify = extract ? null : readClassify(prompt);
  const charts = extract || classify ? null : readChartJudge(prompt);
  const kind = extract ? "extract" : classify ? "classify" : charts ? "chart" : "other";
  if (name === "judge-broken") return brokenAnswer(kind);
  if (extract) {
    const claims = extractClaims(extract.answer, extract.max);
    if ((QUOTING_JUDGES as readonly string[]).includes(name)) return quotingExtract(name as QuotingJudge, extract.answer, claims, extract.max);
    // The messy judge is an older, terser judge: a bare list of strings, no quotes.
    return name === "judge-messy" ? messyStringArray(claims) : JSON.stringify({ claims: claims.map((c) => ({ claim: c, quote: c })) });
  }
  if (classify) {
    let pairs = classifyPairs(classify.a.map(unparaphrase), classify.b.map(unparaphrase), classify.max);
    if (name === "judge-unstable") {
      // Repeated runs (judgeRuns > 1) get the designed misbehaviour of ./unstable; a single run varies by nonce.
      const run = judgeRunOf(prompt);
      pairs = run ? designedUnstablePairs(pairs, classify.a, classify.b, run.k) : unstablePairs(pairs, nonceOf(prompt) || prompt);
    }
    return name === "judge-messy" ? messyPairs(pairs) : JSON.stringify({ pairs });
  }
  if (charts) {
    const verdict = judgeCharts(charts.a, charts.b);
    return name === "judge-messy" ? messyObject({ ...verdict, confident: true, notes: null }) : JSON.stringify(verdict);
  }
  return "I am a duellab demo judge: I only understand the EXTRACT, CLASSIFY and chart-judging prompts that duellab builds.";
}
