// Puts what duellab's notebooks need into one Jupyter environment (a sys.prefix): the prebuilt
// widget extension, the widget manager's saveState setting, JupyterLab's debugger turned off, and
// the tslab kernel. Shared by `npx duellab setup` (src/lib/cli/setup.ts) and the checkout's
// scripts/setup.mjs. I/O: reads and writes only below the prefix it is given; each step returns
// the place it touched and whether it changed anything, so callers can say each one.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { withDebuggerOff, withSaveState } from "./places";

export interface Step {
  what: string;
  place: string;
  /** "installed": written now; "already": was in place, nothing written. */
  state: "installed" | "already";
}

function readJson(file: string): Record<string, unknown> {
  try {
    const v = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {}; // absent or unreadable: rewritten with what is needed
  }
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + "\n");
}

/** The prebuilt extension, copied (not linked) so the environment stands alone. */
export function installExtension(extSrc: string, prefix: string): Step {
  const dst = path.join(prefix, "share", "jupyter", "labextensions", "duellab");
  const stamp = (d: string) => (fs.existsSync(path.join(d, ".stamp")) ? fs.readFileSync(path.join(d, ".stamp"), "utf8") : null);
  const step = { what: "widget extension", place: dst };
  if (!fs.existsSync(path.join(extSrc, "package.json")))
    throw new Error(`the prebuilt widget extension is missing at ${extSrc}: reinstall duellab (or run \`npm run build\` in its checkout).`);
  if (stamp(extSrc) !== null && stamp(extSrc) === stamp(dst) && fs.existsSync(path.join(dst, "package.json"))) return { ...step, state: "already" };
  fs.rmSync(dst, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dst), { recursive: true });
  fs.cpSync(extSrc, dst, { recursive: true });
  return { ...step, state: "installed" };
}

/** Saved notebooks keep their widgets only when the widget manager's saveState is on. */
export function ensureSaveState(prefix: string): Step {
  const file = path.join(prefix, "share", "jupyter", "lab", "settings", "overrides.json");
  const next = withSaveState(readJson(file));
  if (next) writeJson(file, next);
  return { what: "widget saveState setting", place: file, state: next ? "installed" : "already" };
}

/**
 * The debugger extension cannot debug a tslab kernel and, left on, throws "No active debugger
 * session" in the page after every cell, in JupyterLab and Notebook 7 alike; so it is turned off
 * in etc/jupyter/labconfig/page_config.json, which both front ends read. (It is not the cause of
 * Notebook 7's "reading 'schema'" error: that one comes with a stock Notebook 7.6.3 and a Python
 * kernel too, jupyter/notebook#7862.)
 */
export function disableDebugger(prefix: string): Step {
  const file = path.join(prefix, "etc", "jupyter", "labconfig", "page_config.json");
  const next = withDebuggerOff(readJson(file));
  if (next) writeJson(file, next);
  return { what: "debugger extension off (it cannot debug tslab)", place: file, state: next ? "installed" : "already" };
}

/**
 * The tslab kernel: kept when the environment already has one whose program exists (unless
 * `binary` must be exactly it), otherwise registered with `tslab install --sys-prefix`.
 */
export function ensureKernel(o: { prefix: string; python: string; tslabJs: string; binary: string; exact: boolean }): Step {
  const dir = path.join(o.prefix, "share", "jupyter", "kernels", "tslab");
  const file = path.join(dir, "kernel.json");
  let argv0: unknown = null;
  try {
    argv0 = (JSON.parse(fs.readFileSync(file, "utf8")) as { argv?: unknown[] }).argv?.[0];
  } catch {
    /* not registered yet */
  }
  const ok = typeof argv0 === "string" && (o.exact ? argv0 === o.binary : fs.existsSync(argv0));
  // `tslab install` registers its JavaScript kernel too; say so, since it is written as well.
  const what = `tslab kernel (with tslab's jslab kernel at ${path.join(o.prefix, "share", "jupyter", "kernels", "jslab")})`;
  if (ok) return { what, place: dir, state: "already" };
  const r = spawnSync(process.execPath, [o.tslabJs, "install", "--python", o.python, "--sys-prefix", "--binary", o.binary], { encoding: "utf8" });
  if (r.status !== 0) {
    const last = `${r.stderr ?? ""}\n${r.stdout ?? ""}`.trim().split("\n").pop();
    throw new Error(`\`tslab install\` failed (${last}): reinstall duellab's dependencies (\`npm install\`) and run setup again.`);
  }
  return { what, place: dir, state: "installed" };
}
