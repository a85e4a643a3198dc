// The example notebooks executed once by nbclient with the tslab kernel and the widget state stored
// (as `jupyter nbconvert --execute`, CI and Binder do), shared by every front-end test: kept in the
// temp folder under a key of the sources that decide their outputs, so a run of the group executes
// them once. Also the bad-input variants a reader can meet: state missing, truncated, written by
// another version, a result that fails the schema.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../../..");
const PYTHON = path.join(ROOT, ".venv/bin/python");
export const JUPYTER = path.join(ROOT, ".venv/bin/jupyter");
const STATE_MIME = "application/vnd.jupyter.widget-state+json";

/** The notebooks the front-end tests read: every kind of duellab output is in one of them. */
export const SOURCES = { weave: "01-weave.ipynb", graphite: "02-graphite.ipynb", beyond: "04-beyond-two.ipynb" } as const;
export type Source = keyof typeof SOURCES;

export interface Notebook {
  metadata: {
    widgets?: Record<
      string,
      { state: Record<string, { model_name: string; model_module: string; model_module_version: string; state: Record<string, unknown> }> }
    >;
  } & Record<string, unknown>;
  cells: { cell_type: string; outputs?: { output_type: string; data?: Record<string, unknown> }[] }[];
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** What decides the executed outputs: the notebooks, the library, the widget module, the sandbox. */
function sourceKey(): string {
  const h = crypto.createHash("sha256");
  const files = [
    ...Object.values(SOURCES).map((n) => path.join(ROOT, "notebooks", n)),
    ...filesUnder(path.join(ROOT, "src")),
    ...filesUnder(path.join(ROOT, "sandbox")).filter((f) => f.endsWith(".py")),
    path.join(ROOT, "package.json"),
  ].sort();
  for (const f of files) h.update(f).update(fs.readFileSync(f));
  return h.digest("hex").slice(0, 16);
}

let cached: Record<Source, string> | null = null;

/** Paths of the executed notebooks (widget state saved), executing them the first time. */
export function executed(): Record<Source, string> {
  if (cached) return cached;
  const dir = path.join(os.tmpdir(), "duellab-frontends", sourceKey());
  fs.mkdirSync(dir, { recursive: true });
  const out = {} as Record<Source, string>;
  for (const [key, name] of Object.entries(SOURCES) as [Source, string][]) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) {
      const tmp = `${file}.partial`;
      const r = spawnSync(
        PYTHON,
        [path.join(ROOT, "test/notebooks/support/execute.py"), path.join(ROOT, "notebooks", name), path.join(ROOT, "notebooks"), tmp],
        {
          encoding: "utf8",
          maxBuffer: 512 * 1024 * 1024,
          env: { ...process.env, PATH: `${path.join(ROOT, ".venv/bin")}:${process.env.PATH}` },
        },
      );
      if (r.status !== 0) throw new Error(`executing ${name} failed (${r.status}): ${r.stderr.slice(-3000)}`);
      const report = JSON.parse(r.stdout) as { failure: string | null };
      if (report.failure) throw new Error(`a cell of ${name} failed: ${report.failure}`);
      fs.renameSync(tmp, file);
    }
    out[key] = file;
  }
  cached = out;
  return out;
}

export function readNotebook(file: string): Notebook {
  return JSON.parse(fs.readFileSync(file, "utf8")) as Notebook;
}

/** The saved widget models of a notebook, by model id. */
export function savedModels(nb: Notebook): Record<string, { model_module_version: string; state: Record<string, unknown> }> {
  return nb.metadata.widgets?.[STATE_MIME]?.state ?? {};
}

/** The duellab widget ids shown by the notebook's outputs, in order. */
export function duellabOutputs(nb: Notebook): string[] {
  return nb.cells.flatMap((c) =>
    (c.outputs ?? []).flatMap((o) => {
      const v = o.data?.["application/vnd.jupyter.widget-view+json"] as { model_id?: string } | undefined;
      return v?.model_id ? [v.model_id] : [];
    }),
  );
}

/** A copy of `file` changed by `edit`, written beside it under `name`. */
export function variant(file: string, name: string, edit: (nb: Notebook) => void): string {
  const nb = readNotebook(file);
  edit(nb);
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "duellab-variant-")), name);
  fs.writeFileSync(out, JSON.stringify(nb, null, 1));
  return out;
}

/** The notebook as saved where widget state is not kept (JupyterLab's default, many editors). */
export function withoutState(file: string): string {
  return variant(file, path.basename(file), (nb) => {
    delete nb.metadata.widgets;
  });
}
