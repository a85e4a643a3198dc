// Opens JupyterLab from the checkout's venv on notebooks/; extra arguments go to JupyterLab.
// `npm start -- --notebook` opens Jupyter Notebook 7 on the same folder instead.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const jupyter = path.join(root, ".venv", "bin", "jupyter");
// JupyterLab refuses to start as root unless told; containers often run as root, so say it for them.
const asRoot = typeof process.getuid === "function" && process.getuid() === 0 && !process.argv.includes("--allow-root") ? ["--allow-root"] : [];
const notebook = process.argv.includes("--notebook");
const rest = process.argv.slice(2).filter((a) => a !== "--notebook");
const child = spawn(
  jupyter,
  [
    notebook ? "notebook" : "lab",
    `--notebook-dir=${path.join(root, "notebooks")}`,
    "--ContentsManager.hide_globs=['node_modules','__pycache__','*.pyc','.ipynb_checkpoints','package.json','package-lock.json']",
    ...asRoot,
    ...rest,
  ],
  {
    stdio: "inherit",
    env: { ...process.env, PATH: `${path.join(root, ".venv", "bin")}:${process.env.PATH}` },
  },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
