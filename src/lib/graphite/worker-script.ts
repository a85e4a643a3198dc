// How a worker thread is given its script: compiled .js as is; under tsx (tests, benches) the .ts
// file through tsx's require hook, which a worker does not inherit. Pure.
import path from "node:path";

/** The Worker's first argument and its `eval` flag for the script `file`. */
export function workerScript(file: string): { file: string; eval: boolean } {
  if (!file.endsWith(".ts")) return { file, eval: false };
  return { file: `require(${JSON.stringify(require.resolve("tsx/cjs"))}); require(${JSON.stringify(file)});`, eval: true };
}

/** A script that sits beside the caller's own file (`base` without extension), .ts or .js as the caller is. */
export function besideMe(dir: string, ownFile: string, base: string): string {
  return path.join(dir, `${base}${ownFile.endsWith(".ts") ? ".ts" : ".js"}`);
}
