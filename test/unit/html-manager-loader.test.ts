// The offline renderer's module loader: only what is bundled, at a version the saved state accepts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bundledLoader } from "../../src/widget/html-manager/loader";

class DuelModel {}
const load = bundledLoader({ duellab: { version: "0.1.0", exports: { DuelModel } } });

test("our module is returned for a range its version satisfies", async () => {
  assert.equal((await load("duellab", "^0.1.0")).DuelModel, DuelModel);
  assert.equal((await load("duellab", "")).DuelModel, DuelModel, "no range saved: still ours");
});

test("an unknown module or an unsatisfied range is refused with a sentence naming both sides", async () => {
  await assert.rejects(load("jupyter-leaflet", "^0.19.0"), /widget module "jupyter-leaflet" is not bundled in this offline page \(bundled: duellab@0\.1\.0\)/);
  await assert.rejects(load("duellab", "^0.2.0"), /widget module "duellab" was saved for version \^0\.2\.0, but this page bundles 0\.1\.0/);
  await assert.rejects(load("constructor", "*"), /"constructor" is not bundled/, "no prototype lookups");
});
