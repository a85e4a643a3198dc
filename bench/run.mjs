// Runs every benchmark (bench/*.bench.ts) one after another, so none competes with another for
// the two cores, and prints each one's own figures. Usage: npm run bench [-- name ...]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const only = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort()
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));
if (files.length === 0) {
  console.error("no benchmarks matched");
  process.exit(1);
}
const failed = [];
for (const f of files) {
  console.log(`\n=== ${f.replace(".bench.ts", "")} ===`);
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(here, f)], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, PATH: `${path.join(root, ".venv/bin")}:${process.env.PATH}` },
  });
  if (r.status !== 0) failed.push(f);
}
console.log(failed.length ? `\nbenchmarks that could not run: ${failed.join(", ")}` : `\nall ${files.length} benchmarks ran`);
process.exit(failed.length ? 1 : 0);
