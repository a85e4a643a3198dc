// duellab as a user meets it outside its checkout: `npm pack` here, `npm install <tarball>` in a
// fresh notebook folder, a fresh Jupyter environment that is not the checkout's (jupyterlab,
// ipywidgets, nbclient; no pandas, so setup must make the sandbox a private Python under the cache
// folder), `npx duellab setup --prefix <env>`, then a notebook with a weave and a graphite executed
// there by nbclient and opened in that environment's JupyterLab in Chromium. One environment and
// one folder serve every test of this file (they run in order). DUELLAB_KEEP_INSTALL=1 keeps them.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumOrSkip } from "../support/chromium";
import { notebook, openNotebook, startLab, type Lab, type NotebookPage } from "../browser/support/lab";

const root = path.resolve(__dirname, "../..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-install-"));
const project = path.join(work, "my-notebooks");
const jenv = path.join(work, "jupyter-env");
const home = path.join(work, "user");
const cache = path.join(work, "cache");
const jpy = path.join(jenv, "bin", "python");

/** A user's shell: the new Jupyter environment first on PATH; nothing of this checkout visible. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith("DUELLAB_") || k.startsWith("JUPYTER") || k.startsWith("npm_")) delete env[k];
  for (const k of ["VIRTUAL_ENV", "PYTHONPATH", "NODE_OPTIONS", "NODE_PATH", "XDG_CACHE_HOME"]) delete env[k];
  const rest = (process.env.PATH ?? "").split(":").filter((p) => p && !p.startsWith(root));
  env.PATH = [path.join(jenv, "bin"), ...rest].join(":");
  // HOME stays the user's (their pip and npm configuration live there); Jupyter's own dirs and
  // the cache folder are this test's.
  env.XDG_CACHE_HOME = cache;
  env.JUPYTER_DATA_DIR = path.join(home, "jupyter-data");
  env.JUPYTER_CONFIG_DIR = path.join(home, "jupyter-config");
  env.PIP_DISABLE_PIP_VERSION_CHECK = "1";
  env.npm_config_cache = process.env.npm_config_cache ?? path.join(os.homedir(), ".npm");
  return env;
}

function sh(cmd: string, args: string[], o: { cwd: string; timeoutMs: number }): SpawnSyncReturns<string> & { seconds: number } {
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd: o.cwd, env: userEnv(), encoding: "utf8", timeout: o.timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return Object.assign(r, { seconds: (Date.now() - t) / 1000 });
}

function ended(what: string, r: SpawnSyncReturns<string>): string {
  const how = r.error ? `did not run (${r.error.message})` : r.signal ? `was killed by ${r.signal}` : `exited with code ${r.status}`;
  return `${what} ${how}:\n${`${r.stdout ?? ""}\n${r.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n")}`;
}

/** Every file below `dir` with its mtime and size, for "what did setup write". */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.name === "__pycache__") continue; // Python writes these wherever it imports from
      if (e.isDirectory()) walk(p);
      else {
        const st = fs.lstatSync(p);
        out.set(p, `${st.mtimeMs}:${st.size}`);
      }
    }
  };
  walk(dir);
  return out;
}

function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([p, v]) => before.get(p) !== v).map(([p]) => p);
}

/** The pins of binder/requirements.txt for the named distributions, so this env is a real one. */
function pins(names: string[]): string[] {
  const lines = fs
    .readFileSync(path.join(root, "binder/requirements.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim());
  return names.map((n) => lines.find((l) => l.toLowerCase().startsWith(`${n.toLowerCase()}==`)) ?? n);
}

let tarball = "";
let setupOut = "";

before(() => {
  fs.mkdirSync(project, { recursive: true });
  fs.mkdirSync(home, { recursive: true });
});

after(() => {
  if (process.env.DUELLAB_KEEP_INSTALL) process.stdout.write(`kept ${work}\n`);
  else fs.rmSync(work, { recursive: true, force: true });
});

test("npm pack ships what `npx duellab setup` needs, and nothing of the checkout's machinery", { timeout: 5 * 60_000 }, () => {
  const r = spawnSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, encoding: "utf8", timeout: 4 * 60_000, maxBuffer: 64 * 1024 * 1024 });
  assert.equal(r.status, 0, ended("npm pack", r));
  const [info] = JSON.parse(r.stdout.slice(r.stdout.indexOf("["))) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(work, info!.filename);
  const files = info!.files.map((f) => f.path);
  for (const f of [
    "bin/duellab.js",
    "dist/lib/index.js",
    "dist/lib/index.d.ts",
    "dist/lib/cli/setup.js",
    "dist/widget/plugin.js",
    "labextension/package.json",
    "binder/requirements.txt",
    "sandbox/server.py",
  ]) {
    assert.ok(files.includes(f), `the package ships ${f}`);
  }
  for (const f of files) assert.doesNotMatch(f, /^(\.venv|test|scripts|src|node_modules|notebooks)\/|__pycache__/, `the package does not ship ${f}`);
});

test("a fresh folder and a fresh Jupyter environment: npm install the tarball, then npx duellab setup says each place it writes", {
  timeout: 15 * 60_000,
}, (t) => {
  assert.ok(tarball, "the pack test ran first");
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "my-notebooks", private: true }, null, 2));
  const npm = sh("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", tarball], { cwd: project, timeoutMs: 6 * 60_000 });
  assert.equal(npm.status, 0, ended("npm install <tarball>", npm));
  t.diagnostic(`npm install of the tarball: ${npm.seconds.toFixed(0)} s`);

  const python = process.env.PYTHON || "python3";
  const venv = sh(python, ["-m", "venv", jenv], { cwd: work, timeoutMs: 60_000 });
  assert.equal(venv.status, 0, ended("python -m venv", venv));
  const pip = sh(
    jpy,
    ["-m", "pip", "install", "-q", "--retries", "0", ...pins(["jupyterlab", "jupyterlab_widgets", "ipywidgets", "nbclient", "nbconvert", "jupyter_client"])],
    { cwd: work, timeoutMs: 8 * 60_000 },
  );
  assert.equal(pip.status, 0, ended("pip install jupyterlab ipywidgets nbclient", pip));
  t.diagnostic(`fresh Jupyter environment: ${pip.seconds.toFixed(0)} s`);
  assert.notEqual(
    sh(jpy, ["-c", "import pandas"], { cwd: work, timeoutMs: 30_000 }).status,
    0,
    "the Jupyter environment has no pandas, so setup must make the sandbox its own Python",
  );

  const beforeSetup = snapshot(work);
  const setup = sh("npx", ["duellab", "setup", "--prefix", jenv], { cwd: project, timeoutMs: 8 * 60_000 });
  assert.equal(setup.status, 0, ended("npx duellab setup", setup));
  setupOut = setup.stdout;
  t.diagnostic(`npx duellab setup: ${setup.seconds.toFixed(0)} s\n${setup.stdout}`);

  const realEnv = fs.realpathSync(jenv);
  const places = {
    extension: path.join(realEnv, "share/jupyter/labextensions/duellab"),
    overrides: path.join(realEnv, "share/jupyter/lab/settings/overrides.json"),
    pageConfig: path.join(realEnv, "etc/jupyter/labconfig/page_config.json"),
    kernel: path.join(realEnv, "share/jupyter/kernels/tslab"),
    jslabKernel: path.join(realEnv, "share/jupyter/kernels/jslab"),
    sandboxPython: path.join(cache, "duellab/sandbox-venv/bin/python"),
    record: path.join(cache, "duellab/sandbox-python.json"),
  };
  for (const [what, p] of Object.entries(places)) assert.ok(setup.stdout.includes(p), `setup names the ${what} place ${p}:\n${setup.stdout}`);

  // Nothing written outside the places it named (and the folder's node_modules stays as npm left it).
  const named = [places.extension, places.overrides, places.pageConfig, places.kernel, places.jslabKernel, path.join(cache, "duellab")];
  const outside = changed(beforeSetup, snapshot(work))
    .map((p) => path.join(fs.realpathSync(path.dirname(p)), path.basename(p)))
    .filter((p) => !named.some((n) => p === n || p.startsWith(n + path.sep)));
  assert.deepEqual(outside, [], "setup wrote only where it said");

  // What Jupyter and the kernel will read.
  assert.equal((JSON.parse(fs.readFileSync(path.join(places.extension, "package.json"), "utf8")) as { name: string }).name, "duellab");
  const overrides = JSON.parse(fs.readFileSync(places.overrides, "utf8")) as Record<string, { saveState?: boolean }>;
  assert.equal(overrides["@jupyter-widgets/jupyterlab-manager:plugin"]?.saveState, true, "widget state is saved with notebooks");
  const kernel = JSON.parse(fs.readFileSync(path.join(places.kernel, "kernel.json"), "utf8")) as { argv: string[] };
  assert.ok(
    fs.realpathSync(kernel.argv[0]!).startsWith(fs.realpathSync(path.join(project, "node_modules"))),
    `the kernel runs the folder's own tslab (${kernel.argv[0]})`,
  );
  const record = JSON.parse(fs.readFileSync(places.record, "utf8")) as { python: string; source: string };
  assert.deepEqual([record.python, record.source], [places.sandboxPython, "private-env"]);
  const mods = sh(places.sandboxPython, ["-c", "import pandas, matplotlib, seaborn; print(pandas.__version__)"], { cwd: work, timeoutMs: 60_000 });
  assert.equal(mods.status, 0, ended("the sandbox Python imports pandas, matplotlib and seaborn", mods));
  const pandasPin = pins(["pandas"])[0]!.split("==")[1];
  if (pandasPin) assert.equal(mods.stdout.trim(), pandasPin, "the private environment has the pinned pandas");
});

test("npx duellab setup again changes nothing and says so for every place", { timeout: 5 * 60_000 }, () => {
  assert.ok(setupOut, "the first setup ran");
  const beforeAgain = snapshot(work);
  const again = sh("npx", ["duellab", "setup", "--prefix", jenv], { cwd: project, timeoutMs: 3 * 60_000 });
  assert.equal(again.status, 0, ended("npx duellab setup (again)", again));
  const lines = again.stdout.split("\n").filter((l) => /^\s+(wrote|already)/.test(l));
  assert.equal(lines.length, 5, `five places reported:\n${again.stdout}`);
  for (const l of lines) assert.match(l, /^\s+already/, `nothing to do the second time: ${l}`);
  assert.deepEqual(changed(beforeAgain, snapshot(work)), [], "the second run wrote no file");
});

test("without setup's record, graphite says in one sentence to run npx duellab setup", { timeout: 3 * 60_000 }, () => {
  assert.ok(setupOut, "the first setup ran");
  const script = `require("duellab").graphite({ csv: require("duellab").buildLogCsv(), question: "q", a: { provider: "demo", model: "analyst" }, b: { provider: "demo", model: "analyst" }, judge: { provider: "demo", model: "judge" }, display: false }).then(() => console.log("RAN"), (e) => { console.log("ERR " + e.message); process.exit(0); });`;
  const env = { ...userEnv(), XDG_CACHE_HOME: path.join(work, "empty-cache") };
  const r = spawnSync(process.execPath, ["-e", script], { cwd: project, env, encoding: "utf8", timeout: 120_000 });
  assert.equal(r.status, 0, ended("node -e graphite", r));
  assert.match(r.stdout, /^ERR .*duellab sandbox: no Python for the sandbox is set up \(none recorded in .*empty-cache\/duellab\): run `npx duellab setup`/m);
});

const WEAVE_CELL = [
  `import { weave, graphite, buildLogCsv, DEMO_QUESTIONS } from "duellab";`,
  `const w = await weave({ question: DEMO_QUESTIONS[0], a: { provider: "demo", model: "atlas" }, b: { provider: "demo", model: "beacon" }, judge: { provider: "demo", model: "judge" } });`,
  `console.log("WEAVE " + w.claims.a.length + " " + w.claims.b.length);`,
].join("\n");
const GRAPHITE_CELL = [
  `const g = await graphite({ csv: buildLogCsv(), question: "What happened to build times?", a: { provider: "demo", model: "analyst" }, b: { provider: "demo", model: "analyst" }, judge: { provider: "demo", model: "judge" } });`,
  `console.log("GRAPHITE " + g.charts.a.run.status + " " + g.charts.b.run.status);`,
].join("\n");

interface Output {
  output_type: string;
  ename?: string;
  evalue?: string;
  text?: string | string[];
  data?: Record<string, unknown>;
}
interface Nb {
  cells: { outputs?: Output[] }[];
  metadata: { widgets?: Record<string, { state: Record<string, { model_module: string; state: { view?: string; result?: { kind?: string } | null } }> }> };
}

const RUN_NOTEBOOK = `
import os, sys, nbformat
from nbclient import NotebookClient
nb = nbformat.read(sys.argv[1], as_version=4)
NotebookClient(nb, kernel_name="tslab", timeout=300, resources={"metadata": {"path": os.path.dirname(os.path.abspath(sys.argv[1]))}}).execute()
nbformat.write(nb, sys.argv[2])
`;

test("in that folder, a notebook's weave and graphite run under nbclient with the environment's tslab kernel", { timeout: 10 * 60_000 }, (t) => {
  assert.ok(setupOut, "setup ran");
  fs.writeFileSync(path.join(project, "compare.ipynb"), JSON.stringify(notebook([WEAVE_CELL, GRAPHITE_CELL])));
  fs.writeFileSync(path.join(work, "run_notebook.py"), RUN_NOTEBOOK);
  const executed = path.join(work, "compare.executed.ipynb");
  const r = sh(jpy, [path.join(work, "run_notebook.py"), path.join(project, "compare.ipynb"), executed], { cwd: project, timeoutMs: 8 * 60_000 });
  assert.equal(r.status, 0, ended("nbclient", r));
  t.diagnostic(`nbclient: ${r.seconds.toFixed(0)} s`);
  const nb = JSON.parse(fs.readFileSync(executed, "utf8")) as Nb;
  const outputs = nb.cells.flatMap((c) => c.outputs ?? []);
  assert.deepEqual(
    outputs.filter((o) => o.output_type === "error").map((o) => `${o.ename}: ${o.evalue}`),
    [],
    "no error outputs",
  );
  const text = outputs.map((o) => (Array.isArray(o.text) ? o.text.join("") : (o.text ?? ""))).join("");
  const weave = /WEAVE (\d+) (\d+)/.exec(text);
  assert.ok(weave && Number(weave[1]) > 0 && Number(weave[2]) > 0, `weave found claims on both sides: ${text}`);
  assert.match(text, /GRAPHITE ok ok/, "both charts ran in the sandbox with the Python setup recorded");
  const state = nb.metadata.widgets?.["application/vnd.jupyter.widget-state+json"]?.state ?? {};
  const kinds = Object.values(state)
    .filter((m) => m.model_module === "duellab")
    .map((m) => m.state.result?.kind)
    .sort();
  assert.deepEqual(kinds, ["graphite", "weave"], "both widgets saved their results with the notebook");
});

test("that environment's JupyterLab shows the widgets live in Chromium, without a console error", { timeout: 8 * 60_000 }, async (t) => {
  assert.ok(setupOut, "setup ran");
  const chromium = chromiumOrSkip(t);
  if (!chromium) return;
  let lab: Lab | null = null;
  let nb: NotebookPage | null = null;
  try {
    lab = await startLab({ jupyter: path.join(jenv, "bin", "jupyter"), dir: project, env: userEnv() });
    nb = await openNotebook(lab, "compare.ipynb", chromium);
    const { page } = nb;
    await nb.ready(120_000);
    await nb.runAll();
    await page.locator('.dl-run-status[data-status="done"]').nth(1).waitFor({ timeout: 240_000 });
    assert.ok((await page.locator('[data-panel="a"] circle').count()) > 0, "the weave graph draws nodes");
    const img = page.locator('img.dl-chart-img[data-side="a"]').first();
    await img.waitFor({ timeout: 30_000 });
    assert.ok((await img.evaluate((i: HTMLImageElement) => i.naturalWidth)) > 0, "the graphite chart decodes as an image");
    assert.deepEqual(nb.unexpectedErrors(), [], "no console errors");
  } finally {
    await nb?.close();
    await lab?.stop();
  }
});
