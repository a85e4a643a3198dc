// The import graph of src/ and the cycles in it, for the architecture tests. Pure apart from
// `readSources`, which lists and reads the .ts files under a folder. Every relative import counts:
// static, `import type`, `export ... from`, dynamic `import()` and `require()`, because a cycle
// through a type-only or lazy import is still two files that cannot be understood one at a time.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** file (path relative to the root, forward slashes) -> the files it imports, same form. */
export type Graph = Map<string, string[]>;

/** Every .ts file under `dir` (relative to `root`) with its text. */
export function readSources(root: string, dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string): void => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const p = path.join(abs, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".ts")) out.set(path.relative(root, p).split(path.sep).join("/"), fs.readFileSync(p, "utf8"));
    }
  };
  walk(path.join(root, dir));
  return out;
}

/** The relative module specifiers a file imports, in any of the ways listed in the header. */
export function importSpecifiers(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith("."));
}

/** Resolves "./x", "./x.js", "./dir" to a file in `files` the way tsc does; null for non-TS targets (CSS). */
export function resolveImport(from: string, spec: string, files: ReadonlySet<string>): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const stem = base.replace(/\.js$/, "");
  for (const c of [base, `${stem}.ts`, `${stem}.d.ts`, `${stem}/index.ts`]) if (files.has(c)) return c;
  return null;
}

export function buildGraph(sources: ReadonlyMap<string, string>): Graph {
  const files = new Set(sources.keys());
  const g: Graph = new Map();
  for (const [file, text] of sources) {
    const targets = importSpecifiers(text)
      .map((s) => resolveImport(file, s, files))
      .filter((t): t is string => t !== null);
    g.set(file, [...new Set(targets)].sort());
  }
  return g;
}

/** Strongly connected components with more than one node, or a node that imports itself (Tarjan). */
export function cyclicComponents(g: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (g.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of [...g.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

/** The shortest cycle through `start` (breadth-first), as a chain that ends where it began. */
export function shortestCycle(g: Graph, start: string): string[] | null {
  const prev = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i] as string;
    for (const w of g.get(v) ?? []) {
      if (w === start) {
        const chain = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = prev.get(u)) chain.splice(1, 0, u);
        return [...chain, start];
      }
      if (!prev.has(w) && w !== start) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return null;
}

/** One readable chain per cyclic component, e.g. "a.ts -> b.ts -> a.ts". */
export function cycleChains(g: Graph): string[] {
  return cyclicComponents(g).map((comp) => {
    const chain = shortestCycle(g, comp[0] as string) ?? comp;
    const more = comp.length > chain.length - 1 ? ` (${comp.length} files in this knot: ${comp.join(", ")})` : "";
    return chain.join(" -> ") + more;
  });
}

/** The graph of folders: an edge A -> B when a file in A imports one in B (A != B). */
export function folderGraph(g: Graph, folderOf: (file: string) => string | null): Graph {
  const f: Graph = new Map();
  for (const [file, targets] of g) {
    const a = folderOf(file);
    if (a === null) continue;
    const set = new Set(f.get(a) ?? []);
    for (const t of targets) {
      const b = folderOf(t);
      if (b !== null && b !== a) set.add(b);
    }
    f.set(a, [...set].sort());
  }
  return f;
}

/** The imports from files matching `from` to files matching `to`, as "a.ts -> b.ts" lines. */
export function edgesBetween(g: Graph, from: (f: string) => boolean, to: (f: string) => boolean): string[] {
  const out: string[] = [];
  for (const [file, targets] of g) if (from(file)) for (const t of targets) if (to(t)) out.push(`${file} -> ${t}`);
  return out.sort();
}
