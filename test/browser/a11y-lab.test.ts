// The live widgets inside real JupyterLab, checked with axe-core on our own elements only (the
// notebook owns the page): zero violations of any impact in JupyterLab's light theme and in its dark
// theme, the palette's dark colours really applied, and no landmark added by the widget.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DARK, LIGHT } from "../../src/lib/theme/palette";
import { chromiumOrSkip } from "../support/chromium";
import { notebook, openNotebook, startLab, type Lab, type NotebookPage } from "./support/lab";
import { axe } from "./views.support";

const CELLS = [
  [
    `import { weave, graphite, buildLogCsv, DEMO_QUESTIONS } from "duellab";`,
    `const w = await weave({ question: DEMO_QUESTIONS[0], a: { provider: "demo", model: "atlas" }, b: { provider: "demo", model: "beacon" }, judge: { provider: "demo", model: "judge" } });`,
  ].join("\n"),
  [
    `const g = await graphite({ csv: buildLogCsv(), question: "What happened to build times?", a: { provider: "demo", model: "analyst" }, b: { provider: "demo", model: "crasher" }, judge: { provider: "demo", model: "judge" } });`,
    `console.log("A11Y-DONE " + g.charts.b.run.status);`,
  ].join("\n"),
];

const LANDMARKS =
  "main, nav, aside, form[aria-label], form[aria-labelledby], section[aria-label], section[aria-labelledby], [role=main], [role=navigation], [role=region], [role=banner], [role=contentinfo], [role=complementary], [role=search], [role=form]";
const rgb = (hex: string) => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;

test("the live weave and graphite widgets in JupyterLab: zero axe violations in the light and the dark theme, no landmarks", { timeout: 420000 }, async (t) => {
  const chromium = chromiumOrSkip(t);
  if (!chromium) return;
  let lab: Lab | null = null;
  let nb: NotebookPage | null = null;
  try {
    lab = await startLab({ notebooks: { "a11y.ipynb": notebook(CELLS) } });
    nb = await openNotebook(lab, "a11y.ipynb", chromium);
    const { page } = nb;
    await nb.ready(90000);
    await nb.runAll();
    await page.waitForFunction(
      () => Array.from(document.querySelectorAll(".jp-OutputArea-output")).some((e) => (e as HTMLElement).innerText.includes("A11Y-DONE ")),
      undefined,
      { timeout: 240000 },
    );
    await page.locator(".dl-weave .dl-panel").first().waitFor({ timeout: 30000 });
    await page.locator('.dl-graphite img.dl-chart-img[data-side="a"]').waitFor({ timeout: 30000 });
    assert.equal(await page.locator(".duellab-root").count(), 2, "both widgets are drawn");
    assert.equal(await page.locator(`.duellab-root :is(${LANDMARKS})`).count(), 0, "the widget adds no landmark: the notebook owns the page");

    for (const theme of ["light", "dark"] as const) {
      if (theme === "dark") {
        await page.evaluate(() =>
          (window as unknown as { jupyterapp: { commands: { execute(id: string, args: unknown): Promise<unknown> } } }).jupyterapp.commands.execute(
            "apputils:change-theme",
            { theme: "JupyterLab Dark" },
          ),
        );
        await page.waitForSelector('body[data-jp-theme-light="false"]', { state: "attached", timeout: 30000 });
      }
      const bg = await page
        .locator(".duellab-root")
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.equal(bg, rgb((theme === "dark" ? DARK : LIGHT).bg), `the widget wears the ${theme} palette`);
      for (const tab of ["graph", "diff", "answers"]) {
        await page.click(`.dl-weave [data-tab="${tab}"]`);
        const v = await axe(page, ".duellab-root");
        assert.deepEqual(v, [], `JupyterLab ${theme}, weave tab ${tab}: axe violations:\n${JSON.stringify(v, null, 1)}`);
      }
    }
    assert.deepEqual(nb.unexpectedErrors(), [], "no console errors");
  } finally {
    await nb?.close();
    await lab?.stop();
  }
});
