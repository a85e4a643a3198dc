// Every example notebook runs top to bottom offline in the real tslab kernel (nbclient), with no
// error output, and every widget it shows is saved with its full state: the result the view needs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { WeaveResult } from "../../src/lib/schema/weave";
import { GraphiteResult } from "../../src/lib/schema/graphite";
import { BatchResult } from "../../src/lib/schema/batch";

const root = path.resolve(__dirname, "../..");
const notebooks = path.join(root, "notebooks");
const python = path.join(root, ".venv/bin/python");
const FAKE_KEY = "sk-test-NOTEBOOK-SECRET-7f3a";

interface Report {
  failure: string | null;
  cells: {
    index: number;
    source: string;
    outputs: {
      type: string;
      name?: string;
      text?: string;
      ename?: string;
      evalue?: string;
      widget?: string;
      fallback?: string;
      html?: string;
      mimes?: string[];
    }[];
  }[];
  widgets: Record<string, { model_name: string; model_module: string; state: Record<string, unknown> }>;
}

function execute(name: string): { report: Report; saved: string } {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "duellab-nb-")), name);
  const r = spawnSync(python, [path.join(__dirname, "support/execute.py"), path.join(notebooks, name), notebooks, out], {
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, OPENAI_API_KEY: FAKE_KEY, PATH: `${path.join(root, ".venv/bin")}:${process.env.PATH}` },
  });
  assert.equal(r.status, 0, `nbclient driver failed: ${r.stderr.slice(-3000)}`);
  return { report: JSON.parse(r.stdout) as Report, saved: fs.readFileSync(out, "utf8") };
}

const names = fs
  .readdirSync(notebooks)
  .filter((f) => f.endsWith(".ipynb"))
  .sort();

test("the example notebooks exist", () => {
  assert.deepEqual(names, ["01-weave.ipynb", "02-graphite.ipynb", "03-your-models.ipynb", "04-beyond-two.ipynb"]);
});

for (const name of names) {
  test(`${name} runs top to bottom with no errors and saves its widgets' full state`, () => {
    const { report, saved } = execute(name);
    assert.equal(report.failure, null, `a cell failed:\n${report.failure}`);
    for (const cell of report.cells) {
      for (const o of cell.outputs) {
        assert.notEqual(o.type, "error", `cell ${cell.index} raised ${o.ename}: ${o.evalue}\n${cell.source}`);
        assert.notEqual(o.name, "stderr", `cell ${cell.index} wrote to stderr: ${o.text}\n${cell.source}`);
      }
    }
    const widgetOutputs = report.cells.flatMap((c) => c.outputs.filter((o) => o.widget));
    for (const cell of report.cells) {
      for (const o of cell.outputs.filter((x) => x.widget)) {
        // Viewers that cannot load the widget show these instead: a picture and a sanitizer-proof
        // text, each in a display of its own after the widget's (nbconvert drops the other types of
        // a widget's own output once its state is saved).
        const mine = cell.outputs.filter((x) => x.fallback === o.widget);
        assert.equal(mine.length, 2, `widget ${o.widget} has ${mine.length} fallback displays, not 2`);
        assert.ok(mine[0]!.mimes?.includes("image/png"), `widget ${o.widget}'s picture fallback has no image/png: ${mine[0]!.text}`);
        assert.ok(
          mine[1]!.mimes?.includes("text/html") && mine[1]!.html?.includes(`data-duellab-fallback="${o.widget}"`),
          `widget ${o.widget} has no text fallback`,
        );
        assert.ok(!o.mimes?.includes("text/html"), "the widget's own output holds only the widget view and the summary");
      }
    }
    const shown = widgetOutputs.map((o) => o.widget!);
    if (name !== "03-your-models.ipynb") assert.ok(shown.length > 0, "the notebook shows no widget");
    for (const id of shown) {
      const model = report.widgets[id];
      assert.ok(model, `widget ${id} is displayed but its state was not saved`);
      assert.equal(model.model_module, "duellab");
      const state = model.state as { view: string; run: { status: string }; result: unknown };
      assert.equal(state.run.status, "done", `widget ${id} ended ${state.run.status}`);
      if (state.view === "weave") WeaveResult.parse(state.result);
      else if (state.view === "graphite") GraphiteResult.parse(state.result);
      else if (state.view === "batch") BatchResult.parse(state.result);
      else assert.fail(`unexpected view ${state.view}`);
    }
    assert.ok(!saved.includes(FAKE_KEY), "an API key from the environment reached the saved notebook");
  });
}
