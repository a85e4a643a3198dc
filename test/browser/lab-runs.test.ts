// weave() and graphite() as a user meets them: cells run in real JupyterLab on the tslab kernel,
// headless Chromium watching. The stages appear in order while the cell runs, the graph shows as
// many nodes as the result has claims, hover reads the full claim, both charts are real images,
// and the repair button's round trip through the kernel turns a crash into a chart.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chromiumOrSkip } from "../support/chromium";
import { notebook, openNotebook, startLab, type Lab, type NotebookPage } from "./support/lab";

const WEAVE_CELL = [
  `process.env.DUELLAB_DEMO_LATENCY_MS = "600"; // every demo call takes 600 ms, so each stage is seen`,
  `import { weave, DEMO_QUESTIONS } from "duellab";`,
  `const r = await weave({`,
  `  question: DEMO_QUESTIONS[0],`,
  `  a: { provider: "demo", model: "atlas" },`,
  `  b: { provider: "demo", model: "beacon" },`,
  `  judge: { provider: "demo", model: "judge" },`,
  `});`,
  `console.log("COUNTS " + JSON.stringify({ a: r.claims.a.length, b: r.claims.b.length, both: r.panels.both.nodes.length, firstA: r.claims.a[0] }));`,
].join("\n");

const GRAPHITE_CELL = [
  `import { graphite, buildLogCsv } from "duellab";`,
  `const g = await graphite({`,
  `  csv: buildLogCsv(),`,
  `  question: "What happened to build times, and which stack is the outlier?",`,
  `  a: { provider: "demo", model: "analyst" },`,
  `  b: { provider: "demo", model: "crasher" },`,
  `  judge: { provider: "demo", model: "judge" },`,
  `});`,
  `console.log("STATUS " + g.charts.b.run.status);`,
].join("\n");

/** In the page: the text of the cell outputs only (the cell's source text must not count). */
const OUTPUTS_FN = `window.outputs = () => Array.from(document.querySelectorAll(".jp-OutputArea-output")).map((e) => e.innerText).join("\\n");`;
declare function outputs(): string;

test("weave in JupyterLab: stages in order, node counts equal the result's, hover reads the claim", { timeout: 300000 }, async (t) => {
  const chromium = chromiumOrSkip(t);
  if (!chromium) return;
  let lab: Lab | null = null;
  let nb: NotebookPage | null = null;
  try {
    lab = await startLab({ notebooks: { "weave.ipynb": notebook([WEAVE_CELL]) } });
    nb = await openNotebook(lab, "weave.ipynb", chromium);
    const { page } = nb;
    await page.evaluate(OUTPUTS_FN);
    await nb.ready(90000);
    // Record every stage that becomes active, as the page sees it, from before the cell runs.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __stages: string[] }).__stages = seen;
      new MutationObserver(() => {
        const active = document.querySelector<HTMLElement>('.dl-stage[data-status="active"]')?.dataset.stage;
        if (active && seen[seen.length - 1] !== active) seen.push(active);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"] });
    });
    await nb.runAll();
    await page.waitForFunction(() => outputs().includes("COUNTS "), undefined, { timeout: 120000 });
    await page.locator('.dl-run-status[data-status="done"]').waitFor({ timeout: 30000 });

    const stages = await page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);
    assert.deepEqual(stages, ["asking", "extracting", "classifying", "weaving", "settled"], "the stages became active in order, live");

    const text = await nb.outputText();
    const counts = JSON.parse(text.slice(text.indexOf("COUNTS ") + 7).split("\n")[0]!) as { a: number; b: number; both: number; firstA: string };
    for (const [panel, n] of [
      ["a", counts.a],
      ["b", counts.b],
      ["both", counts.both],
    ] as const) {
      await page.locator(`[data-panel="${panel}"] circle`).first().waitFor({ timeout: 15000 });
      assert.equal(await page.locator(`[data-panel="${panel}"] circle`).count(), n, `panel ${panel} draws one circle per node`);
    }

    // Hover a node of panel A: the tooltip shows a full claim from the result.
    const node = page.locator('[data-panel="a"] circle').first();
    await node.hover();
    const tip = page.locator('[data-panel="a"] .dl-tip');
    await tip.waitFor({ state: "visible", timeout: 5000 });
    const tipText = await tip.innerText();
    assert.ok(tipText.length > 20, `the tooltip shows a claim: "${tipText}"`);

    assert.deepEqual(nb.unexpectedErrors(), [], "no console errors");
  } finally {
    await nb?.close();
    await lab?.stop();
  }
});

test("graphite in JupyterLab: both charts render, the repair button's round trip turns the crash into a chart", { timeout: 300000 }, async (t) => {
  const chromium = chromiumOrSkip(t);
  if (!chromium) return;
  let lab: Lab | null = null;
  let nb: NotebookPage | null = null;
  try {
    lab = await startLab({ notebooks: { "graphite.ipynb": notebook([GRAPHITE_CELL]) } });
    nb = await openNotebook(lab, "graphite.ipynb", chromium);
    const { page } = nb;
    await page.evaluate(OUTPUTS_FN);
    await nb.ready(90000);
    await nb.runAll();
    await page.waitForFunction(() => outputs().includes("STATUS "), undefined, { timeout: 180000 });
    assert.match(await nb.outputText(), /STATUS error/, "the crasher's first try crashed");

    const imgA = page.locator('img.dl-chart-img[data-side="a"]').first();
    await imgA.waitFor({ timeout: 15000 });
    assert.ok((await imgA.evaluate((i: HTMLImageElement) => i.naturalWidth)) > 0, "chart A decodes as an image");
    const cardB = page.locator('article.dl-chart[data-side="b"]');
    assert.equal(await cardB.getAttribute("data-status"), "error");
    assert.match(await cardB.innerText(), /KeyError/, "the verbatim traceback is shown");

    // The button sends the request to the kernel; the kernel repairs, re-runs, re-judges, publishes.
    await page.locator('button.dl-repair[data-side="b"]').click();
    await page.locator('article.dl-chart[data-side="b"][data-status="ok"]').waitFor({ timeout: 120000 });
    const imgB = page.locator('img.dl-chart-img[data-side="b"]').first();
    await imgB.waitFor({ timeout: 15000 });
    assert.ok((await imgB.evaluate((i: HTMLImageElement) => i.naturalWidth)) > 0, "chart B decodes after the repair");
    assert.match(await page.locator('article.dl-chart[data-side="b"]').innerText(), /repair 1/, "the attempt history shows the repair");
    assert.equal(await page.locator('button.dl-repair[data-side="b"]').count(), 0, "no repair button once the chart renders");

    assert.deepEqual(nb.unexpectedErrors(), [], "no console errors");
  } finally {
    await nb?.close();
    await lab?.stop();
  }
});
