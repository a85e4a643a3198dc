// The run header as a real widget in real JupyterLab: a scripted run in the first cell renders and
// advances, Cancel is answered by the kernel, the widget survives a page reload, and the browser
// console stays clean throughout.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { chromiumOrSkip } from "../support/chromium";
import { compileForKernel } from "../kernel/support/compile";
import { notebook, openNotebook, startLab, type Lab, type NotebookPage } from "./support/lab";

test("run header: renders live, advances, Cancel answered by the kernel, restored after reload", { timeout: 240000 }, async (t) => {
  const chromium = chromiumOrSkip(t);
  if (!chromium) return;
  let lab: Lab | null = null;
  let nb: NotebookPage | null = null;
  try {
    lab = await startLab({
      notebooks: {
        "header.ipynb": notebook([
          [
            `const { scriptedRun } = require("./scripted-run.js");`,
            // Each stage is held until the test drops "<stage>.go" beside the notebook: the header
            // is seen mid-run, saved and cancelled however slowly a loaded machine gets there.
            `const go = (stage: string, signal: AbortSignal) => new Promise<void>((resolve) => { const t = setInterval(() => { if (signal.aborted || require("node:fs").existsSync(stage + ".go")) { clearInterval(t); resolve(); } }, 50); });`,
            `const out = await scriptedRun({ title: "Scripted weave", until: go });`,
            `console.log("kernel says: " + out.status);`,
          ].join("\n"),
        ]),
      },
    });
    await compileForKernel(path.join(__dirname, "../support/scripted-run.ts"), path.join(lab.dir, "scripted-run.js"));
    nb = await openNotebook(lab, "header.ipynb", chromium);
    const { page } = nb;
    await nb.ready(90000);
    await nb.runAll();

    // The widget renders from the first cell and walks the stages while the cell runs.
    const header = page.locator(".jp-OutputArea-output .dl-header");
    await header.waitFor({ timeout: 60000 });
    const activeIndex = (): Promise<number> =>
      page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>(".dl-stage")).findIndex((li) => li.dataset.status === "active"));
    await page.locator('.dl-stage[data-status="active"]').waitFor({ timeout: 30000 });
    const first = await activeIndex();
    const firstId = await page.locator('.dl-stage[data-status="active"]').getAttribute("data-stage");
    fs.writeFileSync(path.join(lab.dir, `${firstId}.go`), "");
    await page.waitForFunction(
      (i) => Array.from(document.querySelectorAll<HTMLElement>(".dl-stage")).findIndex((li) => li.dataset.status === "active") > i,
      first,
      { timeout: 30000 },
    );
    const now = await activeIndex();
    assert.ok(now > first, `the header advanced from stage ${first} to ${now}`);
    const doneStage = page.locator(".dl-stage").nth(now - 1);
    assert.equal(await doneStage.getAttribute("data-status"), "done");
    assert.match(await doneStage.locator(".dl-stage-time").innerText(), /\d/, "a finished stage shows its measured time");
    assert.equal(await page.locator(".dl-title").innerText(), "Scripted weave");

    // Saved mid-run, so the reload below shows this output again; the state saved with it says
    // "running", so a restored "cancelled" can only have come from the kernel.
    await nb.save();
    const saved = JSON.parse(fs.readFileSync(path.join(lab.dir, "header.ipynb"), "utf8"));
    const models = Object.values(saved.metadata?.widgets?.["application/vnd.jupyter.widget-state+json"]?.state ?? {}) as {
      state: { run?: { status: string } };
    }[];
    assert.deepEqual(
      models.map((m) => m.state.run?.status),
      ["running"],
      "widget state saved with the notebook (saveState on), mid-run",
    );

    // Cancel: the button sends the event, the kernel aborts the run and publishes "cancelled".
    await page.locator(".duellab-cancel").click();
    await page.locator('.dl-run-status[data-status="cancelled"]').waitFor({ timeout: 15000 });
    assert.equal((await page.locator(".dl-run-status").innerText()).trim(), "cancelled");
    const statuses = (): Promise<string[]> => page.$$eval(".dl-stage", (els) => els.map((e) => (e as HTMLElement).dataset.status ?? ""));
    const afterCancel = await statuses();
    assert.equal(afterCancel.filter((x) => x === "cancelled").length, 1, `one stage cancelled: ${afterCancel}`);
    assert.equal(afterCancel[afterCancel.length - 1], "pending", "the settled stage was never reached");
    assert.equal(await page.locator(".duellab-cancel").count(), 0, "no Cancel once the run has ended");
    await page.waitForFunction(() => document.body.innerText.includes("kernel says: cancelled"), undefined, { timeout: 15000 });

    // Reload: JupyterLab reconnects to the running kernel and restores the widget from it
    // (control comm closed, comm_info_request, request_state per comm).
    await page.reload();
    await nb.ready(90000);
    await page.locator(".jp-OutputArea-output .dl-header").waitFor({ timeout: 30000 });
    await page.locator('.dl-run-status[data-status="cancelled"]').waitFor({ timeout: 15000 });
    assert.deepEqual(await statuses(), afterCancel, "the restored header shows the same stages");

    assert.deepEqual(nb.unexpectedErrors(), [], "no console errors");
  } catch (e) {
    if (lab) (e as Error).message += `\n--- JupyterLab log (tail) ---\n${lab.log().slice(-4000)}`;
    if (nb) (e as Error).message += `\n--- console errors ---\n${nb.consoleErrors.join("\n")}`;
    throw e;
  } finally {
    await nb?.close();
    await lab?.stop();
  }
});
