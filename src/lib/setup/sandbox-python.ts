// Which Python runs the chart sandbox for an installed duellab, and the record setup leaves so the
// kernel finds it. I/O: probes Pythons, may create one private venv under the user's cache folder
// (never anywhere else), and writes <cache>/sandbox-python.json.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cacheDir, RECORD_NAME, SANDBOX_MODULES, SandboxPythonRecord, sandboxRequirements } from "./places";
import type { Step } from "./jupyter-env";

export function userCacheDir(): string {
  return cacheDir(process.platform, process.env, os.homedir());
}

/** What setup recorded, or null (never recorded, unreadable, or its Python is gone). */
export function recordedSandboxPython(dir = userCacheDir()): SandboxPythonRecord | null {
  try {
    const rec = SandboxPythonRecord.parse(JSON.parse(fs.readFileSync(path.join(dir, RECORD_NAME), "utf8")));
    return fs.existsSync(rec.python) ? rec : null;
  } catch {
    return null;
  }
}

/** The first of SANDBOX_MODULES `python` cannot import, or null when it has them all. */
export function missingModule(python: string): string | null {
  const code = `import importlib.util, sys\nfor m in ${JSON.stringify(SANDBOX_MODULES)}:\n    if importlib.util.find_spec(m) is None:\n        print(m); sys.exit(0)`;
  const r = spawnSync(python, ["-c", code], { encoding: "utf8" });
  if (r.status !== 0) return SANDBOX_MODULES[0];
  return r.stdout.trim() || null;
}

function pipError(stderr: string): string {
  const lines = stderr.trim().split("\n");
  return lines.filter((l) => /ERROR/.test(l)).pop() ?? lines.pop() ?? "no output";
}

/**
 * The sandbox's Python: the Jupyter environment's own when it can import pandas, matplotlib and
 * seaborn; otherwise a private venv at <cache>/sandbox-venv, created with `basePython` from the
 * pinned requirements and reused while its stamp matches them. Records the choice.
 */
export function ensureSandboxPython(o: { envPython: string; basePython: string; requirementsText: string; dir?: string; log?: (m: string) => void }): Step {
  const dir = o.dir ?? userCacheDir();
  const recordFile = path.join(dir, RECORD_NAME);
  const record = (python: string, source: SandboxPythonRecord["source"]): boolean => {
    const prev = recordedSandboxPython(dir);
    if (prev && prev.python === python && prev.source === source) return false;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(recordFile, JSON.stringify({ python, source, recordedAt: new Date().toISOString() }, null, 2) + "\n");
    return true;
  };
  if (missingModule(o.envPython) === null) {
    const changed = record(o.envPython, "jupyter-env");
    return { what: `sandbox Python (the Jupyter environment's own; recorded in ${recordFile})`, place: o.envPython, state: changed ? "installed" : "already" };
  }
  const venv = path.join(dir, "sandbox-venv");
  const py = path.join(venv, "bin", "python");
  const reqs = sandboxRequirements(o.requirementsText);
  const stampFile = path.join(venv, ".duellab-requirements");
  const stamp = reqs.join("\n");
  const fresh = fs.existsSync(py) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp && missingModule(py) === null;
  if (!fresh) {
    o.log?.(
      `the Jupyter environment lacks ${missingModule(o.envPython)}: creating a private Python for the sandbox at ${venv} (${reqs.join(" ")}; takes a minute)`,
    );
    if (!fs.existsSync(py)) {
      const r = spawnSync(o.basePython, ["-m", "venv", venv], { encoding: "utf8" });
      if (r.status !== 0) {
        fs.rmSync(venv, { recursive: true, force: true });
        throw new Error(
          `\`${o.basePython} -m venv ${venv}\` failed (${(r.stderr || "").trim().split("\n").pop()}): install Python's venv module (Debian/Ubuntu: \`apt-get install python3-venv\`) and run \`npx duellab setup\` again.`,
        );
      }
    }
    const env = { ...process.env, PIP_RETRIES: process.env.PIP_RETRIES ?? "0", PIP_DISABLE_PIP_VERSION_CHECK: "1" };
    const r = spawnSync(py, ["-m", "pip", "install", "-q", ...reqs], { encoding: "utf8", env, stdio: ["ignore", "ignore", "pipe"] });
    if (r.status !== 0)
      throw new Error(
        `pip could not install the sandbox's packages into ${venv} (${pipError(r.stderr ?? "")}): check your network or package index, then run \`npx duellab setup\` again.`,
      );
    fs.writeFileSync(stampFile, stamp);
  }
  const changed = record(py, "private-env");
  return { what: `sandbox Python (a private environment; recorded in ${recordFile})`, place: py, state: !fresh || changed ? "installed" : "already" };
}
