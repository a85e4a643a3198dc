// What the static fallbacks of a saved output cost: the time to draw them per output (median and
// worst, weave and graphite, with the longest stretch the kernel's event loop was held), set against
// the 150 ms a fallback may delay the moment a widget settles; and the bytes each output adds to a
// saved notebook, with the size of a notebook of 10 weaves and 10 graphites (target < 5 MB).
// The settled state is published before the fallbacks are drawn (run/live.ts: the run finishes,
// then fallback()), so what is measured here delays the end of the cell, not the settle.
import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fallbackDisplays } from "../src/lib/snapshot/fallback";
import { findFonts } from "../src/lib/snapshot/fonts";
import { widgetIdentity } from "../src/lib/schema/widget";
import { multiFixture } from "../test/unit/multi/fixture";
import { reportLoad, runBench } from "./support";

const ROUNDS = 15;
const BUDGET_MS = 150;
const fixture = (n: string): unknown => JSON.parse(fs.readFileSync(path.join(__dirname, "../test/fixtures/results", `${n}.json`), "utf8"));

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function measure(result: unknown): Promise<{ median: number; worst: number; loop: number; bytes: number; state: number }> {
  const times: number[] = [];
  const h = monitorEventLoopDelay({ resolution: 5 });
  let bytes = 0;
  await fallbackDisplays({ modelId: "warm", text: "x", result }); // module and font loading, once per kernel
  h.enable();
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const d = await fallbackDisplays({ modelId: `m${i}`, text: "summary", result });
    times.push(performance.now() - t);
    bytes = d.bytes;
    await new Promise((r) => setImmediate(r));
  }
  h.disable();
  const state = JSON.stringify({ ...widgetIdentity(), view: (result as { kind: string }).kind, run: null, result, pending: [] }).length;
  return { median: pct(times, 0.5), worst: Math.max(...times), loop: h.max / 1e6, bytes, state };
}

runBench("fallback", async () => {
  reportLoad("fallback");
  const fonts = findFonts();
  console.log(`fallback: pictures drawn with ${fonts ? fonts.source : "no font (no picture: the text fallback says so)"}`);
  const cases: [string, unknown][] = [
    ["weave 12+12 claims", fixture("weave-12x12")],
    ["weave, lexical fallback", fixture("weave-lexical")],
    ["weave of 8 models", multiFixture(8, 12)],
    ["graphite, two charts", fixture("graphite-charts")],
    ["graphite, one crashed", fixture("graphite-crash")],
  ];
  const rows: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const [name, r] of cases) {
    const m = await measure(r);
    rows[name] = m;
    console.log(
      `fallback: ${name}: drawn in median ${m.median.toFixed(0)} ms, worst ${m.worst.toFixed(0)} ms, in the picture worker (the kernel's event loop was held at most ${m.loop.toFixed(0)} ms: ${(m.loop / BUDGET_MS).toFixed(2)}× the ${BUDGET_MS} ms budget); adds ${(m.bytes / 1024).toFixed(0)} KB beside a ${(m.state / 1024).toFixed(0)} KB widget state`,
    );
  }
  const w = rows["weave 12+12 claims"]!;
  const g = rows["graphite, two charts"]!;
  const notebook = 10 * (w.bytes + w.state) + 10 * (g.bytes + g.state);
  console.log(
    `fallback: a notebook of 10 weaves and 10 graphites: ${(notebook / 1024 / 1024).toFixed(2)} MB of widget state and fallbacks (target < 5 MB), of which fallbacks ${(((10 * (w.bytes + g.bytes)) / notebook) * 100).toFixed(0)}%`,
  );
  console.log(
    `fallback: settle delay: 0 ms by construction (the settled state goes out before the fallbacks are drawn); the cell ends ${w.median.toFixed(0)} ms (weave) / ${g.median.toFixed(0)} ms (graphite) later`,
  );
  return notebook < 5 * 1024 * 1024 ? 0 : 1;
});
