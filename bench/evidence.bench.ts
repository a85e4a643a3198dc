// What weave's evidence check costs. (1) The extra output an extraction spends on quotes: the
// judge's JSON with {"claim","quote"} objects against the bare string array it used to return, for
// every demo answer and a realistic 12-claim answer whose claims are the judge's own short wording
// (bytes are measured; tokens are estimated at 4 bytes each, the demo server's own count, and said
// so), and the extra prompt bytes. (2) The time to verify 12 claims and cover a 4,000-word answer
// (limit 10 ms, median of many runs), beside the lexical sentence split of the same answer timed in
// the same interleaved rounds.
import { CLAIM_BANK, ANSWERERS } from "../src/lib/demo/claims";
import { answerFor } from "../src/lib/demo/answers";
import { judgeAnswer } from "../src/lib/demo/judge";
import { sentenceClaims } from "../src/lib/judge/lexical";
import { checkWeaveEvidence } from "../src/lib/weave/evidence";
import { extractPrompt } from "../src/lib/weave/prompts";
import { reportLoad, runBench } from "./support";

const LIMIT_MS = 10;
const ROUNDS = 61;
const bytes = (s: string) => Buffer.byteLength(s, "utf8");
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A realistic answer: markdown, twelve points, and the claims a careful judge writes for it. */
const REAL_ANSWER = [
  "**Short answer:** for a five-person team, start with a modular monolith and split later.",
  "",
  "1. A single deployable keeps releases simple: one pipeline, one rollback, one set of logs.",
  "2. Network calls between services add latency and partial failures, which a small team has to handle with retries, timeouts and idempotency.",
  "3. Drawing service boundaries before the domain is understood tends to freeze the wrong seams.",
  "4. One database means ordinary transactions instead of sagas and outbox tables.",
  "",
  "That said, microservices earn their keep once independent teams need to deploy on their own schedules.",
  "Observability (metrics, traces, structured logs) becomes non-negotiable at that point.",
  "Kubernetes is rarely worth it for five engineers; a managed PaaS covers most needs.",
  "Keep module boundaries explicit inside the monolith, so a later extraction is a refactor rather than a rewrite.",
  "Most companies that split successfully did so after product-market fit, not before.",
  "If one component has very different scaling needs, extract just that one.",
].join("\n");
const REAL_CLAIMS: Array<[string, string]> = [
  ["A five-person team should start with a modular monolith.", "start with a modular monolith"],
  ["One deployable keeps releases simple.", "A single deployable keeps releases simple"],
  ["Inter-service calls add latency and partial failures.", "Network calls between services add latency and partial failures"],
  ["Small teams must handle retries, timeouts and idempotency.", "a small team has to handle with retries, timeouts and idempotency"],
  ["Early service boundaries freeze the wrong seams.", "Drawing service boundaries before the domain is understood tends to freeze the wrong seams"],
  ["A single database allows ordinary transactions.", "One database means ordinary transactions instead of sagas"],
  ["Microservices pay off when teams deploy independently.", "microservices earn their keep once independent teams need to deploy on their own schedules"],
  ["Observability becomes essential with services.", "Observability (metrics, traces, structured logs) becomes non-negotiable"],
  ["Kubernetes is rarely worth it for five engineers.", "Kubernetes is rarely worth it for five engineers"],
  ["Explicit module boundaries make extraction a refactor.", "Keep module boundaries explicit inside the monolith ... a refactor rather than a rewrite"],
  ["Successful splits came after product-market fit.", "did so after product-market fit, not before"],
  ["Extract only a component with different scaling needs.", "If one component has very different scaling needs, extract just that one"],
];

function extraOutput(): number {
  const rows: Array<{ name: string; old: number; now: number }> = [];
  for (const bank of CLAIM_BANK) {
    for (const who of ANSWERERS) {
      const answer = answerFor(who, `${bank.question}\n\n[run-nonce: bench]`);
      const now = judgeAnswer("judge", extractPrompt("a", answer, "bench", 12));
      const old = judgeAnswer("judge-messy", extractPrompt("a", answer, "bench", 12));
      const oldClean = JSON.stringify(JSON.parse(now).claims.map((c: { claim: string }) => c.claim));
      void old;
      rows.push({ name: `demo ${who} (${bank.claims[who].length} claims)`, old: bytes(oldClean), now: bytes(now) });
    }
  }
  const realOld = JSON.stringify(REAL_CLAIMS.map(([c]) => c));
  const realNow = JSON.stringify({ claims: REAL_CLAIMS.map(([claim, quote]) => ({ claim, quote })) });
  rows.push({ name: "realistic answer (12 claims, own wording)", old: bytes(realOld), now: bytes(realNow) });
  // The realistic quotes must really trace, or the bench measures something a judge would not send.
  const ev = checkWeaveEvidence(
    { a: REAL_ANSWER },
    { a: { claims: REAL_CLAIMS.map(([c]) => c), raw: REAL_CLAIMS.map(([, quote]) => ({ quote, start: null, end: null })) } },
  );
  const traced = ev.evidence.a!.filter((e) => e.status === "traced").length;
  console.log("evidence: extraction output, bare string array vs claims with quotes (bytes measured; tokens ≈ bytes ÷ 4, estimated)");
  for (const r of rows) {
    const extra = r.now - r.old;
    console.log(
      `  ${r.name.padEnd(44)} ${String(r.old).padStart(6)} B → ${String(r.now).padStart(6)} B  +${extra} B (≈ +${Math.round(extra / 4)} tokens, ×${(r.now / r.old).toFixed(2)})`,
    );
  }
  const extras = rows.map((r) => r.now - r.old);
  console.log(`  median extra per extraction: ${median(extras)} B (≈ ${Math.round(median(extras) / 4)} tokens) over ${rows.length} extractions`);
  console.log(`  realistic answer: ${traced} of ${REAL_CLAIMS.length} quotes trace`);
  const p = extractPrompt("a", REAL_ANSWER, "bench", 12);
  const oldPrompt = p.replace(
    /^.*\n.*No commentary\./,
    "Split the following answer into atomic claims. Return a JSON array of strings, at most 12 items. No commentary.",
  );
  console.log(`  the prompt's instruction: +${bytes(p) - bytes(oldPrompt)} B per extraction (≈ +${Math.round((bytes(p) - bytes(oldPrompt)) / 4)} tokens)`);
  return traced === REAL_CLAIMS.length ? 0 : 1;
}

/** A 4,000-word answer of varied sentences (seeded), and 12 claims quoting across it. */
function longAnswer(): { text: string; raw: Array<{ quote: string; start: null; end: null }> } {
  const words =
    "cache build remote hit miss artifact layer docker image hash input output test team deploy latency queue worker service database index query plan scale shard replica region budget cost storage network".split(
      " ",
    );
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sentences: string[] = [];
  let count = 0;
  while (count < 4000) {
    const n = 12 + Math.floor(rnd() * 14);
    const s = Array.from({ length: n }, () => words[Math.floor(rnd() * words.length)]!);
    s[0] = s[0]!.charAt(0).toUpperCase() + s[0]!.slice(1);
    sentences.push(`${s.join(" ")} ${sentences.length}.`);
    count += n + 1;
  }
  const paras: string[] = [];
  for (let i = 0; i < sentences.length; i += 6) paras.push(sentences.slice(i, i + 6).join(" "));
  const text = paras.join("\n\n");
  const pick = (i: number) => sentences[Math.floor((i * sentences.length) / 12)]!;
  const raw = Array.from({ length: 12 }, (_, i) => {
    const s = pick(i);
    const w = s.split(" ");
    const quote = i === 3 ? `${w.slice(0, 4).join(" ")} ... ${w.slice(-3).join(" ")}` : i === 7 ? "words that are not in the answer at all" : s;
    return { quote, start: null, end: null };
  });
  return { text, raw };
}

function verifyTime(): number {
  const { text, raw } = longAnswer();
  const claims = raw.map((_, i) => `claim ${i}`);
  const check = () => checkWeaveEvidence({ a: text, b: "A short other answer." }, { a: { claims, raw }, b: { claims: [], raw: [] } });
  const split = () => sentenceClaims(text, 1000);
  const once = check();
  const t = once.evidence.a!;
  const words = text.split(/\s+/).length;
  const verify: number[] = [];
  const lexical: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? [check, split] : [split, check];
    for (const fn of order) {
      const t0 = performance.now();
      fn();
      (fn === check ? verify : lexical).push(performance.now() - t0);
    }
  }
  const mv = median(verify);
  const ml = median(lexical);
  console.log(`evidence: verify 12 claims and cover a ${words}-word answer (${once.coverage.a!.sentences.length} sentences), ${ROUNDS} interleaved rounds`);
  console.log(`  traced ${t.filter((e) => e.status === "traced").length} of 12 (one quote with a "..." gap, one not in the answer)`);
  console.log(`  verify + cover: median ${mv.toFixed(2)} ms, best ${Math.min(...verify).toFixed(2)} ms (limit ${LIMIT_MS} ms)`);
  console.log(`  lexical sentence split of the same answer: median ${ml.toFixed(2)} ms; ratio ${(mv / ml).toFixed(2)}×`);
  return mv <= LIMIT_MS ? 0 : 1;
}

runBench("evidence", async () => {
  reportLoad("evidence");
  const a = extraOutput();
  const b = verifyTime();
  if (b) console.log(`evidence: verify + cover took more than ${LIMIT_MS} ms`);
  return a || b;
});
