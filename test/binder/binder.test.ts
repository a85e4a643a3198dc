// The Binder recipe, tested the way Binder's builder (repo2docker) would use it, minus Docker:
// a fresh Python environment from binder/requirements.txt, a fresh copy of the repository,
// binder/postBuild run there with that environment first on PATH, then every example notebook
// executed by nbclient with that environment's tslab kernel. Nothing of this checkout's .venv,
// node_modules or Jupyter dirs is used. Set DUELLAB_KEEP_BINDER=1 to keep the build folder.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-binder-"));
const envDir = path.join(work, "env");
const repo = path.join(work, "repo");
const envPy = path.join(envDir, "bin", "python");

/** The builder's environment: the new Python first on PATH, this checkout's .venv nowhere. */
function builderEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ["DUELLAB_ROOT", "DUELLAB_PYTHON", "VIRTUAL_ENV", "JUPYTER_PATH", "PYTHONPATH", "NODE_OPTIONS"]) delete env[k];
  const path0 = (process.env.PATH ?? "")
    .split(":")
    .filter((p) => p && !p.startsWith(path.join(root, ".venv")) && !p.startsWith(path.join(root, "node_modules")));
  env.PATH = [path.join(envDir, "bin"), ...path0].join(":");
  env.JUPYTER_DATA_DIR = path.join(work, "jupyter-data");
  env.JUPYTER_CONFIG_DIR = path.join(work, "jupyter-config");
  env.JUPYTER_RUNTIME_DIR = path.join(work, "jupyter-runtime");
  env.PIP_DISABLE_PIP_VERSION_CHECK = "1";
  return env;
}

function sh(cmd: string, args: string[], opts: { cwd?: string; timeoutMs: number }): SpawnSyncReturns<string> & { seconds: number } {
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd: opts.cwd ?? work, env: builderEnv(), encoding: "utf8", timeout: opts.timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return Object.assign(r, { seconds: (Date.now() - t) / 1000 });
}

function ended(what: string, r: SpawnSyncReturns<string>): string {
  const how = r.error ? `did not run (${r.error.message})` : r.signal ? `was killed by ${r.signal}` : `exited with code ${r.status}`;
  const tail = `${r.stdout ?? ""}\n${r.stderr ?? ""}`.trim().split("\n").slice(-25).join("\n");
  return `${what} ${how}:\n${tail}`;
}

/** The files a fresh clone would have, as they are in this working tree (new files included). */
function copyRepository(): number {
  const ls = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  assert.equal(ls.status, 0, ended("git ls-files", ls));
  let n = 0;
  for (const f of ls.stdout.split("\0")) {
    // Scratch folders of people working in this checkout and Python caches are not the repository.
    if (!f || /(^|\/)__pycache__\//.test(f) || (/^\.[^/]+\//.test(f) && !f.startsWith(".github/"))) continue;
    const src = path.join(root, f);
    if (!fs.existsSync(src) || fs.lstatSync(src).isDirectory()) continue;
    fs.mkdirSync(path.dirname(path.join(repo, f)), { recursive: true });
    fs.copyFileSync(src, path.join(repo, f));
    fs.chmodSync(path.join(repo, f), fs.statSync(src).mode);
    n++;
  }
  return n;
}

/** A notebook for when notebooks/ has none yet: import duellab, show a live run widget. */
function generatedNotebook(): string {
  const source = [
    'import { startLiveRun } from "duellab/dist/lib/run/live";',
    'const live = startLiveRun({ view: "run", title: "Binder check", stages: [{ id: "build", label: "Build" }, { id: "ready", label: "Ready" }] });',
    'live.tracker.enter("build", "postBuild ran");',
    "await live.yieldToLoop();",
    "live.tracker.finish();",
    "await live.yieldToLoop();",
  ].join("\n");
  return JSON.stringify({
    cells: [{ cell_type: "code", id: "binder-check", metadata: {}, execution_count: null, outputs: [], source }],
    metadata: { kernelspec: { name: "tslab", display_name: "TypeScript", language: "typescript" } },
    nbformat: 4,
    nbformat_minor: 5,
  });
}

const RUN_NOTEBOOK = `
import os, sys, nbformat
from nbclient import NotebookClient
src, dst = sys.argv[1], sys.argv[2]
nb = nbformat.read(src, as_version=4)
NotebookClient(nb, kernel_name="tslab", timeout=240, resources={"metadata": {"path": os.path.dirname(os.path.abspath(src))}}).execute()
nbformat.write(nb, dst)
`;

interface Output {
  output_type: string;
  ename?: string;
  evalue?: string;
  data?: Record<string, unknown>;
}
interface Notebook {
  cells: { outputs?: Output[] }[];
  metadata: { widgets?: Record<string, { state: Record<string, { model_module: string; state: Record<string, unknown> }> }> };
}

test("the Binder recipe builds an environment whose kernel runs the example notebooks", { timeout: 8 * 60_000 }, async (t) => {
  t.after(() => {
    if (process.env.DUELLAB_KEEP_BINDER) t.diagnostic(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  });

  // 0. The builder's small files: a Python version it knows, apt packages that exist.
  const runtime = fs.readFileSync(path.join(root, "binder/runtime.txt"), "utf8").trim();
  assert.match(runtime, /^python-3\.\d+$/, "runtime.txt names a Python version as repo2docker reads it");
  const aptTxt = path.join(root, "binder/apt.txt");
  const aptPackages = fs.existsSync(aptTxt)
    ? fs
        .readFileSync(aptTxt, "utf8")
        .split("\n")
        .map((l) => l.replace(/#.*/, "").trim())
        .filter(Boolean)
    : [];
  for (const p of aptPackages) {
    const show = spawnSync("apt-cache", ["show", p], { encoding: "utf8" });
    if (show.error) {
      t.diagnostic(`apt-cache is not available: apt.txt's ${p} is not checked`);
      continue;
    }
    assert.equal(show.status, 0, `binder/apt.txt names "${p}", which apt does not know`);
  }

  // 1. The Python environment, from binder/requirements.txt only.
  const python = process.env.PYTHON || "python3";
  const venv = sh(python, ["-m", "venv", envDir], { timeoutMs: 60_000 });
  assert.equal(venv.status, 0, ended(`${python} -m venv`, venv));
  const version = sh(envPy, ["-c", "import sys; print(f'python-{sys.version_info[0]}.{sys.version_info[1]}')"], { timeoutMs: 10_000 }).stdout.trim();
  if (version !== runtime) t.diagnostic(`binder/runtime.txt asks for ${runtime}; this machine builds with ${version}`);
  const retries = process.env.PIP_RETRIES ? [] : ["--retries", "0"];
  const pip = sh(envPy, ["-m", "pip", "install", "-q", ...retries, "-r", path.join(root, "binder/requirements.txt")], { timeoutMs: 5 * 60_000 });
  assert.equal(pip.status, 0, ended("pip install -r binder/requirements.txt", pip));
  t.diagnostic(`fresh environment from binder/requirements.txt: ${pip.seconds.toFixed(0)} s`);

  // 2. A fresh copy of the repository, then its postBuild, as the builder runs it.
  const files = copyRepository();
  assert.ok(fs.existsSync(path.join(repo, "binder/postBuild")), "binder/postBuild is part of the repository");
  assert.ok(!fs.existsSync(path.join(repo, "node_modules")) && !fs.existsSync(path.join(repo, ".venv")), "the copy starts without node_modules or .venv");
  const post = sh("bash", ["binder/postBuild"], { cwd: repo, timeoutMs: 6 * 60_000 });
  assert.equal(post.status, 0, ended("binder/postBuild", post));
  t.diagnostic(`copied ${files} files; postBuild (npm ci, build, kernel, extension): ${post.seconds.toFixed(0)} s`);

  // What postBuild must leave in the environment, where JupyterLab and nbclient look for it.
  const realEnv = fs.realpathSync(envDir);
  assert.equal(fs.realpathSync(path.join(repo, ".venv")), realEnv, ".venv links to the environment");
  const kernel = JSON.parse(fs.readFileSync(path.join(envDir, "share/jupyter/kernels/tslab/kernel.json"), "utf8")) as { argv: string[] };
  assert.equal(kernel.argv[0], path.join(repo, "node_modules/.bin/tslab"), "the environment's tslab kernel runs the copy's tslab");
  const ext = JSON.parse(fs.readFileSync(path.join(envDir, "share/jupyter/labextensions/duellab/package.json"), "utf8")) as { name: string };
  assert.equal(ext.name, "duellab", "the widget extension is installed in the environment");
  const overrides = JSON.parse(fs.readFileSync(path.join(envDir, "share/jupyter/lab/settings/overrides.json"), "utf8")) as Record<
    string,
    { saveState?: boolean }
  >;
  assert.equal(overrides["@jupyter-widgets/jupyterlab-manager:plugin"]?.saveState, true, "widget state is saved with notebooks");
  const specs = sh(envPy, ["-m", "jupyter", "kernelspec", "list", "--json"], { timeoutMs: 30_000 });
  const tslabSpec = (JSON.parse(specs.stdout) as { kernelspecs: Record<string, { resource_dir: string }> }).kernelspecs.tslab;
  assert.equal(fs.realpathSync(tslabSpec.resource_dir), path.join(realEnv, "share/jupyter/kernels/tslab"), "Jupyter finds the kernel in the environment");

  // 3. The example notebooks, executed with that kernel.
  const nbDir = path.join(repo, "notebooks");
  let notebooks = fs.existsSync(nbDir)
    ? fs
        .readdirSync(nbDir)
        .filter((f) => f.endsWith(".ipynb"))
        .sort()
    : [];
  if (notebooks.length === 0) {
    t.diagnostic("notebooks/ has no example notebooks yet: executing a generated one that shows a duellab widget");
    fs.mkdirSync(nbDir, { recursive: true });
    fs.writeFileSync(path.join(nbDir, "binder-check.ipynb"), generatedNotebook());
    notebooks = ["binder-check.ipynb"];
  }
  const runner = path.join(work, "run_notebook.py");
  fs.writeFileSync(runner, RUN_NOTEBOOK);
  let widgetOutputs = 0;
  let exported = false;
  for (const name of notebooks) {
    const executed = path.join(work, `executed-${name}`);
    const r = sh(envPy, [runner, path.join(nbDir, name), executed], { cwd: nbDir, timeoutMs: 5 * 60_000 });
    assert.equal(r.status, 0, ended(`nbclient on notebooks/${name}`, r));
    const nb = JSON.parse(fs.readFileSync(executed, "utf8")) as Notebook;
    const outputs = nb.cells.flatMap((c) => c.outputs ?? []);
    const errors = outputs.filter((o) => o.output_type === "error").map((o) => `${o.ename}: ${o.evalue}`);
    assert.deepEqual(errors, [], `notebooks/${name} has no error outputs`);
    const state = nb.metadata.widgets?.["application/vnd.jupyter.widget-state+json"]?.state ?? {};
    for (const o of outputs) {
      const view = o.data?.["application/vnd.jupyter.widget-view+json"] as { model_id: string } | undefined;
      if (!view) continue;
      widgetOutputs++;
      const model = state[view.model_id];
      assert.ok(model, `notebooks/${name}: the widget ${view.model_id} has saved state`);
      if (model.model_module !== "duellab") continue;
      const s = model.state as { view?: string; run?: { status?: string; title?: string }; result?: { kind?: string } | null; pending?: unknown };
      assert.ok(s.run && typeof s.run.title === "string", `notebooks/${name}: the widget's run header is in its state`);
      assert.notEqual(s.run.status, "running", `notebooks/${name}: the saved state is the final one, not a run still in progress`);
      assert.ok(Array.isArray(s.pending), `notebooks/${name}: pending is in the state`);
      if (s.view === "weave" || s.view === "graphite") {
        assert.equal(s.result?.kind, s.view, `notebooks/${name}: a ${s.view} widget saves its whole result`);
      }
    }
    t.diagnostic(`notebooks/${name}: executed in ${r.seconds.toFixed(0)} s, ${outputs.length} outputs, no errors`);

    // The first executed notebook with saved widgets exports to one offline file with the
    // environment's nbconvert (test/notebooks/export.test.ts checks such files in a browser).
    if (!exported && Object.keys(state).length > 0) {
      const html = path.join(work, name.replace(/\.ipynb$/, ".html"));
      const ex = sh(process.execPath, [path.join(repo, "bin/duellab.js"), "export", executed, "-o", html], { cwd: repo, timeoutMs: 120_000 });
      assert.equal(ex.status, 0, ended(`duellab export ${name}`, ex));
      assert.match(ex.stdout, /widget view\(s\)/);
      assert.ok(fs.readFileSync(html, "utf8").includes("duellab offline widget renderer"), "the export carries the renderer");
      exported = true;
    }
  }
  assert.ok(widgetOutputs > 0, "the notebooks show at least one widget");
});
