#!/usr/bin/env node
// The `duellab` command: a thin launcher for the compiled CLI (npm run setup builds it).
const path = require("node:path");
const fs = require("node:fs");
const cli = path.join(__dirname, "..", "dist", "lib", "cli", "index.js");
if (!fs.existsSync(cli)) {
  process.stderr.write("duellab: the library is not built yet: run `npm run setup` in the duellab checkout.\n");
  process.exit(1);
}
require(cli)
  .main(process.argv.slice(2))
  .then(
    (code) => process.exit(code ?? 0),
    (err) => {
      process.stderr.write(`duellab: ${err?.message ? err.message : err}\n`);
      process.exit(1);
    },
  );
