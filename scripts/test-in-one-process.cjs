// Runs the given test files in this one process, each as a suite named by its path, instead of one
// process per file: for the unit group, ~60 start-ups of Node with tsx cost more CPU than the
// tests themselves. Each file is required synchronously inside its suite, so its tests and its
// before/after hooks belong to that suite, as they would to the file under `node --test`.
// Usage: node --import tsx scripts/test-in-one-process.cjs FILE...
const { describe } = require("node:test");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
for (const f of process.argv.slice(2)) {
  const abs = path.resolve(f);
  describe(path.relative(root, abs), () => {
    require(abs);
  });
}
