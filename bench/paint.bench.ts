// How fast the weave view paints: from a 12 + 12 claim result's state arriving (JSON text, as a
// comm message delivers it) to the three panels on screen with all their nodes, in headless
// Chromium. Measured side by side with a baseline: the same state painted as a JSON dump.
// Run: node --import tsx bench/paint.bench.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, findChromium } from "../test/support/chromium";

const ROOT = path.resolve(__dirname, "..");
const ROUNDS = 15;
const TARGET_MS = 300;

async function main(): Promise<number> {
  const exe = findChromium();
  if (!exe) {
    console.error("paint bench: no Chromium found; cannot run");
    return 1;
  }
  const bundlePath = path.join(ROOT, "dist/widget/standalone.js");
  if (!fs.existsSync(bundlePath)) {
    console.error("paint bench: dist/widget/standalone.js missing: run npm run build");
    return 1;
  }
  const result = JSON.parse(fs.readFileSync(path.join(ROOT, "test/fixtures/results/weave-12x12.json"), "utf8"));
  const state = {
    view: "weave",
    run: { title: "weave", status: "done", stages: [], startedAt: null, endedAt: null, error: null, cancellable: false },
    result,
    pending: [],
  };
  const claims = `${result.claims.a.length} + ${result.claims.b.length}`;
  const file = path.join(os.tmpdir(), `duellab-paint-${process.pid}.html`);
  fs.writeFileSync(
    file,
    `<!doctype html><meta charset="utf-8"><body><div id="host"></div><script>${fs.readFileSync(bundlePath, "utf8").replace(/<\/script/gi, "<\\/script")}</script>`,
  );
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  try {
    const out: Record<string, number[]> = { view: [], dump: [], reduced: [] };
    for (const motion of ["no-preference", "reduce"] as const) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: motion });
      const page = await ctx.newPage();
      // tsx names functions with a __name helper; the page needs it to run our evaluate callback.
      await page.addInitScript("window.__name = (f) => f");
      await page.goto(`file://${file}`);
      const text = JSON.stringify(state);
      for (let i = 0; i < ROUNDS + 2; i++) {
        // Alternate baseline and view in one run, so both see the same machine load.
        const [dump, view] = await page.evaluate(async (json) => {
          const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
          const host = document.getElementById("host")!;
          const paint = async (fn: (el: HTMLElement) => void, ready: () => boolean) => {
            const el = document.createElement("div");
            host.replaceChildren(el);
            await frame();
            const t0 = performance.now();
            fn(el);
            while (!ready()) await frame();
            await frame(); // the frame that shows it
            return performance.now() - t0;
          };
          const dumpMs = await paint(
            (el) => {
              const pre = document.createElement("pre");
              pre.textContent = JSON.stringify(JSON.parse(json), null, 2);
              el.append(pre);
            },
            () => true,
          );
          const s = JSON.parse(json);
          const want = ["a", "b", "both"].map((k) => s.result.panels[k].nodes.length);
          const viewMs = await paint(
            (el) => (window as any).duellabView.render(el, JSON.parse(json), {}),
            () => ["a", "b", "both"].every((k, j) => document.querySelectorAll(`.dl-panel[data-panel="${k}"] circle`).length === want[j]),
          );
          (window as any).duellabView.unmount(host.firstElementChild);
          return [dumpMs, viewMs];
        }, text);
        if (i < 2) continue; // warm-up
        if (motion === "reduce") out.reduced!.push(view);
        else {
          out.dump!.push(dump);
          out.view!.push(view);
        }
      }
      await ctx.close();
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const dump = med(out.dump!),
      view = med(out.view!),
      reduced = med(out.reduced!);
    console.log(`paint bench: weave ${claims} claims, ${ROUNDS} rounds each, medians, headless Chromium`);
    console.log(`  baseline  JSON dump of the same state painted        ${dump.toFixed(1)} ms`);
    console.log(
      `  view      three panels painted with all nodes         ${view.toFixed(1)} ms   ratio ${(view / dump).toFixed(1)}× baseline   target ≤ ${TARGET_MS} ms: ${view <= TARGET_MS ? "met" : "MISSED"}`,
    );
    console.log(`  reduced   same, prefers-reduced-motion (settled sync)  ${reduced.toFixed(1)} ms   ratio ${(reduced / dump).toFixed(1)}× baseline`);
    return 0;
  } finally {
    await browser.close();
    fs.rmSync(file, { force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`paint bench could not run: ${(e as Error).message}`);
    process.exit(1);
  },
);
