// Where the Python half lives and which Python runs it. The repo root is found from this file's
// own location, so it works from src/ (tsx) and dist/ (compiled) alike.
import fs from "node:fs";
import path from "node:path";
import { recordedSandboxPython, userCacheDir } from "../setup/sandbox-python";

export function repoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    if (fs.existsSync(path.join(dir, "sandbox", "server.py")) && fs.existsSync(path.join(dir, "package.json"))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`duellab sandbox: could not find sandbox/server.py above ${__dirname}; reinstall duellab or run \`npm run setup\` in its checkout.`);
}

/**
 * The sandbox's Python: DUELLAB_PYTHON when set; in a checkout, its .venv (made by `npm run
 * setup`); in an installed package, the one `npx duellab setup` recorded under the user's cache.
 */
export function defaultPython(): string {
  if (process.env.DUELLAB_PYTHON) return process.env.DUELLAB_PYTHON;
  const venv = path.join(repoRoot(), ".venv", "bin", "python");
  if (fs.existsSync(venv)) return venv;
  const recorded = recordedSandboxPython();
  if (recorded) return recorded.python;
  throw new Error(
    `duellab sandbox: no Python for the sandbox is set up (none recorded in ${userCacheDir()}): run \`npx duellab setup\` in the folder where you installed duellab (in its checkout: \`npm run setup\`).`,
  );
}

export function findBwrap(): string | null {
  for (const dir of (process.env.PATH ?? "").split(":").concat(["/usr/bin", "/bin"])) {
    if (!dir) continue;
    const p = path.join(dir, "bwrap");
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* keep looking */
    }
  }
  return null;
}

/** The Python installation a venv interpreter really runs from (pyvenv.cfg `home`), so the
 * namespace view can include it read-only. */
export function pythonTrees(python: string): string[] {
  const trees = new Set<string>();
  const venv = path.dirname(path.dirname(python));
  const cfg = path.join(venv, "pyvenv.cfg");
  if (fs.existsSync(cfg)) {
    trees.add(venv);
    const home = /^home\s*=\s*(.+)$/m.exec(fs.readFileSync(cfg, "utf8"))?.[1]?.trim();
    if (home) trees.add(path.dirname(home));
  }
  try {
    trees.add(path.dirname(path.dirname(fs.realpathSync(python))));
  } catch {
    /* reported when the launch fails */
  }
  return [...trees].filter((t) => t !== "/" && t !== "/usr");
}
