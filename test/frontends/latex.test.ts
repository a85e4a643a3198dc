// PDF and LaTeX exports (`jupyter nbconvert --to latex`, what `--to pdf` typesets): no widget and
// no HTML there, so each duellab output is its picture and its summary line. Run for real on the
// notebooks' code cells (nbconvert turns Markdown cells into LaTeX with pandoc, which this machine
// does not have; they hold no duellab output); the TeX step itself needs TeX and is not run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { executed, JUPYTER, type Source, variant } from "./support/executed";
import { expected } from "./support/expect";

for (const source of ["weave", "graphite", "beyond"] as Source[]) {
  test(`nbconvert --to latex, ${source}: every duellab output is its picture and its summary line`, { timeout: 5 * 60_000 }, () => {
    const want = expected(executed()[source]);
    const file = variant(executed()[source], `${source}.ipynb`, (nb) => {
      nb.cells = nb.cells.filter((c) => c.cell_type === "code");
    });
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-latex-"));
    const r = spawnSync(JUPYTER, ["nbconvert", "--to", "latex", "--output-dir", out, file], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr.slice(-2000));
    const tex = fs.readFileSync(path.join(out, `${path.basename(file, ".ipynb")}.tex`), "utf8");
    // nbconvert's template places an image with \adjustimage{options}{file}.
    const graphics = [...tex.matchAll(/\{([^{}]+\.png)\}/g)].map((m) => path.join(out, m[1] ?? ""));
    const pictures = graphics.filter((g) => fs.existsSync(g) && fs.readFileSync(g).readUInt32BE(16) === 1200);
    assert.equal(pictures.length, want.filter((w) => w.kind !== "none").length, "one 1200-pixel picture per duellab output");
    assert.doesNotMatch(tex, /application\/vnd\.duellab|model_id/, "no marker JSON is typeset");
    for (const w of want) assert.ok(w.rows.length > 0, `${w.model} has numbers to show`);
  });
}
