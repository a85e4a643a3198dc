// What `duellab export` costs over plain nbconvert, measured side by side on the same notebook
// (three saved duellab widgets: a run header, a weave graph, two graphite charts): wall time of
// each, the share spent making the page offline, and how much of the file is the inlined renderer.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defaultPython, exportNotebook, RENDERER_PATH } from "../src/lib/export/notebook";
import { makeOffline, notebookHints, RENDERER_SENTINEL } from "../src/lib/export/notebook-html";
import { notebookWithWidgets, sampleWidgets } from "../test/notebooks/export-fixture";

const root = path.resolve(__dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-export-bench-"));
const nb = path.join(dir, "bench.ipynb");
const text = notebookWithWidgets(sampleWidgets());
fs.writeFileSync(nb, text);

const build = spawnSync(process.execPath, [path.join(root, "scripts/build-html-manager.mjs")], { stdio: "inherit" });
if (build.status !== 0 || !fs.existsSync(RENDERER_PATH)) {
  console.error("export bench: the offline renderer did not build, so there is nothing to measure");
  process.exit(1);
}

const python = defaultPython();
function plainNbconvert(): { ms: number; html: string } {
  const t = performance.now();
  const r = spawnSync(python, ["-m", "nbconvert", "--to", "html", "--template", "lab", "--stdout", nb], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    console.error(`export bench: ${python} -m nbconvert exited with code ${r.status}: ${r.stderr.trim().split("\n").pop()}`);
    process.exit(1);
  }
  return { ms: performance.now() - t, html: r.stdout };
}

(async () => {
  const rounds = 3;
  const plain: number[] = [];
  const ours: number[] = [];
  let plainHtml = "";
  let bytes = 0;
  for (let i = 0; i < rounds; i++) {
    // Interleaved, so a busy neighbour slows both sides alike.
    const p = plainNbconvert();
    plain.push(p.ms);
    plainHtml = p.html;
    const t = performance.now();
    const r = await exportNotebook(nb, { output: path.join(dir, "bench.html") });
    ours.push(performance.now() - t);
    bytes = r.bytes;
  }
  const renderer = fs.readFileSync(RENDERER_PATH, "utf8");
  const t = performance.now();
  const n = 20;
  // nbconvert's page as `duellab export` gets it: the loader names our renderer.
  const page = plainHtml.split("https://unpkg.com/@jupyter-widgets/html-manager@*/dist/embed-amd.js").join(RENDERER_SENTINEL);
  for (let i = 0; i < n; i++) makeOffline(page, renderer, notebookHints(JSON.parse(text)));
  const pureMs = (performance.now() - t) / n;
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const kb = (b: number) => `${Math.round(b / 1024)} KB`;
  console.log(`notebook: 3 saved duellab widgets, ${kb(Buffer.byteLength(text))} of .ipynb; ${rounds} interleaved rounds, medians`);
  console.log(`plain nbconvert --to html (CDN widgets, blank offline): ${med(plain).toFixed(0)} ms, ${kb(Buffer.byteLength(plainHtml))}`);
  console.log(`duellab export (one offline file):                     ${med(ours).toFixed(0)} ms, ${kb(bytes)}`);
  console.log(`ratio export / plain nbconvert: ${(med(ours) / med(plain)).toFixed(2)}x time, ${(bytes / Buffer.byteLength(plainHtml)).toFixed(1)}x size`);
  console.log(
    `making the page offline (pure: inline the renderer, drop CDN tags): ${pureMs.toFixed(2)} ms per page = ${((pureMs / med(ours)) * 100).toFixed(2)}% of the export`,
  );
  console.log(`inlined renderer: ${kb(Buffer.byteLength(renderer))} = ${((Buffer.byteLength(renderer) / bytes) * 100).toFixed(0)}% of the exported file`);
  fs.rmSync(dir, { recursive: true, force: true });
})().catch((e: unknown) => {
  console.error(`export bench could not run: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
