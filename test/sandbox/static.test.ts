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

const cases: Array<[string, string, Array<{ rule: string; detail: string; line: number }>]> = [
  ["import os", "import pandas as pd\nimport os\n", [{ rule: "blocked-import", detail: "import of blocked module 'os'", line: 2 }]],
  ["from-import", "from subprocess import run\n", [{ rule: "blocked-import", detail: "import from blocked module 'subprocess'", line: 1 }]],
  ["dotted import", "import urllib.request\n", [{ rule: "blocked-import", detail: "import of blocked module 'urllib.request'", line: 1 }]],
  ["eval", "x = 1\ny = eval('x + 1')\n", [{ rule: "blocked-builtin", detail: "call of blocked builtin 'eval'", line: 2 }]],
  ["__import__", "m = __import__('o' + 's')\n", [{ rule: "blocked-builtin", detail: "call of blocked builtin '__import__'", line: 1 }]],
  [
    "subclasses walk",
    "().__class__.__base__.__subclasses__()\n",
    [{ rule: "blocked-attribute", detail: "use of blocked attribute '.__subclasses__'", line: 1 }],
  ],
  [
    "re-exported subprocess via environ",
    "import matplotlib\nprint(matplotlib.os.environ)\n",
    [
      { rule: "blocked-attribute", detail: "use of blocked attribute 'os.environ'", line: 2 },
      { rule: "blocked-attribute", detail: "use of module 'os' through 'matplotlib.os'", line: 2 },
    ],
  ],
  [
    "os.system reached through pandas",
    "import pandas as pd\npd.io.common.os.system('id')\n",
    [
      { rule: "blocked-attribute", detail: "use of blocked attribute 'os.system'", line: 2 },
      { rule: "blocked-attribute", detail: "use of module 'os' through 'pd.io.common.os'", line: 2 },
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

test("a syntax error is not a violation: it runs and reports the real SyntaxError", async () => {
  const r = await sb.run({ code: "import os\nif True print(1)\n" });
  assert.equal(r.status, "error");
  assert.match(r.traceback!, /SyntaxError/);
});
