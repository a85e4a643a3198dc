// Lints, format-checks and type-checks the sandbox's Python with the checkout's .venv: ruff check,
// ruff format --check, mypy (config in pyproject.toml). Installs sandbox/requirements-dev.txt into
// .venv first when ruff or mypy is missing (pip --retries 0: the wheel store or index, no retries).
// Exits non-zero on any finding. Usage: npm run lint:python [-- --fix]  (--fix: apply ruff's fixes
// and formatting, then check).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const py = path.join(root, ".venv", "bin", "python");
const fix = process.argv.includes("--fix");
const paths = ["sandbox", "test/sandbox/py"];

if (!fs.existsSync(py)) {
  console.error("lint:python needs .venv: run `npm run setup` first.");
  process.exit(2);
}
const has = (mod) => spawnSync(py, ["-c", `import ${mod}`], { stdio: "ignore" }).status === 0;
if (!has("ruff") || !has("mypy")) {
  console.error("installing the Python dev tools (sandbox/requirements-dev.txt) into .venv");
  const r = spawnSync(py, ["-m", "pip", "install", "-q", "--retries", "0", "-r", path.join(root, "sandbox/requirements-dev.txt")], { stdio: "inherit" });
  if (r.status !== 0) {
    console.error("pip could not install ruff and mypy into .venv: check your package index, then run `npm run lint:python` again.");
    process.exit(2);
  }
}

const steps = [
  ...(fix
    ? [
        ["ruff", "check", "--fix", ...paths],
        ["ruff", "format", ...paths],
      ]
    : []),
  ["ruff", "check", ...paths],
  ["ruff", "format", "--check", ...paths],
  ["mypy"],
];
let failed = 0;
for (const [mod, ...args] of steps) {
  console.log(`$ ${mod} ${args.join(" ")}`);
  const r = spawnSync(py, ["-m", mod, ...args], { stdio: "inherit", cwd: root });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
