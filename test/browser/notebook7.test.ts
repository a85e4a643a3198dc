// weave() and graphite() in Jupyter Notebook 7 (the same prebuilt extension as JupyterLab, another
// application shell): the stages appear live and in order, the graph draws one circle per node,
// the repair button's round trip through the kernel turns a crash into a chart, the widgets come
// back from the kernel after a reload, and the page logs no console error of duellab's or the
// kernel's. (Notebook 7.6.3 itself throws "Cannot read properties of undefined (reading 'schema')"
// as a notebook opens, with any kernel and without duellab: see NOTEBOOK7_NOISE in support/lab.ts.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { chromiumOrSkip } from "../support/chromium";
import { notebook, openNotebook, startLab, type Lab, type NotebookPage } from "./support/lab";

const WEAVE_CELL = [
  `process.env.DUELLAB_DEMO_LATENCY_MS = "600"; // every demo call takes 600 ms, so each stage is seen`,
  `import { weave, graphite, buildLogCsv, DEMO_QUESTIONS } from "duellab";`,
  `const r = await weave({`,
  `  question: DEMO_QUESTIONS[0],`,
  `  a: { provider: "demo", model: "atlas" },`,
  `  b: { provider: "demo", model: "beacon" },`,
  `  judge: { provider: "demo", model: "judge" },`,
  `});`,
  `console.log("COUNTS " + JSON.stringify({ a: r.claims.a.length, b: r.claims.b.length, both: r.panels.both.nodes.length }));`,
].join("\n");

const GRAPHITE_CELL = [
  `process.env.DUELLAB_DEMO_LATENCY_MS = "0";`,
  `const g = await graphite({`,
  `  csv: buildLogCsv(),`,
  `  question: "What happened to build times, and which stack is the outlier?",`,
  `  a: { provider: "demo", model: "analyst" },`,
  `  b: { provider: "demo", model: "crasher" },`,
  `  judge: { provider: "demo", model: "judge" },`,
  `});`,
  `console.log("STATUS " + g.charts.b.run.status);`,
].join("\n");

const OUTPUTS_FN = `window.outputs = () => Array.from(document.querySelectorAll(".jp-OutputArea-output")).map((e) => e.innerText).join("\\n");`;
declare function outputs(): string;

test("Notebook 7: weave's stages live, its graph, graphite's repair round trip, a reload, no console error", { timeout: 480000 }, async (t) => {
  const chromium = chromiumOrSkip(t);
  if (!chromium) return;
  let lab: Lab | null = null;
  let nb: NotebookPage | null = null;
  try {
    lab = await startLab({ app: "notebook", notebooks: { "duel.ipynb": notebook([WEAVE_CELL, GRAPHITE_CELL]) } });
    nb = await openNotebook(lab, "duel.ipynb", chromium);
    const { page } = nb;
    await nb.ready(120000);
    const appName = await page.evaluate(() => (window as unknown as { jupyterapp: { name: string } }).jupyterapp.name);
    assert.equal(appName, "Jupyter Notebook", "this is Notebook 7's application, not JupyterLab's");
    await page.evaluate(OUTPUTS_FN);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __stages: string[] }).__stages = seen;
      new MutationObserver(() => {
        const active = document.querySelector<HTMLElement>('.dl-stage[data-status="active"]')?.dataset.stage;
        if (active && seen[seen.length - 1] !== active) seen.push(active);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"] });
    });
    await nb.runAll();

    // weave: stages in order while the cell runs, then one circle per node in each panel.
    await page.waitForFunction(() => outputs().includes("COUNTS "), undefined, { timeout: 180000 });
    const stages = await page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);
    assert.deepEqual(stages.slice(0, 5), ["asking", "extracting", "classifying", "weaving", "settled"], "weave's stages became active in order, live");
    const text = await nb.outputText();
    const counts = JSON.parse(text.slice(text.indexOf("COUNTS ") + 7).split("\n")[0]!) as { a: number; b: number; both: number };
    const circles = async () => {
      const out: Record<string, number> = {};
      for (const panel of ["a", "b", "both"]) out[panel] = await page.locator(`[data-panel="${panel}"] circle`).count();
      return out;
    };
    await page.locator('[data-panel="both"] circle').first().waitFor({ timeout: 15000 });
    assert.deepEqual(await circles(), { a: counts.a, b: counts.b, both: counts.both }, "each panel draws one circle per node");

    // graphite: the crasher's chart fails, the repair button goes through the kernel and back.
    await page.waitForFunction(() => outputs().includes("STATUS "), undefined, { timeout: 180000 });
    assert.match(await nb.outputText(), /STATUS error/, "the crasher's first try crashed");
    const imgA = page.locator('img.dl-chart-img[data-side="a"]').first();
    await imgA.waitFor({ timeout: 15000 });
    assert.ok((await imgA.evaluate((i: HTMLImageElement) => i.naturalWidth)) > 0, "chart A decodes as an image");
    assert.match(await page.locator('article.dl-chart[data-side="b"]').innerText(), /KeyError/, "the verbatim traceback is shown");
    await page.locator('button.dl-repair[data-side="b"]').click();
    await page.locator('article.dl-chart[data-side="b"][data-status="ok"]').waitFor({ timeout: 120000 });
    const imgB = page.locator('img.dl-chart-img[data-side="b"]').first();
    await imgB.waitFor({ timeout: 15000 });
    assert.ok((await imgB.evaluate((i: HTMLImageElement) => i.naturalWidth)) > 0, "chart B decodes after the repair");
    assert.match(await page.locator('article.dl-chart[data-side="b"]').innerText(), /repair 1/, "the attempt history shows the repair");

    // Reload: Notebook 7 reconnects to the running kernel and the widgets come back from it,
    // the repaired chart included.
    await nb.save();
    await page.reload();
    await nb.ready(120000);
    await page.locator('article.dl-chart[data-side="b"][data-status="ok"]').waitFor({ timeout: 60000 });
    await page.locator('[data-panel="both"] circle').first().waitFor({ timeout: 30000 });
    assert.deepEqual(await circles(), { a: counts.a, b: counts.b, both: counts.both }, "the restored graph has the same nodes");
    assert.ok(
      (await page
        .locator('img.dl-chart-img[data-side="b"]')
        .first()
        .evaluate((i: HTMLImageElement) => i.naturalWidth)) > 0,
      "the restored chart B decodes",
    );

    assert.deepEqual(nb.unexpectedErrors(), [], "no console errors in Notebook 7, before or after the reload");
    // Two page loads: Notebook 7's own shortcuts race (jupyter/notebook#7862) at most once each.
    const tolerated = nb.toleratedErrors();
    assert.ok(tolerated.length <= 2, `Notebook 7's upstream error at most once per page load: ${tolerated.join(" | ")}`);
    if (tolerated.length) t.diagnostic(`tolerated Notebook 7's upstream error (jupyter/notebook#7862, not duellab's) ${tolerated.length}x: ${tolerated[0]}`);
  } catch (e) {
    if (lab) (e as Error).message += `\n--- Notebook 7 log (tail) ---\n${lab.log().slice(-4000)}`;
    if (nb) (e as Error).message += `\n--- console errors ---\n${nb.consoleErrors.join("\n")}`;
    throw e;
  } finally {
    await nb?.close();
    await lab?.stop();
  }
});
