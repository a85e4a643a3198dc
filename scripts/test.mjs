// Runs every test suite with Node's own test runner (TypeScript through tsx), one file at a time
// so the suites that start kernels, JupyterLab and Chromium never fight for the two cores.
// Usage: npm test [-- unit oracle kernel sandbox browser ...]   (default: all groups, in this order;
// "oracle" checks the faithfulness readings against pandas/numpy/seaborn called in the .venv)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const GROUPS = ["unit", "oracle", "types", "sandbox", "kernel", "browser", "notebooks", "frontends", "binder", "install"];
const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const groups = wanted.length ? wanted : GROUPS;
for (const g of groups)
  if (!GROUPS.includes(g)) {
    console.error(`unknown test group "${g}"; groups: ${GROUPS.join(", ")}`);
    process.exit(2);
  }

function list(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "fixtures" ? [] : list(p);
    return /\.test\.(ts|mjs)$/.test(e.name) ? [p] : [];
  });
}
// The unit group shares one process (no kernel, JupyterLab or Chromium to keep apart; the start-ups
// were most of its time); every other group runs a process per file.
const ONE_PROCESS = ["unit"];
const files = groups.filter((g) => !ONE_PROCESS.includes(g)).flatMap((g) => list(path.join(root, "test", g)).sort());
const shared = groups.filter((g) => ONE_PROCESS.includes(g)).flatMap((g) => list(path.join(root, "test", g)).sort());
if (files.length + shared.length === 0) {
  console.error("no test files found");
  process.exit(1);
}

const env = { ...process.env, DUELLAB_ROOT: root, PATH: `${path.join(root, ".venv/bin")}:${process.env.PATH}` };
const run = (args) => spawnSync(process.execPath, ["--import", "tsx", ...args], { stdio: "inherit", cwd: root, env }).status ?? 1;
const a = shared.length ? run([path.join(root, "scripts/test-in-one-process.cjs"), ...shared]) : 0;
const b = files.length ? run(["--test", "--test-concurrency=1", ...files]) : 0;
process.exit(a || b);
