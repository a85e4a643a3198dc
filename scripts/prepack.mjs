// Runs before `npm pack` / `npm publish`: builds the library, the widget bundles and the prebuilt
// JupyterLab extension, then refuses to pack when any of what `npx duellab setup` ships is missing
// (the extension needs the checkout's .venv: run `npm run setup` once first).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
execFileSync(process.execPath, [path.join(root, "scripts", "build.mjs")], { stdio: "inherit" });
const needed = [
  "dist/lib/index.js",
  "dist/lib/index.d.ts",
  "dist/lib/cli/setup.js",
  "dist/widget/plugin.js",
  "dist/widget/mime.js",
  "dist/index.js",
  "labextension/package.json",
  "binder/requirements.txt",
  "sandbox/server.py",
];
const missing = needed.filter((f) => !fs.existsSync(path.join(root, f)));
if (missing.length) {
  process.stderr.write(
    `\nduellab prepack: ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} missing: run \`npm run setup\` in this checkout (it builds them), then pack again.\n\n`,
  );
  process.exit(1);
}
