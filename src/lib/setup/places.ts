// Where `duellab setup` puts things and what it writes there, as pure functions of the platform,
// the environment variables and file contents it is given (no I/O here; ./jupyter-env.ts and
// ./sandbox-python.ts do the reading and writing).
import path from "node:path";
import { z } from "zod";

/** The user's cache folder for duellab: ~/Library/Caches/duellab on macOS, $XDG_CACHE_HOME/duellab
 * or ~/.cache/duellab elsewhere. DUELLAB_CACHE_DIR overrides both (tests, shared machines). */
export function cacheDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (env.DUELLAB_CACHE_DIR) return path.resolve(env.DUELLAB_CACHE_DIR);
  if (platform === "darwin") return path.join(home, "Library", "Caches", "duellab");
  const xdg = env.XDG_CACHE_HOME;
  // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, ".cache"), "duellab");
}

/** The file in which setup records the sandbox's Python, read by src/lib/sandbox/paths.ts. */
export const RECORD_NAME = "sandbox-python.json";

export const SandboxPythonRecord = z.object({
  python: z.string().min(1),
  /** "jupyter-env": the Jupyter environment's own Python; "private-env": made by setup under the cache dir. */
  source: z.enum(["jupyter-env", "private-env"]),
  recordedAt: z.string(),
});
export type SandboxPythonRecord = z.infer<typeof SandboxPythonRecord>;

/** The modules a chart snippet may import; a Python without them cannot be the sandbox's. */
export const SANDBOX_MODULES = ["pandas", "matplotlib", "seaborn"] as const;

/** The pip distributions the sandbox needs, whose pins are taken from binder/requirements.txt. */
export const SANDBOX_DISTRIBUTIONS = ["numpy", "pandas", "matplotlib", "seaborn", "scipy"] as const;

/**
 * The sandbox's share of the pinned requirements: the lines of binder/requirements.txt naming a
 * sandbox distribution, so the private environment gets the same versions as the checkout's.
 * A sandbox module the file does not pin (seaborn before it joins the file) is added unpinned.
 */
export function sandboxRequirements(requirementsText: string): string[] {
  const lines = requirementsText
    .split("\n")
    .map((l) => l.replace(/#.*/, "").trim())
    .filter(Boolean);
  const nameOf = (l: string) => /^([A-Za-z0-9_.-]+)/.exec(l)?.[1]?.toLowerCase().replace(/_/g, "-") ?? "";
  const wanted = new Set<string>(SANDBOX_DISTRIBUTIONS);
  const kept = lines.filter((l) => wanted.has(nameOf(l)));
  const names = new Set(kept.map(nameOf));
  for (const m of SANDBOX_MODULES) if (!names.has(m)) kept.push(m);
  return kept;
}

/** overrides.json with the widget manager's saveState on, or null when it already is. */
export function withSaveState(current: Record<string, unknown>): Record<string, unknown> | null {
  const key = "@jupyter-widgets/jupyterlab-manager:plugin";
  const plugin = (current[key] ?? {}) as Record<string, unknown>;
  if (plugin.saveState === true) return null;
  return { ...current, [key]: { ...plugin, saveState: true } };
}

/** The JupyterLab extension that cannot debug a tslab kernel and throws after every cell. */
export const DEBUGGER_EXTENSION = "@jupyterlab/debugger-extension";

/** page_config.json with the debugger extension off, or null when it already is. */
export function withDebuggerOff(current: Record<string, unknown>): Record<string, unknown> | null {
  const disabled = (current.disabledExtensions ?? {}) as Record<string, unknown>;
  if (disabled[DEBUGGER_EXTENSION] === true) return null;
  return { ...current, disabledExtensions: { ...disabled, [DEBUGGER_EXTENSION]: true } };
}
