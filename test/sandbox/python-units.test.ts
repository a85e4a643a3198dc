// The sandbox's pure Python parts, unit-tested with Python's own unittest (no pytest in the
// environment): the Seatbelt profile text, the facility plan and a run's verdict. Any Python 3 runs them; they
// import nothing beyond the standard library.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { defaultPython } from "../../src/lib/sandbox/paths";

const python = fs.existsSync(defaultPython()) ? defaultPython() : "python3";

for (const mod of ["test_seatbelt", "test_facilities", "test_verdict"]) {
  test(`python -m unittest ${mod}`, () => {
    const r = spawnSync(python, ["-m", "unittest", "-v", mod], {
      cwd: path.join(__dirname, "py"),
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", PYTHONDONTWRITEBYTECODE: "1" },
    });
    assert.equal(r.status, 0, r.stderr);
    const ran = /Ran (\d+) tests?/.exec(r.stderr);
    assert.ok(ran && Number(ran[1]) >= 5, `expected the unit tests to run: ${r.stderr}`);
    assert.match(r.stderr, /\nOK\n/);
  });
}
