// The judge-output parse ladder on three inputs, each timed against JSON.parse on the same input
// in one interleaved run: valid 30-pair JSON (the ladder must cost what JSON.parse costs), a
// fenced answer with prose around it, and a 19 KB answer cut off at max_tokens (JSON.parse throws
// on both; the ladder reads them). Short batches of each parser alternate for many rounds, so a
// busy machine slows all of them alike (the order rotates each round); prints per-call median and best (least disturbed) times,
// their ratios to JSON.parse, and the rung that read each input.
// Set PARSE_BASELINE to another parse.ts (e.g. a copy of an earlier ladder kept outside the repo)
// to time it side by side as well.
import { parseLoose } from "../src/lib/judge/parse";

const ROUNDS = 41;
const TARGET_MS_PER_BATCH = 4;
/** Valid JSON must cost at most this much more than an earlier ladder's reading of it. */
const VALID_LIMIT = 1.2;

type Parser = (text: string) => unknown;

function pair(i: number, reasonWords = 0): Record<string, unknown> {
  const p: Record<string, unknown> = {
    a: i % 12,
    b: (i * 7) % 12,
    relation: i % 4 === 0 ? "contradict" : "agree",
    strength: Math.round((0.95 - i * 0.01) * 100) / 100,
  };
  if (reasonWords) p.reason = Array.from({ length: reasonWords }, (_, k) => `word${(i + k) % 17}`).join(" ");
  return p;
}

const valid = JSON.stringify({ pairs: Array.from({ length: 30 }, (_, i) => pair(i)) });
const fenced = `Sure! Here is the JSON you asked for:\n\n\`\`\`json\n${JSON.stringify({ pairs: Array.from({ length: 30 }, (_, i) => pair(i)) }, null, 2)}\n\`\`\`\n\nLet me know if you need the reasoning behind each pair.`;
const long = JSON.stringify({ pairs: Array.from({ length: 400 }, (_, i) => pair(i, 12)) }, null, 1);
const truncated = long.slice(0, 19 * 1024);

const INPUTS: { name: string; text: string }[] = [
  { name: "valid 30-pair JSON", text: valid },
  { name: "fenced answer with prose", text: fenced },
  { name: "truncated 19 KB answer", text: truncated },
];

function jsonParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // JSON.parse throws on it: the ladder's baseline is the failed attempt
  }
}

/** Microseconds per call of `fn` on `text` over one batch of `iterations` calls. */
function perCall(fn: Parser, text: string, iterations: number): number {
  const t = performance.now();
  for (let i = 0; i < iterations; i++) fn(text);
  return ((performance.now() - t) * 1000) / iterations;
}

function calibrate(fn: Parser, text: string): number {
  let n = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn(text);
    if (performance.now() - t >= TARGET_MS_PER_BATCH / 4 || n >= 1 << 20)
      return Math.max(1, Math.round((n * TARGET_MS_PER_BATCH) / Math.max(0.001, performance.now() - t)));
    n *= 2;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const parsers: { name: string; fn: Parser }[] = [
    { name: "JSON.parse", fn: jsonParse },
    { name: "ladder", fn: parseLoose },
  ];
  const baselinePath = process.env.PARSE_BASELINE;
  if (baselinePath) {
    const mod = (await import(baselinePath)) as { parseLoose: Parser };
    parsers.push({ name: "baseline", fn: mod.parseLoose });
  }
  console.log(`judge-output parse ladder vs JSON.parse, ${ROUNDS} interleaved rounds of ~${TARGET_MS_PER_BATCH} ms batches, µs per call`);
  if (baselinePath) console.log(`  baseline ladder: ${baselinePath}`);
  // Warm every parser on every input first, so none is measured before the JIT has seen them all.
  for (const input of INPUTS) for (const p of parsers) for (let i = 0; i < 20; i++) p.fn(input.text);
  for (const input of INPUTS) {
    const read = parseLoose(input.text);
    const iterations = parsers.map((p) => calibrate(p.fn, input.text));
    const times: number[][] = parsers.map(() => []);
    // The order rotates every round: whoever runs after the others' garbage pays for its collection.
    for (let r = 0; r < ROUNDS; r++) {
      for (let j = 0; j < parsers.length; j++) {
        const k = (r + j) % parsers.length;
        times[k]!.push(perCall(parsers[k]!.fn, input.text, iterations[k]!));
      }
    }
    const med = times.map(median);
    const best = times.map((xs) => Math.min(...xs));
    const rung = read.ok ? `read by "${read.rung}"` : `not read: ${read.error}`;
    const jsonOk = jsonParse(input.text) !== undefined ? "parses" : "throws";
    console.log(`\n  ${input.name} (${(input.text.length / 1024).toFixed(1)} KB; JSON.parse ${jsonOk}; ladder ${rung})`);
    parsers.forEach((p, k) => {
      console.log(
        `    ${p.name.padEnd(11)} median ${med[k]!.toFixed(2).padStart(9)} µs (${(med[k]! / med[0]!).toFixed(2)}x JSON.parse)   best ${best[k]!.toFixed(2).padStart(9)} µs (${(best[k]! / best[0]!).toFixed(2)}x)`,
      );
    });
    if (baselinePath) {
      const limit =
        input === INPUTS[0] ? `  (valid input must stay within ${VALID_LIMIT}x: ${best[1]! / best[2]! <= VALID_LIMIT ? "within" : "OVER"}, by best)` : "";
      console.log(`    ladder / baseline   median ${(med[1]! / med[2]!).toFixed(2)}x   best ${(best[1]! / best[2]!).toFixed(2)}x${limit}`);
    }
  }
}

main().catch((e) => {
  console.error(`parse benchmark could not run: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
