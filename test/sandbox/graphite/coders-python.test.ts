// The chart coders' code really does what each persona promises, run by the project's Python on
// the real dataset: the analyst and the liar draw, the raw bars draw once unfenced, the crasher
// raises KeyError 'language' and its repair draws, the overthinker writes PNG bytes to stdout.
// (The socket persona is not run here: blocking it is the sandbox's job, tested there.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ANALYST_CODE, CRASHER_CODE, CRASHER_FIXED_CODE, LIAR_CODE, OVERTHINKER_CODE, RAW_BARS_CODE } from "../../../src/lib/demo/coders";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";

const root = path.resolve(__dirname, "../../..");
const python = process.env.DUELLAB_PYTHON ?? path.join(root, ".venv/bin/python");

// One Python process runs every snippet in its own directory with a fresh namespace, so the
// suite pays for importing pandas and matplotlib once.
const DRIVER = `
import io, json, os, sys, traceback
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
results = {}
real_stdout = sys.stdout
for name in sys.argv[1:]:
    os.chdir(name)
    buf = io.BytesIO()
    wrapper = io.TextIOWrapper(buf, write_through=True)
    sys.stdout = wrapper
    err = None
    try:
        exec(compile(open("snippet.py").read(), "snippet.py", "exec"), {"__name__": "__main__"})
    except BaseException:
        err = traceback.format_exc()
    wrapper.flush()
    sys.stdout = real_stdout
    head = buf.getvalue()[:8]
    wrapper.detach()
    plt.close("all")
    png = open("chart.png", "rb").read(8) if os.path.exists("chart.png") else b""
    results[os.path.basename(name)] = {"error": err, "file_png": png == b"\\x89PNG\\r\\n\\x1a\\n", "stdout_png": head == b"\\x89PNG\\r\\n\\x1a\\n"}
print(json.dumps(results))
`;

const unfence = (code: string) => code.replace(/^```\w*\n/, "").replace(/\n```\s*$/, "");

test("every coder's code does what its persona promises, on the real dataset", { skip: !fs.existsSync(python) && `SKIP: no Python at ${python}` }, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-coders-"));
  try {
    const csv = buildLogCsv();
    const snippets: Record<string, string> = {
      analyst: ANALYST_CODE,
      "raw-bars": unfence(RAW_BARS_CODE),
      crasher: CRASHER_CODE,
      "crasher-fixed": CRASHER_FIXED_CODE,
      overthinker: OVERTHINKER_CODE,
      liar: LIAR_CODE,
    };
    for (const [name, code] of Object.entries(snippets)) {
      fs.mkdirSync(path.join(tmp, name));
      fs.writeFileSync(path.join(tmp, name, "data.csv"), csv);
      fs.writeFileSync(path.join(tmp, name, "snippet.py"), code);
    }
    const r = spawnSync(python, ["-c", DRIVER, ...Object.keys(snippets).map((n) => path.join(tmp, n))], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: tmp, MPLBACKEND: "Agg", MPLCONFIGDIR: tmp },
      timeout: 120_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout.trim().split("\n").at(-1)!) as Record<string, { error: string | null; file_png: boolean; stdout_png: boolean }>;
    for (const name of ["analyst", "raw-bars", "crasher-fixed", "liar"]) {
      assert.equal(out[name]!.error, null, `${name}: ${out[name]!.error}`);
      assert.ok(out[name]!.file_png, `${name} wrote no chart.png`);
    }
    assert.match(out.crasher!.error ?? "", /KeyError: 'language'/);
    assert.equal(out.crasher!.file_png, false);
    assert.equal(out.overthinker!.error, null, out.overthinker!.error ?? "");
    assert.ok(out.overthinker!.stdout_png, "overthinker wrote no PNG to stdout");
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
