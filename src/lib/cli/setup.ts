// `duellab setup [--prefix <env>]`: makes an installed duellab usable from the notebooks of the
// folder it was installed in. Into the Jupyter environment it finds (--prefix, else the one whose
// `jupyter` is on PATH) it puts the prebuilt widget extension, the saveState setting, JupyterLab's
// debugger switch and, when missing, the tslab kernel; it records a Python for the sandbox (the
// environment's own, or a private one under the user's cache folder). Idempotent; prints every
// place it wrote or checked. I/O shell over ../setup/*.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { disableDebugger, ensureKernel, ensureSaveState, installExtension, type Step } from "../setup/jupyter-env";
import { ensureSandboxPython } from "../setup/sandbox-python";
import { walkArgs } from "./args";

// dist/lib/cli (compiled) and src/lib/cli (tsx) are both three levels below the package root.
const PKG = path.resolve(__dirname, "..", "..", "..");

class SetupError extends Error {}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const p = path.join(dir, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* keep looking */
    }
  }
  return null;
}

/** The environment's sys.prefix and Python, checked to hold a Jupyter front end and the widget manager. */
function findEnvironment(prefixArg: string | null): { prefix: string; python: string } {
  let python: string;
  if (prefixArg !== null) {
    const abs = path.resolve(prefixArg);
    python = path.join(abs, "bin", "python");
    if (!fs.existsSync(python))
      throw new SetupError(`${abs} has no bin/python: give --prefix the sys.prefix of the Python environment that runs your Jupyter.`);
  } else {
    const jupyter = onPath("jupyter");
    if (!jupyter)
      throw new SetupError(
        "no `jupyter` on PATH: activate the environment that runs your JupyterLab or Notebook, or name it with `npx duellab setup --prefix <env>`.",
      );
    const beside = path.join(path.dirname(jupyter), "python");
    const shebang = /^#!\s*(\S+)/.exec(fs.readFileSync(jupyter, "utf8").split("\n", 1)[0] ?? "")?.[1];
    const cand = fs.existsSync(beside) ? beside : shebang && fs.existsSync(shebang) ? shebang : null;
    if (!cand) throw new SetupError(`could not tell which Python runs ${jupyter}: name its environment with \`npx duellab setup --prefix <env>\`.`);
    python = cand;
  }
  const probe = spawnSync(
    python,
    [
      "-c",
      [
        "import sys, importlib.util as u",
        "print(sys.prefix)",
        "print(sys.version_info[0], sys.version_info[1])",
        "print(','.join(m for m in ['jupyterlab', 'notebook', 'jupyterlab_widgets', 'ipywidgets'] if u.find_spec(m)))",
      ].join("\n"),
    ],
    { encoding: "utf8" },
  );
  if (probe.status !== 0)
    throw new SetupError(`${python} did not run (${(probe.stderr || "").trim().split("\n").pop()}): name a working environment with --prefix.`);
  const [prefix = "", version = "", mods = ""] = probe.stdout.trim().split("\n");
  const has = new Set(mods.split(",").filter(Boolean));
  if (!has.has("jupyterlab") && !has.has("notebook"))
    throw new SetupError(
      `the environment at ${prefix} has neither JupyterLab nor Notebook 7: install one (\`${python} -m pip install jupyterlab\`) or name another with --prefix.`,
    );
  if (!has.has("jupyterlab_widgets"))
    throw new SetupError(
      `the environment at ${prefix} lacks the Jupyter widget manager: install it (\`${python} -m pip install ipywidgets\`) and run \`npx duellab setup\` again.`,
    );
  const [maj, min] = version.split(" ").map(Number);
  if (!(maj === 3 && (min ?? 0) >= 10))
    throw new SetupError(`the environment at ${prefix} runs Python ${maj}.${min}; duellab's sandbox needs Python 3.10 or newer.`);
  return { prefix, python };
}

function say(step: Step): void {
  process.stdout.write(`  ${step.state === "installed" ? "wrote  " : "already"}  ${step.what}: ${step.place}\n`);
}

const USAGE =
  "usage: duellab setup [--prefix <env>]\n" +
  "Puts the widget extension, the tslab kernel and a sandbox Python into the Jupyter environment at --prefix (its sys.prefix), else the one whose `jupyter` is on PATH. Safe to run again.";

const PREFIX_NEEDED = "needs the environment's directory, e.g. `npx duellab setup --prefix \"$(python3 -c 'import sys; print(sys.prefix)')\"`.";

/** The --prefix given (null: none), or the sentence that says how to call setup. */
export function parseSetupArgs(args: string[]): { prefix: string | null } | { help: true } | { error: string } {
  let prefix: string | null = null;
  const walk = walkArgs(
    args,
    { prefix: { type: "string", missing: PREFIX_NEEDED } },
    ({ raw, value = "" }) => {
      if (!value || value.startsWith("--")) return `${raw} ${PREFIX_NEEDED}`;
      prefix = value;
      return null;
    },
    (value) => `unexpected argument "${value}": the only option is --prefix <env>.`,
  );
  if (walk.help) return { help: true };
  if (walk.error === null) return { prefix };
  return { error: /^unknown option /.test(walk.error) ? `${walk.error}: the only option is --prefix <env>.` : walk.error };
}

export async function setupCommand(args: string[]): Promise<number> {
  const parsed = parseSetupArgs(args);
  if ("help" in parsed) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    if ("error" in parsed) throw new SetupError(parsed.error);
    const prefixArg = parsed.prefix;
    const env = findEnvironment(prefixArg);
    process.stdout.write(`duellab setup: into the Jupyter environment at ${env.prefix}\n`);
    say(installExtension(path.join(PKG, "labextension"), env.prefix));
    say(ensureSaveState(env.prefix));
    say(disableDebugger(env.prefix));
    const tslabDir = path.dirname(require.resolve("tslab/package.json", { paths: [PKG] }));
    const tslabJs = path.join(tslabDir, "bin", "tslab");
    say(ensureKernel({ prefix: env.prefix, python: env.python, tslabJs, binary: tslabJs, exact: false }));
    const requirementsText = fs.readFileSync(path.join(PKG, "binder", "requirements.txt"), "utf8");
    say(ensureSandboxPython({ envPython: env.python, basePython: env.python, requirementsText, log: (m) => process.stdout.write(`  ${m}\n`) }));
    process.stdout.write(
      `duellab setup: ready. Start Jupyter from ${env.prefix} and, in a notebook of this folder: import { weave, graphite } from "duellab";\n`,
    );
    return 0;
  } catch (e) {
    const msg = (e as Error).message;
    process.stderr.write(`duellab setup: ${msg}\n`);
    return 1;
  }
}
