// The static check (sandbox/static_check.py) run directly by the project's Python: a rule on an
// attribute names its receiver, so matplotlib's documented callback and event APIs pass while
// the same attribute on os or a socket is still reported. Pure function, one process for all.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
const python = process.env.DUELLAB_PYTHON ?? path.join(root, ".venv/bin/python");

type V = { rule: string; detail: string; line: number };

function check(cases: Record<string, string>): Record<string, V[]> {
  const driver = `
import json, sys
sys.path.insert(0, ${JSON.stringify(path.join(root, "sandbox"))})
import static_check
cases = json.load(sys.stdin)
print(json.dumps({k: static_check.check(v) for k, v in cases.items()}))
`;
  const r = spawnSync(python, ["-c", driver], { input: JSON.stringify(cases), encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

// matplotlib's, pandas' and seaborn's own APIs that share a name with a dangerous one
const PASS: Record<string, string> = {
  "Axes callbacks.connect": "fig, ax = plt.subplots()\ncid = ax.callbacks.connect('ylim_changed', lambda a: None)\nax.callbacks.disconnect(cid)\n",
  "canvas.mpl_connect": "fig = plt.figure()\nfig.canvas.mpl_connect('pick_event', print)\n",
  "pyplot connect": "binding = plt.connect('motion_notify_event', print)\nplt.disconnect(binding)\n",
  "canvas.callbacks.connect": "fig.canvas.callbacks.connect('draw_event', print)\n",
  "widget on_clicked/connect": "slider.on_changed(update)\nbutton.on_clicked(reset)\nsel.connect_event('key_press_event', f)\n",
  "scipy signal (not the stdlib's)": "from scipy import signal\nimport scipy.signal\ny = signal.savgol_filter(x, 5, 2)\n",
  seaborn: "import seaborn as sns\nsns.barplot(data=df, x='stack', y='build_seconds', errorbar=('ci', 95))\nsns.histplot(df['v'], kde=True)\n",
  "attributes named like os functions on other objects":
    "units.system = 'metric'\ncfg.kill = False\nproc_stats.fork = 2\ndata.environ = {}\nmodel.popen = None\n",
  "sys.stdout.buffer": "import sys\nfig.savefig(sys.stdout.buffer, format='png')\n",
};

test("chart code that uses connect/mpl_connect and friends is not blocked", () => {
  const got = check(PASS);
  for (const [name, v] of Object.entries(got)) assert.deepEqual(v, [], `${name}: ${JSON.stringify(v)}`);
});

test("the same attributes on os, posix or a socket are still reported, naming the receiver", () => {
  const got = check({
    "os via matplotlib": "import matplotlib\nmatplotlib.os.system('id')\n",
    "os via pandas": "import pandas as pd\npd.io.common.os.execv('/bin/sh', ['sh'])\n",
    "aliased re-export": "from pandas.io.common import os as o\no.environ['K']\n",
    "socket object": "import socket\ns = socket.socket()\ns.connect(('10.0.0.1', 80))\n",
    "socket call result": "import socket\nsocket.socket().connect(('h', 1))\n",
    create_connection: "import socket\nconn = socket.create_connection(('example.com', 80))\n",
    "ctypes via numpy": "import numpy as np\nnp.ctypeslib.ctypes.CDLL(None)\n",
    "subprocess via matplotlib": "import matplotlib\nmatplotlib.subprocess.run(['id'])\n",
  });
  assert.deepEqual(got["os via matplotlib"], [
    { rule: "blocked-attribute", detail: "use of blocked attribute 'os.system'", line: 2 },
    { rule: "blocked-attribute", detail: "use of module 'os' through 'matplotlib.os'", line: 2 },
  ]);
  assert.deepEqual(
    got["os via pandas"].map((v) => v.detail),
    ["use of blocked attribute 'os.execv'", "use of module 'os' through 'pd.io.common.os'"],
  );
  assert.deepEqual(got["aliased re-export"], [
    { rule: "blocked-import", detail: "import of blocked module 'os' from 'pandas.io.common'", line: 1 },
    { rule: "blocked-attribute", detail: "use of blocked attribute 'os.environ'", line: 2 },
  ]);
  assert.deepEqual(
    got["socket object"].map((v) => v.detail),
    ["import of blocked module 'socket'", "use of blocked attribute 'socket.connect'"],
  );
  assert.deepEqual(
    got["socket object"].map((v) => v.line),
    [1, 3],
  );
  assert.ok(got["socket call result"].some((v) => v.detail === "use of blocked attribute 'socket.connect'"));
  assert.ok(got.create_connection.some((v) => v.detail === "use of blocked attribute 'socket.create_connection'"));
  assert.deepEqual(got["ctypes via numpy"], [{ rule: "blocked-attribute", detail: "use of module 'ctypes' through 'np.ctypeslib.ctypes'", line: 2 }]);
  assert.deepEqual(got["subprocess via matplotlib"], [
    { rule: "blocked-attribute", detail: "use of module 'subprocess' through 'matplotlib.subprocess'", line: 2 },
  ]);
});

test("escape hatches and pandas' pickle reader are reported on any receiver", () => {
  const got = check({
    subclasses: "().__class__.__base__.__subclasses__()\n",
    globals: "f.__globals__['os']\n",
    pickle: "import pandas as pd\npd.read_pickle('x.pkl')\n",
    builtins: "eval('1')\ngetattr(x, 'y')\n",
  });
  assert.deepEqual(got.subclasses, [{ rule: "blocked-attribute", detail: "use of blocked attribute '.__subclasses__'", line: 1 }]);
  assert.deepEqual(got.globals, [{ rule: "blocked-attribute", detail: "use of blocked attribute '.__globals__'", line: 1 }]);
  assert.deepEqual(got.pickle, [{ rule: "blocked-attribute", detail: "use of blocked attribute '.read_pickle'", line: 2 }]);
  assert.deepEqual(got.builtins, [{ rule: "blocked-builtin", detail: "call of blocked builtin 'eval'", line: 1 }]);
});

test("imports: the stdlib's signal is blocked, scipy's is not; a syntax error is no violation", () => {
  const got = check({
    stdlib: "import signal\n",
    fromstd: "from signal import SIGKILL\n",
    scipy: "from scipy import signal, stats\n",
    broken: "import os\nif True print(1)\n",
  });
  assert.deepEqual(got.stdlib, [{ rule: "blocked-import", detail: "import of blocked module 'signal'", line: 1 }]);
  assert.deepEqual(got.fromstd, [{ rule: "blocked-import", detail: "import from blocked module 'signal'", line: 1 }]);
  assert.deepEqual(got.scipy, []);
  assert.deepEqual(got.broken, []);
});
