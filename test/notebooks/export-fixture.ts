// A notebook with saved widget state, as nbclient or JupyterLab (saveState on) would write it:
// one run-header widget, one weave widget and one graphite widget, each state validated against
// the schemas. Used by the export tests.
import fs from "node:fs";
import path from "node:path";
import { RunTracker } from "../../src/lib/run/stages";
import { RunState } from "../../src/lib/schema/common";
import { WeaveResult } from "../../src/lib/schema/weave";
import { GraphiteResult } from "../../src/lib/schema/graphite";
import { widgetIdentity, type WidgetState } from "../../src/lib/schema/widget";

const fixtures = path.resolve(__dirname, "../fixtures/results");

function finishedRun(title: string, stages: { id: string; label: string }[]): RunState {
  let t = 1_764_460_800_000;
  const tracker = new RunTracker(title, stages, () => (t += 1234));
  for (const s of stages.slice(0, -1)) tracker.enter(s.id);
  tracker.finish();
  return RunState.parse(tracker.state);
}

export const RUN_TITLE = "export check: a finished run";
export const WEAVE_STAGES = [
  { id: "asking", label: "Asking" },
  { id: "extracting", label: "Extracting" },
  { id: "classifying", label: "Classifying" },
  { id: "weaving", label: "Weaving" },
  { id: "settled", label: "Settled" },
];
const GRAPHITE_STAGES = [
  { id: "asking", label: "Asking" },
  { id: "executing", label: "Executing" },
  { id: "measuring", label: "Measuring" },
  { id: "judging", label: "Judging" },
  { id: "settled", label: "Settled" },
];

export interface SavedWidget {
  id: string;
  state: WidgetState;
  text: string;
}

export function sampleWidgets(): SavedWidget[] {
  const weave = WeaveResult.parse(JSON.parse(fs.readFileSync(path.join(fixtures, "weave-12x12.json"), "utf8")));
  const graphite = GraphiteResult.parse(JSON.parse(fs.readFileSync(path.join(fixtures, "graphite-charts.json"), "utf8")));
  return [
    {
      id: "0a1b2c3d4e5f4a5b8c9d0e1f2a3b4c5d",
      text: "duellab run",
      state: { view: "run", run: finishedRun(RUN_TITLE, WEAVE_STAGES), result: null, pending: [] },
    },
    {
      id: "1a1b2c3d4e5f4a5b8c9d0e1f2a3b4c5d",
      text: "duellab weave",
      state: { view: "weave", run: finishedRun("weave: atlas vs beacon", WEAVE_STAGES), result: weave, pending: [] },
    },
    {
      id: "2a1b2c3d4e5f4a5b8c9d0e1f2a3b4c5d",
      text: "duellab graphite",
      state: { view: "graphite", run: finishedRun("graphite: analyst vs raw-bars", GRAPHITE_STAGES), result: graphite, pending: [] },
    },
  ];
}

/** nbformat 4.5 JSON with the widget state in metadata and one display output per widget. */
export function notebookWithWidgets(widgets: SavedWidget[], opts: { saveState?: boolean } = {}): string {
  const cells: unknown[] = [
    { cell_type: "markdown", id: "md-0", metadata: {}, source: "# Saved duellab widgets\nRendered offline from the saved widget state." },
    ...widgets.map((w, i) => ({
      cell_type: "code",
      id: `code-${i}`,
      execution_count: i + 1,
      metadata: {},
      source: `// widget ${i + 1}`,
      outputs: [
        {
          output_type: "display_data",
          metadata: {},
          data: {
            "application/vnd.jupyter.widget-view+json": { model_id: w.id, version_major: 2, version_minor: 0 },
            "text/plain": w.text,
          },
        },
      ],
    })),
  ];
  const state: Record<string, unknown> = {};
  for (const w of widgets) {
    state[w.id] = {
      model_name: "DuelModel",
      model_module: "duellab",
      model_module_version: "^0.1.0",
      state: { ...widgetIdentity(), ...w.state },
    };
  }
  const metadata: Record<string, unknown> = {
    kernelspec: { name: "tslab", display_name: "TypeScript", language: "typescript" },
    language_info: { name: "typescript" },
  };
  if (opts.saveState !== false) {
    metadata.widgets = { "application/vnd.jupyter.widget-state+json": { version_major: 2, version_minor: 0, state } };
  }
  return JSON.stringify({ cells, metadata, nbformat: 4, nbformat_minor: 5 }, null, 1);
}
