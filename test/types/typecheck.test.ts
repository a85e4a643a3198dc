// The library and the widget both type-check under strict TypeScript.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const tsc = path.join(root, "node_modules/typescript/bin/tsc");

test("src/lib type-checks (strict)", () => {
  const r = spawnSync(process.execPath, [tsc, "-p", root, "--noEmit"], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test("src/widget type-checks (strict)", () => {
  const r = spawnSync(process.execPath, [tsc, "-p", path.join(root, "src/widget/tsconfig.json"), "--noEmit"], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
