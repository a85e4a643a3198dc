// The static check is a friendly early report: it names the rule and the line, and a blocked
// snippet never runs. (It is not the boundary: corpus.test.ts runs the attacks with it off.)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Sandbox } from "../../src/lib/sandbox";

let sb: Sandbox;
before(async () => {
  sb = await Sandbox.start();
});
after(async () => {
  await sb?.close();
});

const PROGRAMS = "it starts other programs or processes; draw with matplotlib in this process";
const NETWORK = "it opens network connections, which the sandbox refuses; use the files you were given";
const HIDDEN = "it runs code hidden in strings or data, which this check cannot see";
const HATCH = "it reaches modules and functions this check refuses without naming them";
const cases: Array<[string, string, Array<{ rule: string; detail: string; line: number }>]> = [
  ["from-import", "from subprocess import run\n", [{ rule: "blocked-import", detail: `import from blocked module 'subprocess': ${PROGRAMS}`, line: 1 }]],
  ["dotted import", "import urllib.request\n", [{ rule: "blocked-import", detail: `import of blocked module 'urllib.request': ${NETWORK}`, line: 1 }]],
  ["eval", "x = 1\ny = eval('x + 1')\n", [{ rule: "blocked-builtin", detail: `call of blocked builtin 'eval': ${HIDDEN}`, line: 2 }]],
  ["__import__", "m = __import__('o' + 's')\n", [{ rule: "blocked-builtin", detail: `call of blocked builtin '__import__': ${HIDDEN}`, line: 1 }]],
  [
    "subclasses walk",
    "().__class__.__base__.__subclasses__()\n",
    [{ rule: "blocked-attribute", detail: `use of blocked attribute '.__subclasses__': ${HATCH}`, line: 1 }],
  ],
  [
    "os.system reached through pandas",
    "import pandas as pd\npd.io.common.os.system('id')\n",
    [{ rule: "blocked-attribute", detail: `use of blocked attribute 'os.system': ${PROGRAMS}`, line: 2 }],
  ],
  [
    "the parent's priority through os",
    "import os\nos.setpriority(os.PRIO_PROCESS, os.getppid(), 7)\n",
    [
      {
        rule: "blocked-attribute",
        detail: "use of blocked attribute 'os.setpriority': it acts on other processes (signals, limits, priority), the sandbox's own included",
        line: 2,
      },
    ],
  ],
];

for (const [name, code, expected] of cases) {
  test(`static check: ${name}`, async () => {
    const r = await sb.run({ code });
    assert.equal(r.status, "blocked");
    assert.deepEqual(r.violations, expected);
    assert.equal(r.pngs.length, 0);
    assert.equal(r.stdout, "");
    assert.match(r.layers.static!.detail, /the snippet never ran/);
  });
}

// What models write to save a chart: os.path, os.makedirs, `from os import path`, pathlib. None of
// it reaches outside the run dir, so none of it is refused; the chart in out/ is captured.
test("os.path.join, os.makedirs, from os import path and pathlib inside the run dir pass, and the chart is captured", async () => {
  const code =
    [
      "import os",
      "from os import path",
      "from pathlib import Path",
      "import matplotlib.pyplot as plt",
      "os.makedirs('out', exist_ok=True)",
      "Path('out', 'notes').mkdir(parents=True, exist_ok=True)",
      "(Path('out') / 'notes' / 'readme.txt').write_text('made by the chart')",
      "fig, ax = plt.subplots()",
      "ax.plot([1, 3, 2])",
      "fig.savefig(os.path.join('out', 'chart.png'))",
      "print(path.exists(path.join('out', 'chart.png')), sorted(os.listdir('out')))",
    ].join("\n") + "\n";
  const r = await sb.run({ code });
  assert.deepEqual(r.violations, []);
  assert.equal(r.status, "ok", r.traceback ?? r.notes.join(" | "));
  assert.equal(r.stdout, "True ['chart.png', 'notes']\n");
  assert.equal(r.pngs.length, 1);
  assert.equal(r.figures[0]!.lines, 1);
});

test("ordinary chart code passes the static check (sys for sys.stdout.buffer is allowed)", async () => {
  const r = await sb.run({
    code: "import sys\nimport pandas as pd\nimport matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig(sys.stdout.buffer, format='png')\n",
  });
  assert.equal(r.status, "ok");
  assert.deepEqual(r.violations, []);
});

// matplotlib's documented callback APIs share the name `connect` with sockets: the rule names the
// receiver, so these run and draw (the gallery's twin-scale and downsampling idioms, own code).
test("matplotlib's callbacks.connect, mpl_connect and plt.connect are not blocked, and the chart draws", async () => {
  const code =
    [
      "import numpy as np",
      "import matplotlib.pyplot as plt",
      "fig, ax_f = plt.subplots()",
      "ax_c = ax_f.twinx()",
      "def to_celsius(ax):",
      "    lo, hi = ax.get_ylim()",
      "    ax_c.set_ylim((lo - 32) * 5 / 9, (hi - 32) * 5 / 9)",
      "ax_f.callbacks.connect('ylim_changed', to_celsius)",
      "fig.canvas.mpl_connect('pick_event', lambda e: None)",
      "cid = plt.connect('motion_notify_event', lambda e: None)",
      "ax_f.plot(np.linspace(-40, 120, 50), label='F')",
      "ax_f.set_ylim(-40, 120)",
      "ax_f.set_title('temperature')",
      "plt.show()",
    ].join("\n") + "\n";
  const r = await sb.run({ code });
  assert.deepEqual(r.violations, []);
  assert.equal(r.status, "ok", r.traceback ?? "");
  assert.equal(r.pngs.length, 1);
  assert.equal(r.figures[0]!.axes, 2);
  assert.equal(r.figures[0]!.lines, 1);
});

// The crash: a 6 KB snippet (x = 1+1+...+1, 3,000 terms) made the check raise
// RecursionError in the warm parent, which died and took the concurrent chart with it.
test("a snippet too deep to analyse is blocked as too-deep, and a chart sent with it completes", async () => {
  const deep = `x = ${Array(3000).fill("1").join("+")}\nprint(x)\n`;
  const chart = "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('c.png')\n";
  const [d, c] = await Promise.all([sb.run({ code: deep }), sb.run({ code: chart })]);
  assert.equal(d.status, "blocked");
  assert.equal(d.violations.length, 1);
  assert.equal(d.violations[0]!.rule, "too-deep");
  assert.match(d.violations[0]!.detail, /nested too deeply to analyse \(RecursionError\): split long chains/);
  assert.equal(d.stdout, "");
  assert.equal(c.status, "ok", c.traceback ?? c.notes.join(" | "));
  assert.equal(c.pngs.length, 1);
  const after = await sb.run({ code: "print('still here')" });
  assert.equal(after.stdout, "still here\n", "the sandbox lives on");
});

test("a syntax error is not a violation: it runs and reports the real SyntaxError", async () => {
  const r = await sb.run({ code: "import os\nif True print(1)\n" });
  assert.equal(r.status, "error");
  assert.match(r.traceback!, /SyntaxError/);
});
