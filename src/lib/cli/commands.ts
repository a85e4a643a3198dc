// Every subcommand, loaded only when called. Add a line here for a new one.
import type { Command } from "./types";

export const COMMANDS: Record<string, { help: string; load: () => Promise<Command> }> = {
  demo: {
    help: "[--out dir]: one weave and one graphite on the demo models, written as offline HTML",
    load: async () => (await import("./demo.js")).demoCommand,
  },
  figure: {
    help: "notebook.ipynb|result.json [-o dir]: each comparison as a PNG and an interactive HTML page, with the Markdown, Quarto and MyST snippets to embed them",
    load: async () => (await import("./figure.js")).figureCommand,
  },
  fallbacks: {
    help: "notebook.ipynb [-o out.ipynb]: add the static picture and numbers a notebook saved by an older duellab lacks",
    load: async () => (await import("./fallbacks.js")).fallbacksCommand,
  },
  export: { help: "notebook.ipynb [-o out.html]: one offline HTML file, widgets included", load: async () => (await import("./export.js")).exportCommand },
  "mock-server": {
    help: "[--port 8100]: the demo models as a standalone OpenAI-compatible server",
    load: async () => (await import("./mock-server.js")).mockServerCommand,
  },
  weave: {
    help: "[--question ...] [--a demo:atlas] [--b demo:beacon] [--judge demo:judge] [--json out.json]: one claim-graph comparison",
    load: async () => (await import("./weave.js")).weaveCommand,
  },
  sandbox: {
    help: "run snippet.py --csv data.csv [--timeout-ms N] [--json] | doctor: the chart sandbox",
    load: async () => (await import("./sandbox.js")).sandboxCommand,
  },
  setup: {
    help: "[--prefix <env>]: put the widget extension, the tslab kernel and a sandbox Python into your Jupyter (after `npm install duellab`)",
    load: async () => (await import("./setup.js")).setupCommand,
  },
  batch: {
    help: "weave|graphite --tasks tasks.csv --results results.jsonl [--concurrency N] [--report out.html] | report results.jsonl -o out.html: many comparisons, resumable, with statistics",
    load: async () => (await import("./batch.js")).batchCommand,
  },
};
