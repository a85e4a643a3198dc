// `duellab mock-server`: prints its URL, serves /v1/models and /v1/chat/completions, and stops
// cleanly on SIGTERM and SIGINT.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { callModel } from "../../../src/lib/providers/client";
import { listModels } from "../../../src/lib/providers/models";
import { DEMO_MODELS } from "../../../src/lib/demo/personas";
import { parseSlot } from "../../../src/lib/slot/slot";

const root = path.resolve(__dirname, "../../..");

function startCli(args: string[]) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "-e", `require("./src/lib/cli/index.ts").main(${JSON.stringify(args)}).then((c) => process.exit(c))`],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const url = new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no URL printed in 20 s: ${out} ${err}`)), 20_000);
    child.on("exit", () => clearTimeout(t));
    child.stdout.on("data", () => {
      const m = /listening on (http:\/\/\S+\/v1)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
  });
  url.catch(() => undefined); // a CLI that exits early never prints one; the exit code says why
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { child, url, exited, output: () => out, errors: () => err };
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`mock-server serves the demo models and stops on ${signal}`, async () => {
    const cli = startCli(["mock-server", "--port", "0"]);
    try {
      const url = await cli.url;
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      assert.deepEqual(await listModels({ provider: "custom", baseUrl: url }), DEMO_MODELS);
      const r = await callModel({
        slotName: "a",
        slot: parseSlot("a", { provider: "custom", baseUrl: url, model: "analyst" }),
        role: `A-${signal}`,
        messages: [{ role: "user", content: `Task: chart\n(run nonce: cli-${signal}-${process.pid})` }],
        maxTokens: 1600,
      });
      assert.match(r.content, /rolling\(/);
      assert.match(cli.output(), /use it from a slot: \{ provider: "custom", baseUrl: "http:\/\/127\.0\.0\.1:\d+\/v1", model: "analyst" \}/);
    } finally {
      cli.child.kill(signal);
    }
    assert.equal(await cli.exited, 0);
    assert.match(cli.output(), new RegExp(`${signal}, stopping\\.`));
  });
}

test("mock-server refuses a bad port with one sentence", async () => {
  const cli = startCli(["mock-server", "--port", "eighty"]);
  assert.equal(await cli.exited, 2);
  assert.match(cli.errors(), /^duellab mock-server: --port must be a whole number from 0 to 65535, got "eighty"\.$/m);
});
