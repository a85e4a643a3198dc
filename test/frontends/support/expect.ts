// What a reader should see for each duellab output of a saved notebook, computed from its saved
// widget state with the same pure code the fallbacks are drawn with: the panels' node counts, the
// charts, and the label → number rows of the static view. And nbconvert, run as a user runs it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { GraphiteResult } from "../../../src/lib/schema/graphite";
import type { WeaveResult } from "../../../src/lib/schema/weave";
import { sheetOf } from "../../../src/lib/snapshot/sheet-of";
import { duellabOutputs, JUPYTER, type Notebook, readNotebook, savedModels } from "./executed";
import type { Reading } from "./reader";

export interface Expected {
  model: string;
  kind: string;
  panels: Record<string, number>;
  images: number;
  rows: [string, string][];
}

export function expected(file: string): Expected[] {
  const nb: Notebook = readNotebook(file);
  const models = savedModels(nb);
  return duellabOutputs(nb).map((id) => {
    const state = models[id]?.state as { result?: unknown } | undefined;
    const result = state?.result ?? null;
    const sheet = sheetOf(result);
    const kind = sheet?.kind ?? "none";
    const panels: Record<string, number> = {};
    let images = 0;
    if (kind === "weave") for (const [k, p] of Object.entries((result as WeaveResult).panels)) panels[k] = p.nodes.length;
    if (kind === "graphite") images = (["a", "b"] as const).filter((s) => (result as GraphiteResult).charts[s].run.pngs.length > 0).length;
    return { model: id, kind, panels, images, rows: (sheet?.stats ?? []).map((s) => [s.label, s.value] as [string, string]) };
  });
}

/** Fallbacks seen by the reader: every output's, with every headline number under its own label. */
export function assertStaticViews(reading: Reading, want: Expected[], where: string): void {
  assert.deepEqual(
    reading.fallbacks.map((f) => f.model),
    want.map((w) => w.model),
    `${where}: every duellab output shows its static view, in order`,
  );
  for (const w of want) {
    const seen = reading.fallbacks.find((f) => f.model === w.model);
    for (const row of w.rows)
      assert.ok(
        seen?.rows.some(([k, v]) => k === row[0] && v === row[1]),
        `${where}: ${w.kind} ${w.model} shows "${row[0]}" = "${row[1]}"; it shows ${JSON.stringify(seen?.rows.slice(0, 8))}`,
      );
  }
  assert.deepEqual(reading.placeholders, [], `${where}: no widget error placeholder`);
}

/** Live widgets seen by the reader: every output's, each drawing what its saved state holds. */
export function assertLiveWidgets(reading: Reading, want: Expected[], where: string): void {
  assert.deepEqual(
    reading.live.map((l) => l.model),
    want.map((w) => w.model),
    `${where}: every duellab output is a live widget`,
  );
  for (const w of want) {
    const seen = reading.live.find((l) => l.model === w.model)!;
    for (const [k, n] of Object.entries(w.panels)) assert.equal(seen.panels[k], n, `${where}: ${w.model} panel ${k} draws ${n} claims`);
    if (w.kind === "graphite") assert.equal(seen.images, w.images, `${where}: ${w.model} shows its ${w.images} charts`);
  }
  assert.deepEqual(reading.fallbacks, [], `${where}: the static views step back where the widget is live`);
  assert.equal(reading.pictures, 0, `${where}: no static picture beside a live widget`);
  assert.deepEqual(reading.placeholders, [], `${where}: no widget error placeholder`);
}

/** `jupyter nbconvert --to html` with a template (and options), as a user runs it; the page's path. */
export function nbconvert(file: string, template: "lab" | "classic", extra: string[] = []): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `duellab-nbconvert-${template}-`));
  const r = spawnSync(JUPYTER, ["nbconvert", "--to", "html", "--template", template, ...extra, "--output-dir", out, file], { encoding: "utf8" });
  assert.equal(r.status, 0, `nbconvert failed: ${r.stderr.slice(-2000)}`);
  return path.join(out, `${path.basename(file, ".ipynb")}.html`);
}
