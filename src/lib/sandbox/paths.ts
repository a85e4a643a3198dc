// Where the Python half lives and which Python runs it. The repo root is found from this file's
// own location, so it works from src/ (tsx) and dist/ (compiled) alike.
import fs from "node:fs";
import path from "node:path";

export function repoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    if (fs.existsSync(path.join(dir, "sandbox", "server.py")) && fs.existsSync(path.join(dir, "package.json"))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`duellab sandbox: could not find sandbox/server.py above ${__dirname}; reinstall duellab or run \`npm run setup\` in its checkout.`);
}

export function defaultPython(): string {
  return process.env.DUELLAB_PYTHON || path.join(repoRoot(), ".venv", "bin", "python");
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
