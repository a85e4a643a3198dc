// One idempotent setup step, run by `npm start`, `npm test`, `npm run demo` and `npm run bench`.
// Everything it installs lives inside this checkout (.venv, dist, labextension). When nothing is
// missing it only checks stamps and returns in well under a second.
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const venv = path.join(root, ".venv");
// `--prefix <dir>`: use an existing Python environment (Binder's, whose requirements its builder
// already installed) instead of creating .venv. .venv then becomes a link to that environment, so
// everything that looks for .venv/bin/python (sandbox, export, start) finds it, and the kernel,
// the widget extension and the settings below land in that environment's share/jupyter.
const prefixAt = process.argv.indexOf("--prefix");
const prefix = prefixAt >= 0 ? process.argv[prefixAt + 1] : null;
const vpy = path.join(venv, "bin", "python");
const reqFile = path.join(root, "binder", "requirements.txt");
const started = Date.now();
const log = (m) => process.stderr.write(`duellab setup: ${m}\n`);

/** One sentence, then exit: what is missing and what to do about it. */
function die(sentence) {
  process.stderr.write(`\nduellab setup: ${sentence}\n\n`);
  process.exit(1);
}

/** Candidates in order: PYTHON, then what PATH offers (python3, python, the versioned names), then
 * where macOS keeps Homebrew's and python.org's Python (the system's /usr/bin/python3 is often 3.9
 * there, so a newer one elsewhere must still be found). The first that is 3.10+ wins. */
function pythonCandidates() {
  const onPath = ["python3", "python", "python3.14", "python3.13", "python3.12", "python3.11", "python3.10"];
  const mac =
    process.platform === "darwin"
      ? ["/opt/homebrew/bin/python3", "/usr/local/bin/python3", "/Library/Frameworks/Python.framework/Versions/Current/bin/python3"]
      : [];
  return [process.env.PYTHON, ...onPath, ...mac].filter(Boolean);
}

function findPython() {
  let tooOld = null;
  for (const cand of pythonCandidates()) {
    const r = spawnSync(cand, ["-c", "import sys; print(sys.version_info[0], sys.version_info[1])"], { encoding: "utf8" });
    if (r.status !== 0) continue;
    const [maj, min] = r.stdout.trim().split(" ").map(Number);
    if (maj === 3 && min >= 10) return cand;
    tooOld ??= `${cand} is Python ${maj}.${min}`;
  }
  if (tooOld)
    die(`${tooOld}; duellab needs Python 3.10 or newer (install a newer one, e.g. \`brew install python\` on macOS, or set PYTHON=/path/to/python3).`);
  die(
    "no python3 was found on PATH: install Python 3.10+ (Debian/Ubuntu: `apt-get install python3 python3-venv`; macOS: `brew install python`), or set PYTHON=/path/to/python3.",
  );
}

// 1. The Python side, pinned in binder/requirements.txt (the same file Binder uses).
if (prefix !== null) usePrefix(prefix);
else installVenv();

function usePrefix(dir) {
  if (!dir || dir.startsWith("--"))
    die("--prefix needs the environment's directory, e.g. `node scripts/setup.mjs --prefix \"$(python3 -c 'import sys; print(sys.prefix)')\"`.");
  const abs = path.resolve(dir);
  const py = path.join(abs, "bin", "python");
  if (!fs.existsSync(py)) die(`${abs} has no bin/python: give --prefix the sys.prefix of the Python environment to install into.`);
  const r = spawnSync(py, ["-c", "import jupyterlab, ipywidgets, jupyterlab_widgets, nbclient, nbconvert, pandas, matplotlib"], { encoding: "utf8" });
  if (r.status !== 0) {
    const missing = /No module named '([^']+)'/.exec(r.stderr)?.[1] ?? (r.stderr || "").trim().split("\n").pop();
    die(
      `the Python environment at ${abs} lacks ${missing}: install binder/requirements.txt into it first (\`${py} -m pip install -r binder/requirements.txt\`).`,
    );
  }
  let current = null;
  try {
    current = fs.lstatSync(venv);
  } catch {
    /* absent */
  }
  if (current && !current.isSymbolicLink())
    die(`.venv already exists as a directory here; --prefix links .venv to ${abs} instead: remove .venv, or run setup without --prefix.`);
  if (current && fs.realpathSync(venv) === fs.realpathSync(abs)) return;
  if (current) fs.unlinkSync(venv);
  log(`using the Python environment at ${abs} (.venv links to it)`);
  fs.symlinkSync(abs, venv, "dir");
}

function installVenv() {
  const reqHash = crypto.createHash("sha256").update(fs.readFileSync(reqFile)).digest("hex").slice(0, 16);
  const venvStamp = path.join(venv, ".duellab-requirements");
  const venvOk = fs.existsSync(vpy) && fs.existsSync(venvStamp) && fs.readFileSync(venvStamp, "utf8") === reqHash;
  if (!venvOk) {
    const py = findPython();
    if (!fs.existsSync(vpy)) {
      log(`creating .venv with ${py}`);
      const r = spawnSync(py, ["-m", "venv", venv], { encoding: "utf8" });
      if (r.status !== 0) {
        fs.rmSync(venv, { recursive: true, force: true });
        die(
          `\`${py} -m venv\` failed (${(r.stderr || "").trim().split("\n").pop()}): install the venv module (Debian/Ubuntu: \`apt-get install python3-venv\`) and run this again.`,
        );
      }
    }
    log("installing the Python side from binder/requirements.txt (first run only; takes a minute)");
    const env = { ...process.env, PIP_RETRIES: process.env.PIP_RETRIES ?? "0", PIP_DISABLE_PIP_VERSION_CHECK: "1" };
    const r = spawnSync(vpy, ["-m", "pip", "install", "-q", "-r", reqFile], { encoding: "utf8", env, stdio: ["ignore", "inherit", "pipe"] });
    if (r.status !== 0) {
      const last =
        (r.stderr || "")
          .trim()
          .split("\n")
          .filter((l) => /ERROR/.test(l))
          .pop() ?? (r.stderr || "").trim().split("\n").pop();
      die(`pip could not install the Python side into .venv (${last}): check your network or package index, then run \`npm run setup\` again.`);
    }
    fs.writeFileSync(venvStamp, reqHash);
  }
}

// 2. The library, the widget bundles and the prebuilt JupyterLab extension.
execFileSync(process.execPath, [path.join(root, "scripts", "build.mjs")], { stdio: "inherit" });

// 3-5. The widget extension, the saveState setting, the debugger switch and the tslab
// kernel, into the venv's Jupyter dirs: the same code `npx duellab setup` runs for an installed
// package (src/lib/setup/jupyter-env.ts, compiled by the build above).
const jupyterEnv = createRequire(import.meta.url)(path.join(root, "dist", "lib", "setup", "jupyter-env.js"));
const tslabBin = path.join(root, "node_modules", ".bin", "tslab");
if (!fs.existsSync(tslabBin)) die("node_modules/.bin/tslab is missing: run `npm install` first.");
const steps = [];
try {
  if (fs.existsSync(path.join(root, "labextension", "package.json"))) steps.push(jupyterEnv.installExtension(path.join(root, "labextension"), venv));
  steps.push(jupyterEnv.ensureSaveState(venv));
  steps.push(jupyterEnv.disableDebugger(venv));
  // The kernel runs this checkout's tslab by absolute path, re-registered if it points elsewhere.
  steps.push(
    jupyterEnv.ensureKernel({ prefix: venv, python: vpy, tslabJs: path.join(root, "node_modules", "tslab", "bin", "tslab"), binary: tslabBin, exact: true }),
  );
} catch (e) {
  die(e.message);
}
for (const s of steps) if (s && s.state === "installed") log(`${s.what}: ${path.relative(root, s.place)}`);

// 6. Notebooks import "duellab": resolvable from notebooks/ by tslab's Node10 resolution.
const link = path.join(root, "notebooks", "node_modules", "duellab");
if (!fs.existsSync(path.join(link, "package.json"))) {
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(path.relative(path.dirname(link), root), link, "dir");
}

log(`ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
