// `duellab export`: a whole notebook, widgets included, to one offline HTML file. nbconvert writes
// the page; makeOffline() swaps its CDN widget loader for our inlined renderer and drops whatever
// else the page would fetch. The widgets render from the state saved in the notebook's metadata.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeOffline, notebookHints, RENDERER_SENTINEL } from "./notebook-html.js";

export interface ExportNotebookOptions {
  /** Where to write; default: the notebook's path with `.html`. */
  output?: string;
  /** The Python that has nbconvert; default: $DUELLAB_PYTHON, else the checkout's .venv, else python3. */
  python?: string;
  /** Default 120 s: nbconvert on a large notebook is slow, but never minutes. */
  timeoutMs?: number;
}

export interface ExportNotebookReport {
  output: string;
  bytes: number;
  widgetViews: number;
  widgetModels: number;
  removed: string[];
  notes: string[];
}

// src/lib/export (tsx) and dist/lib/export (compiled) are both three levels below the root.
const ROOT = path.resolve(__dirname, "..", "..", "..");
export const RENDERER_PATH = path.join(ROOT, "dist", "widget", "html-manager.js");

export function defaultPython(): string {
  if (process.env.DUELLAB_PYTHON) return process.env.DUELLAB_PYTHON;
  const venv = path.join(ROOT, ".venv", "bin", "python");
  return fs.existsSync(venv) ? venv : "python3";
}

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  spawnError: Error | null;
  timedOut: boolean;
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    let spawnError: Error | null = null;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", (e) => {
      spawnError = e;
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), spawnError, timedOut });
    });
  });
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split("\n")
      .filter((l) => l.trim())
      .pop()
      ?.trim() ?? "no output"
  );
}

export async function exportNotebook(input: string, opts: ExportNotebookOptions = {}): Promise<ExportNotebookReport> {
  if (!input.endsWith(".ipynb")) throw new Error(`"${input}" is not a notebook: give the path of an .ipynb file`);
  let text: string;
  let notebook: unknown;
  try {
    text = fs.readFileSync(input, "utf8");
  } catch {
    throw new Error(`cannot read the notebook "${input}": check the path`);
  }
  try {
    notebook = JSON.parse(text);
  } catch {
    throw new Error(`"${input}" is not valid notebook JSON: open and re-save it in JupyterLab, then export again`);
  }
  const output = opts.output ?? input.replace(/\.ipynb$/, ".html");
  const python = opts.python ?? defaultPython();
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const args = ["-m", "nbconvert", "--to", "html", "--template", "lab", "--stdout", `--HTMLExporter.widget_renderer_url=${RENDERER_SENTINEL}`, input];
  const what = `${python} -m nbconvert --to html`;
  const r = await run(python, args, timeoutMs);
  if (r.spawnError)
    throw new Error(`could not start ${python} (${r.spawnError.message}): run \`npm run setup\`, or set DUELLAB_PYTHON to a Python that has nbconvert`);
  if (r.timedOut) throw new Error(`${what} did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped`);
  if (r.code !== 0) {
    if (/No module named nbconvert/.test(r.stderr)) {
      throw new Error(`nbconvert is not installed for ${python}: run \`npm run setup\`, or set DUELLAB_PYTHON to a Python that has nbconvert`);
    }
    throw new Error(`${what} ${r.signal ? `was killed by ${r.signal}` : `exited with code ${r.code}`}: ${lastLine(r.stderr)}`);
  }
  const needsRenderer = r.stdout.includes(RENDERER_SENTINEL);
  let renderer: string | null = null;
  if (needsRenderer) {
    try {
      renderer = fs.readFileSync(RENDERER_PATH, "utf8");
    } catch {
      throw new Error(`the offline widget renderer ${path.relative(process.cwd(), RENDERER_PATH)} is not built: run \`npm run setup\` in the duellab checkout`);
    }
  }
  const page = makeOffline(r.stdout, renderer, notebookHints(notebook));
  fs.mkdirSync(path.dirname(path.resolve(output)), { recursive: true });
  fs.writeFileSync(output, page.html);
  return {
    output,
    bytes: Buffer.byteLength(page.html),
    widgetViews: page.widgetViews,
    widgetModels: page.widgetModels,
    removed: page.removed,
    notes: page.notes,
  };
}
