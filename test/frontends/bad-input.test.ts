// Saved notebooks gone wrong, opened as nbconvert's page online (loopback CDN) and offline: a widget
// state that is truncated (one model missing, another's result cut short so it fails the schema),
// and a state written by another duellab version that the CDN serves. Each output shows what is
// still true — the live widget, or its static view with its numbers, or one sentence saying what is
// missing and which version to install — and never a blank or an error placeholder.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { packageAt } from "../support/cdn";
import { duellabOutputs, executed, readNotebook, ROOT, savedModels, variant } from "./support/executed";
import { assertLiveWidgets, assertStaticViews, expected, nbconvert } from "./support/expect";
import { frontendSession, openFile, packedDuellab, read, widgetsDrawn } from "./support/reader";

const OLDER = "0.0.9";

function olderPackage() {
  // The version that wrote an older notebook, as the CDN would hold it (the packed files under that version).
  const packed = packedDuellab();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-older-"));
  fs.cpSync(packed.dir, path.join(dir, "package"), { recursive: true });
  const pj = path.join(dir, "package/package.json");
  fs.writeFileSync(pj, JSON.stringify({ ...JSON.parse(fs.readFileSync(pj, "utf8")), version: OLDER }));
  return packageAt(path.join(dir, "package"));
}
const session = frontendSession({ cdn: true, extra: () => [olderPackage()] });

test("a truncated widget state: the widget whose model is gone and the one whose result is cut both show their static views; the cut one also says why", {
  timeout: 10 * 60_000,
}, async (t) => {
  const browser = await session.browser(t);
  if (!browser) return;
  const source = executed().weave;
  const ids = duellabOutputs(readNotebook(source));
  const [gone, cut] = ids as [string, string, ...string[]];
  const intact = ids.slice(2);
  const file = variant(source, "truncated.ipynb", (nb) => {
    const models = savedModels(nb) as Record<string, unknown>;
    delete models[gone];
    const m = models[cut] as { state: { result: Record<string, unknown> } };
    m.state.result = { kind: "weave", question: m.state.result.question };
  });
  const want = expected(source);
  for (const online of [session.cdn, null]) {
    const o = await openFile(browser, nbconvert(file, "lab"), online);
    if (online) await widgetsDrawn(o.page, ids.length - 1);
    const r = await read(o.page);
    const where = online ? "online" : "offline";
    assert.deepEqual(r.placeholders, [], `${where}: no placeholder`);
    const shown = r.fallbacks.map((f) => f.model);
    assert.ok(shown.includes(gone), `${where}: the output whose model is gone shows its static view`);
    assert.ok(shown.includes(cut), `${where}: the output whose result fails the schema shows its static view`);
    for (const id of [gone, cut]) {
      const w = want.find((x) => x.model === id)!;
      for (const row of w.rows)
        assert.ok(
          r.fallbacks.find((f) => f.model === id)!.rows.some(([k, v]) => k === row[0] && v === row[1]),
          `${where} ${id}: ${row[0]} = ${row[1]}`,
        );
    }
    if (online) {
      assert.deepEqual(
        r.live.map((l) => l.model),
        [cut, ...intact],
      );
      const sentence = await o.page.locator(`.duellab-root[data-duellab-model="${cut}"] .dl-warning`).innerText();
      assert.match(
        sentence,
        /^This weave's saved result does not match what duellab \S+ reads \([a-z.]+: [^)]+\); the static view saved beside the widget shows its numbers\.$/,
      );
      for (const id of intact) assert.ok(!shown.includes(id), "each intact widget is live and its static view steps back");
    }
    await o.close();
  }
});

test("a notebook saved by another duellab version: the CDN serves that version and the widgets render live", { timeout: 10 * 60_000 }, async (t) => {
  const browser = await session.browser(t);
  if (!browser) return;
  const source = executed().graphite;
  const file = variant(source, "older.ipynb", (nb) => {
    for (const m of Object.values(savedModels(nb)) as { model_module_version: string; state: Record<string, unknown> }[]) {
      m.model_module_version = OLDER;
      m.state._model_module_version = OLDER;
      m.state._view_module_version = OLDER;
    }
  });
  const o = await openFile(browser, nbconvert(file, "lab"), session.cdn);
  const want = expected(source);
  await widgetsDrawn(o.page, want.length);
  assertLiveWidgets(await read(o.page), want, "older version");
  assert.ok(
    session.cdn.log.some((l) => l.path === `/npm/duellab@${OLDER}/dist/index.js` && l.status === 200),
    "the module came from the version that wrote the notebook",
  );
  await o.close();
});

test("a notebook saved by an older duellab (widget outputs without their static views): `duellab fallbacks` adds them, and offline pages then show them", {
  timeout: 10 * 60_000,
}, async (t) => {
  const browser = await session.browser(t);
  if (!browser) return;
  const source = executed().weave;
  const old = variant(source, "old.ipynb", (nb) => {
    for (const c of nb.cells) c.outputs = c.outputs?.filter((o) => !o.data?.["application/vnd.duellab.fallback+json"]);
  });
  const before = await openFile(browser, nbconvert(old, "lab"), null);
  assert.deepEqual((await read(before.page)).fallbacks, [], "the old notebook has no static views offline");
  await before.close();
  const outputs = duellabOutputs(readNotebook(source)).length;
  assert.ok(outputs >= 3, "the example notebook has duellab outputs to restore");
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bin/duellab.js"), "fallbacks", old], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`^wrote .*old\\.ipynb: ${outputs} output\\(s\\) got their static views, 0 already had them\n$`));
  const again = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bin/duellab.js"), "fallbacks", old], { encoding: "utf8" });
  assert.match(
    again.stdout,
    new RegExp(`^nothing to add: 0 output\\(s\\) got their static views, ${outputs} already had them\n$`),
    "running it twice changes nothing",
  );
  const after = await openFile(browser, nbconvert(old, "lab"), null);
  assertStaticViews(await read(after.page), expected(source), "old notebook with fallbacks added");
  await after.close();
});
