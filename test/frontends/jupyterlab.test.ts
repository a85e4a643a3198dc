// JupyterLab with duellab's extension opening the saved example notebooks (as nbclient saved them)
// in real Chromium. Trusted (`jupyter trust`, or after the reader ran it): every duellab widget
// renders from the saved state with the nodes and charts its state holds (the same counts the
// nbconvert, Quarto and VS Code pages are held to), and the fallback displays beside it stay
// hidden. Not yet trusted (JupyterLab renders no widget from an untrusted notebook, only safe
// types), and trusted but saved without widget state: every output's static view, and no error
// placeholder.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { chromiumOrSkip } from "../support/chromium";
import { type Lab, openNotebook, startLab } from "../browser/support/lab";
import { executed, JUPYTER, variant, withoutState } from "./support/executed";
import { expected } from "./support/expect";
import { NAMED_VALUES_IN } from "../support/named-values";

let lab: Lab | null = null;
const files = () => ({
  saved: executed().weave,
  graphite: executed().graphite,
  bare: withoutState(executed().weave),
  // Its own content: trust is recorded by a notebook's signature, and the saved copy gets trusted.
  untrusted: variant(executed().weave, "untrusted.ipynb", (nb) => {
    nb.metadata.duellab_test = `untrusted ${process.pid} ${Date.now()}`;
  }),
});

before(async () => {
  const f = files();
  lab = await startLab({ notebooks: { "saved.ipynb": f.saved, "graphite.ipynb": f.graphite, "bare.ipynb": f.bare, "untrusted.ipynb": f.untrusted } });
  // As a reader who trusts a notebook does (the signature goes where the server reads it).
  for (const name of ["saved.ipynb", "graphite.ipynb", "bare.ipynb"]) {
    const r = spawnSync(JUPYTER, ["trust", path.join(lab.dir, name)], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
  }
});
after(async () => {
  await lab?.stop();
});

for (const [name, source] of [
  ["saved.ipynb", "weave"],
  ["graphite.ipynb", "graphite"],
] as const) {
  test(`JupyterLab renders every saved duellab widget of ${source} from the notebook, its fallbacks hidden`, { timeout: 10 * 60_000 }, async (t) => {
    const exe = chromiumOrSkip(t);
    if (!exe || !lab) return;
    const want = expected(executed()[source]);
    const nb = await openNotebook(lab, name, exe);
    await nb.ready(180_000);
    for (const w of want) {
      const root = nb.page.locator(`.duellab-root[data-duellab-model="${w.model}"]`);
      await root.scrollIntoViewIfNeeded({ timeout: 60_000 });
      await root.locator(".dl-view").first().waitFor({ timeout: 60_000 });
      for (const [k, n] of Object.entries(w.panels)) assert.equal(await root.locator(`[data-panel="${k}"] circle`).count(), n, `${w.model} panel ${k}`);
      if (w.kind === "graphite") {
        await root.locator("article img").first().waitFor();
        assert.equal(await root.locator("article img").count(), w.images);
      }
    }
    const shownFallbacks = await nb.page
      .locator('[data-duellab-renderer="fallback"]')
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).dataset.duellabShown === "true").length);
    assert.equal(shownFallbacks, 0, "no static view beside a live widget");
    assert.deepEqual(nb.unexpectedErrors(), []);
    await nb.close();
  });
}

for (const [name, what] of [
  ["untrusted.ipynb", "not yet trusted"],
  ["bare.ipynb", "saved without widget state"],
] as const) {
  test(`JupyterLab on a notebook ${what}: each output's static view, no error placeholder`, { timeout: 10 * 60_000 }, async (t) => {
    const exe = chromiumOrSkip(t);
    if (!exe || !lab) return;
    const want = expected(executed().weave);
    const nb = await openNotebook(lab, name, exe);
    await nb.ready(180_000);
    for (const w of want) {
      const text = nb.page.locator(`[data-duellab-renderer="fallback"][data-duellab-fallback="${w.model}"]`);
      await text.scrollIntoViewIfNeeded({ timeout: 60_000 });
      await nb.page.waitForFunction((id) => document.querySelector(`[data-duellab-fallback="${id}"]`)?.getAttribute("data-duellab-shown") === "true", w.model, {
        timeout: 60_000,
      });
      const rows = (await nb.page.evaluate(
        `${NAMED_VALUES_IN}(document.querySelector('[data-duellab-renderer="fallback"][data-duellab-fallback="${w.model}"]'))`,
      )) as [string, string][];
      for (const row of w.rows)
        assert.ok(
          rows.some(([k, v]) => k === row[0] && v === row[1]),
          `${w.model}: ${row[0]} = ${row[1]}`,
        );
    }
    assert.equal(await nb.page.locator(".duellab-root").count(), 0, "no live widget");
    const errors = await nb.page
      .locator(".jp-OutputArea-output")
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null && /Error displaying widget/.test((e as HTMLElement).innerText)).length);
    assert.equal(errors, 0, "JupyterLab's 'Error displaying widget' line is not left above a static view");
    assert.deepEqual(nb.unexpectedErrors(), []);
    await nb.close();
  });
}
