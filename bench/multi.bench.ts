// N-model weave at the size, 8 models × 12 claims (96 claims), measured side by side:
//   - grouping (the hypergraph over 28 pairs) and the ring layout in Node, against settling the
//     two-model Both panel of a 12 + 12 weave (the layout users already wait for);
//   - first paint in headless Chromium, from the state's JSON to every consensus node on screen,
//     against a JSON dump of the same state and against the two-model view of a 12 + 12 weave.
//   - the run itself on loopback demo models at a fixed 200 ms per call: 2, 3 and 8 models and
//     judgeRuns 4, against the calls-deep critical path each should take.
// Run: node --import tsx bench/multi.bench.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, findChromium } from "../test/support/chromium";
import { multiFixture } from "../test/unit/multi/fixture";
import { groupClaims } from "../src/lib/weave/multi/group";
import { layoutRings } from "../src/widget/render/multi/layout";
import { createPanelLayout, settleSync } from "../src/lib/export/layout";
import { startDemoServer } from "../src/lib/demo/server";
import { DEMO_QUESTIONS } from "../src/lib/demo/questions";
import { weave, type WeaveOptions } from "../src/lib/weave/run";
import { CLASSIFY_CONCURRENCY } from "../src/lib/weave/multi/limit";
import { runBench } from "./support";

const LATENCY_MS = 200;
const RUN_ROUNDS = 3;

/** Wall time of weave() variants on a 200 ms server, interleaved, against their critical paths. */
async function runSide(): Promise<void> {
  const server = await startDemoServer({ latencyMs: LATENCY_MS });
  try {
    const slot = (model: string) => ({ provider: "custom" as const, baseUrl: server.url, model });
    const who = ["atlas", "beacon", "cedar", "atlas", "beacon", "cedar", "atlas", "beacon"];
    const base = { question: DEMO_QUESTIONS[0]!, judge: slot("judge"), display: false };
    const pairs8 = 28;
    const variants: Array<{ name: string; o: WeaveOptions; depth: number; why: string }> = [
      { name: "2 slots (a, b)", o: { ...base, a: slot("atlas"), b: slot("beacon") }, depth: 3, why: "answer, extract, classify" },
      { name: "models × 3", o: { ...base, models: who.slice(0, 3).map(slot) }, depth: 3, why: "3 classify calls run side by side" },
      {
        name: "models × 8",
        o: { ...base, models: who.map(slot) },
        depth: 2 + Math.ceil(pairs8 / CLASSIFY_CONCURRENCY),
        why: `28 classify calls, ${CLASSIFY_CONCURRENCY} at a time`,
      },
      { name: "2 slots, judgeRuns 4", o: { ...base, a: slot("atlas"), b: slot("beacon"), judgeRuns: 4 }, depth: 3, why: "4 classify runs side by side" },
    ];
    await weave(variants[0]!.o); // warm-up: module loading, connections
    const times = variants.map(() => [] as number[]);
    for (let i = 0; i < RUN_ROUNDS; i++) {
      for (const [k, v] of variants.entries()) {
        const t = performance.now();
        await weave(v.o);
        times[k]!.push(performance.now() - t);
      }
    }
    const two = med(times[0]!);
    console.log(`  run    weave() on demo models, every call ${LATENCY_MS} ms, ${RUN_ROUNDS} interleaved runs each (median)`);
    variants.forEach((v, k) => {
      const ms = med(times[k]!);
      const critical = v.depth * LATENCY_MS;
      console.log(
        `  run    ${v.name.padEnd(22)} ${ms.toFixed(0).padStart(5)} ms   ${(ms / critical).toFixed(2)}× its critical path (${v.depth} calls deep: ${v.why})   ${(ms / two).toFixed(2)}× the 2-slot run`,
      );
    });
  } finally {
    await server.close();
  }
}

const ROOT = path.resolve(__dirname, "..");
const ROUNDS = 15;
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function nodeSide(multi: ReturnType<typeof multiFixture>, two: any): { group: number; rings: number; both: number } {
  const m = multi.multi!;
  const sides = m.models;
  const pairwise = m.pairwise.map((p) => ({ x: p.x, y: p.y, pairs: p.pairs, matches: p.consensus.matches }));
  const out = { group: [] as number[], rings: [] as number[], both: [] as number[] };
  for (let i = 0; i < ROUNDS + 2; i++) {
    let t = performance.now();
    settleSync(createPanelLayout(two.panels.both, "both"));
    const both = performance.now() - t;
    t = performance.now();
    groupClaims(sides, multi.claims, pairwise);
    const group = performance.now() - t;
    t = performance.now();
    layoutRings(m.groups, sides.length);
    const rings = performance.now() - t;
    if (i < 2) continue;
    out.both.push(both);
    out.group.push(group);
    out.rings.push(rings);
  }
  return { group: med(out.group), rings: med(out.rings), both: med(out.both) };
}

async function main(): Promise<number> {
  const exe = findChromium();
  if (!exe) {
    console.error("multi bench: no Chromium found; cannot run");
    return 1;
  }
  const bundlePath = path.join(ROOT, "dist/widget/standalone.js");
  if (!fs.existsSync(bundlePath)) {
    console.error("multi bench: dist/widget/standalone.js missing: run npm run build");
    return 1;
  }
  const bundle = fs.readFileSync(bundlePath, "utf8");
  if (!bundle.includes("dl-multi")) {
    console.error("multi bench: the bundle has no N-model view: run node scripts/build.mjs");
    return 1;
  }
  const two = JSON.parse(fs.readFileSync(path.join(ROOT, "test/fixtures/results/weave-12x12.json"), "utf8"));
  const run = { title: "weave", status: "done", stages: [], startedAt: null, endedAt: null, error: null, cancellable: false };
  console.log(`multi bench: 8 models × 12 claims (96 claims), ${ROUNDS} rounds each, medians; baselines measured in the same loop`);
  await runSide();
  for (const spread of [20, 60]) {
    const multi = multiFixture(8, 12, spread);
    const m = multi.multi!;
    const n = nodeSide(multi, two);
    console.log(`  [${m.groups.length} groups: ${m.distribution.all} core, ${m.distribution.one} made by one, ${m.groupEdges.length} group edges]`);
    console.log(`  node   group 96 claims over 28 pairs       ${n.group.toFixed(2)} ms`);
    console.log(
      `  node   ring layout of ${String(m.groups.length).padStart(2)} groups          ${n.rings.toFixed(2)} ms   ratio ${(n.rings / n.both).toFixed(2)}× the 12+12 Both panel settle (${n.both.toFixed(2)} ms)`,
    );
    const file = path.join(os.tmpdir(), `duellab-multi-bench-${process.pid}.html`);
    fs.writeFileSync(file, `<!doctype html><meta charset="utf-8"><body><div id="host"></div><script>${bundle.replace(/<\/script/gi, "<\\/script")}</script>`);
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
    try {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
      const page = await ctx.newPage();
      await page.addInitScript("window.__name = (f) => f");
      await page.goto(`file://${file}`);
      const texts = {
        multi: JSON.stringify({ view: "weave", run, result: multi, pending: [] }),
        two: JSON.stringify({ view: "weave", run, result: two, pending: [] }),
      };
      const out: Record<string, number[]> = { dump: [], multi: [], two: [] };
      for (let i = 0; i < ROUNDS + 2; i++) {
        const r = await page.evaluate(async (t) => {
          const frame = () => new Promise<void>((res) => requestAnimationFrame(() => res()));
          const host = document.getElementById("host")!;
          const paint = async (fn: (el: HTMLElement) => void, ready: () => boolean) => {
            const el = document.createElement("div");
            host.replaceChildren(el);
            await frame();
            const t0 = performance.now();
            fn(el);
            while (!ready()) await frame();
            await frame();
            const ms = performance.now() - t0;
            (window as any).duellabView.unmount?.(el);
            return ms;
          };
          const v = (window as any).duellabView;
          const dump = await paint(
            (el) => {
              const pre = document.createElement("pre");
              pre.textContent = JSON.stringify(JSON.parse(t.multi), null, 2);
              el.append(pre);
            },
            () => true,
          );
          const groups = JSON.parse(t.multi).result.multi.groups.length;
          const multi = await paint(
            (el) => v.render(el, JSON.parse(t.multi), {}),
            () => document.querySelectorAll(".dl-multi-consensus circle.dl-multi-node").length === groups,
          );
          const s2 = JSON.parse(t.two);
          const want = ["a", "b", "both"].map((k) => s2.result.panels[k].nodes.length);
          const two = await paint(
            (el) => v.render(el, JSON.parse(t.two), {}),
            () => ["a", "b", "both"].every((k, j) => document.querySelectorAll(`.dl-panel[data-panel="${k}"] circle`).length === want[j]),
          );
          return { dump, multi, two };
        }, texts);
        if (i < 2) continue;
        out.dump!.push(r.dump);
        out.multi!.push(r.multi);
        out.two!.push(r.two);
      }
      await ctx.close();
      const dump = med(out.dump!),
        mv = med(out.multi!),
        tv = med(out.two!);
      console.log(`  chrome JSON dump of the same state painted      ${dump.toFixed(1)} ms`);
      console.log(
        `  chrome N-model view, every node on screen        ${mv.toFixed(1)} ms   ratio ${(mv / dump).toFixed(1)}× dump, ${(mv / tv).toFixed(2)}× the two-model 12+12 view (${tv.toFixed(1)} ms, reduced motion)`,
      );
    } finally {
      await browser.close();
      fs.rmSync(file, { force: true });
    }
  }
  return 0;
}

runBench("multi", main);
