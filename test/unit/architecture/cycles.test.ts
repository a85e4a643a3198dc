// The import graph of src/ (lib and widget) has no cycles, the real provider client does not
// depend on the demo models, and the folders of src/lib import each other in one direction only.
// A failure prints the import chain, file by file, so the next engineer sees where to cut.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { buildGraph, cycleChains, cyclicComponents, edgesBetween, folderGraph, readSources, type Graph } from "./graph";

const root = path.resolve(__dirname, "../../..");
const graph = buildGraph(readSources(root, "src"));
const libFolder = (f: string): string | null => /^src\/lib\/([^/]+)\//.exec(f)?.[1] ?? null;

test("the checker finds a cycle, a self-import and a knot, and passes a tree", () => {
  const g: Graph = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts", "d.ts"]],
    ["d.ts", []],
    ["e.ts", ["e.ts"]],
  ]);
  assert.deepEqual(cycleChains(g), ["a.ts -> b.ts -> c.ts -> a.ts", "e.ts -> e.ts"]);
  assert.deepEqual(
    cycleChains(
      new Map([
        ["x.ts", ["y.ts"]],
        ["y.ts", []],
      ]),
    ),
    [],
  );
  // Two loops sharing a file are one knot; the chain names every file in it.
  const knot: Graph = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["a.ts", "c.ts"]],
    ["c.ts", ["b.ts"]],
  ]);
  assert.deepEqual(cycleChains(knot), ["a.ts -> b.ts -> a.ts (3 files in this knot: a.ts, b.ts, c.ts)"]);
});

test("the graph sees every kind of relative import in use: static, type-only, re-export, import()", () => {
  const lib = (f: string) => graph.get(f) ?? assert.fail(`${f} is not in the graph`);
  assert.ok(graph.size > 100, `read ${graph.size} files under src/`);
  assert.ok(lib("src/lib/cli/commands.ts").includes("src/lib/cli/weave.ts"), "import() of ./weave.js resolves to weave.ts");
  assert.ok(lib("src/lib/snapshot/rasterize.ts").includes("src/lib/snapshot/fonts.ts"), "type-only imports count");
  assert.ok(lib("src/lib/snapshot/static-view.ts").includes("src/lib/snapshot/fallback.ts"), "static imports count");
  assert.ok(lib("src/lib/index.ts").length > 5, "the package's entry re-exports its parts");
});

test("no import cycles in src/", () => {
  const chains = cycleChains(graph);
  assert.deepEqual(chains, [], `import cycles in src/ (cut one import in each):\n  ${chains.join("\n  ")}`);
});

// run-shape's branch moves the demo server's address out of the real client; until it is merged
// this edge is the one known exception. Any other import from providers/ into demo/ fails now.
const PENDING_PROVIDER_DEMO = ["src/lib/providers/base-url.ts -> src/lib/demo/server.ts"];
const providerToDemo = edgesBetween(
  graph,
  (f) => f.startsWith("src/lib/providers/"),
  (f) => f.startsWith("src/lib/demo/"),
);

test("the real client (src/lib/providers) does not import the demo models (src/lib/demo), apart from the known pending edge", () => {
  const fresh = providerToDemo.filter((e) => !PENDING_PROVIDER_DEMO.includes(e));
  assert.deepEqual(fresh, [], `providers/ imports demo/:\n  ${fresh.join("\n  ")}`);
});

test("the real client does not import the demo models at all", {
  todo: providerToDemo.length ? `pending run-shape's branch: ${providerToDemo.join("; ")}` : false,
}, () => {
  assert.deepEqual(providerToDemo, []);
});

// No folder of src/lib imports, through any chain, a folder that imports it back: each folder can
// be read (and changed) knowing only the folders below it. A failure names every folder import on
// a cycle and the chain it closes.

/** The folder imports that lie on a cycle of the folder graph, as "a -> b". */
function folderCycleEdges(g: Graph): string[] {
  const fg = folderGraph(g, libFolder);
  return cyclicComponents(fg).flatMap((knot) => knot.flatMap((a) => (fg.get(a) ?? []).filter((b) => knot.includes(b)).map((b) => `${a} -> ${b}`)));
}

test("no folder cycles at all in src/lib", () => {
  const chains = cycleChains(folderGraph(graph, libFolder));
  assert.deepEqual(chains, [], `folder imports that close a folder cycle (${chains.join("; ")}):\n  ${folderCycleEdges(graph).join("\n  ")}`);
});
