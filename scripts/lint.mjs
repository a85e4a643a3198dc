// `npm run lint`: Biome's lint and format check over the TypeScript/JavaScript (biome.jsonc says which
// files), then the Python lint when package.json has a `lint:python` script. I/O shell, not pure.
// Every step runs even after one fails, so a single run shows everything that is wrong; the exit code
// is non-zero if any step failed. `npm run lint -- --write` applies Biome's formatting and safe fixes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const biome = path.join(root, "node_modules/@biomejs/biome/bin/biome");
const write = process.argv.includes("--write");

function run(label, cmd, args) {
  console.log(`lint: ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.error) console.error(`lint: ${label} could not start (${r.error.message}); run npm ci first.`);
  return r.status === 0;
}

// The formatter's verdict alone, as a count of files, so a failing format check says how big the fix is.
function unformattedFiles() {
  const r = spawnSync(process.execPath, [biome, "format", "--reporter=json", "--max-diagnostics=none"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  try {
    const files = new Set(
      JSON.parse(r.stdout)
        .diagnostics.filter((d) => d.category === "format")
        .map((d) => d.location?.path?.file ?? d.location?.path),
    );
    return files.size;
  } catch {
    return null;
  }
}

const results = [];
if (write) {
  results.push(run("biome check --write (format + safe lint fixes)", process.execPath, [biome, "check", "--write"]));
} else {
  const ok = run("biome lint", process.execPath, [biome, "lint"]);
  results.push(ok);
  const n = unformattedFiles();
  if (n === 0) console.log("lint: biome format: every file is formatted");
  else if (n === null) {
    console.error("lint: biome format could not report; run `npx biome format` to see why.");
    results.push(false);
  } else {
    console.error(`lint: biome format: ${n} file(s) are not formatted; run \`npm run lint -- --write\` (or \`npx biome format --write\`) to fix them.`);
    results.push(false);
  }
}

const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
if (pkg.scripts?.["lint:python"])
  results.push(run("npm run lint:python", process.platform === "win32" ? "npm.cmd" : "npm", ["run", "--silent", "lint:python"]));

process.exit(results.every(Boolean) ? 0 : 1);
