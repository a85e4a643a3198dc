// The static check (sandbox/static_check.py) run directly by the project's Python: it refuses
// what runs programs, opens the network, acts on other processes, calls C or hides code, and
// nothing else (os.path, os.makedirs, pathlib and shutil inside the run dir pass); a rule on an
// attribute names its receiver, so matplotlib's documented callback and event APIs pass while the
// same attribute on os or a socket is still reported; and any input gets a verdict, never an
// exception. Pure function, one process for all.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
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

// matplotlib's, pandas' and seaborn's own APIs that share a name with a dangerous one, and what
// models write to save a chart in the run dir
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
  "os.path.join and os.makedirs": "import os\nos.makedirs('out', exist_ok=True)\nfig.savefig(os.path.join('out', 'chart.png'))\n",
  "from os import path": "from os import path\nif not path.exists('out'):\n    pass\nname = path.splitext('data.csv')[0]\n",
  "import os.path, os as alias": "import os.path\nimport os as o\nprint(o.path.basename(o.getcwd()), o.listdir('.'), o.environ.get('MPLBACKEND'))\n",
  pathlib: "from pathlib import Path\nout = Path('out')\nout.mkdir(exist_ok=True)\n(out / 'notes.txt').write_text('x')\nfig.savefig(out / 'chart.png')\n",
  shutil: "import shutil\nshutil.copy('chart.png', 'chart-copy.png')\nshutil.rmtree('out', ignore_errors=True)\n",
  "os.environ, getenv": "import os\nbackend = os.environ.get('MPLBACKEND', 'Agg')\nhome = os.getenv('HOME')\n",
  "globals, vars, input, breakpoint, threads": "import threading\nif 'df' not in globals():\n    df = None\nprint(vars(args))\n",
  "getattr with an ordinary name": "import os\nf = getattr(os.path, 'join')\ncolor = getattr(line, 'get_color')()\n",
};

test("chart code that uses os.path, pathlib, connect/mpl_connect and friends is not blocked", () => {
  const got = check(PASS);
  for (const [name, v] of Object.entries(got)) assert.deepEqual(v, [], `${name}: ${JSON.stringify(v)}`);
});

const why = {
  programs: "it starts other programs or processes; draw with matplotlib in this process",
  network: "it opens network connections, which the sandbox refuses; use the files you were given",
  c: "it calls C code directly, below every rule of the sandbox",
  hidden: "it runs code hidden in strings or data, which this check cannot see",
  processes: "it acts on other processes (signals, limits, priority), the sandbox's own included",
  hatch: "it reaches modules and functions this check refuses without naming them",
};

test("the same attributes on os, posix or a socket are still reported, naming the receiver and why", () => {
  const got = check({
    "os via matplotlib": "import matplotlib\nmatplotlib.os.system('id')\n",
    "os via pandas": "import pandas as pd\npd.io.common.os.execv('/bin/sh', ['sh'])\n",
    "aliased re-export": "from pandas.io.common import os as o\no.environ['K']\no.fork()\n",
    "import os as": "import os as o\no.popen('id')\n",
    "socket object": "import socket\ns = socket.socket()\ns.connect(('10.0.0.1', 80))\n",
    "socket call result": "import socket\nsocket.socket().connect(('h', 1))\n",
    create_connection: "import socket\nconn = socket.create_connection(('example.com', 80))\n",
    "ctypes via numpy": "import numpy as np\nnp.ctypeslib.ctypes.CDLL(None)\n",
    "subprocess via matplotlib": "import matplotlib\nmatplotlib.subprocess.run(['id'])\n",
    "the parent's priority": "import os\nos.setpriority(os.PRIO_PROCESS, os.getppid(), 7)\nos.sched_setaffinity(os.getppid(), {0})\n",
    "getattr spelled": "import os\ngetattr(os, 'system')('id')\n",
    "from os import system": "from os import path, system\n",
    "from os import *": "from os import *\n",
  });
  assert.deepEqual(got["os via matplotlib"], [{ rule: "blocked-attribute", detail: `use of blocked attribute 'os.system': ${why.programs}`, line: 2 }]);
  assert.deepEqual(
    got["os via pandas"].map((v) => v.detail),
    [`use of blocked attribute 'os.execv': ${why.programs}`],
  );
  assert.deepEqual(got["aliased re-export"], [{ rule: "blocked-attribute", detail: `use of blocked attribute 'os.fork': ${why.programs}`, line: 3 }]);
  assert.deepEqual(got["import os as"], [{ rule: "blocked-attribute", detail: `use of blocked attribute 'os.popen': ${why.programs}`, line: 2 }]);
  assert.deepEqual(
    got["socket object"].map((v) => v.detail),
    [`import of blocked module 'socket': ${why.network}`, `use of blocked attribute 'socket.connect': ${why.network}`],
  );
  assert.deepEqual(
    got["socket object"].map((v) => v.line),
    [1, 3],
  );
  assert.ok(got["socket call result"].some((v) => v.detail.startsWith("use of blocked attribute 'socket.connect'")));
  assert.ok(got.create_connection.some((v) => v.detail.startsWith("use of blocked attribute 'socket.create_connection'")));
  assert.deepEqual(got["ctypes via numpy"], [{ rule: "blocked-attribute", detail: `use of module 'ctypes' through 'np.ctypeslib.ctypes': ${why.c}`, line: 2 }]);
  assert.deepEqual(got["subprocess via matplotlib"], [
    { rule: "blocked-attribute", detail: `use of module 'subprocess' through 'matplotlib.subprocess': ${why.programs}`, line: 2 },
  ]);
  assert.deepEqual(
    got["the parent's priority"].map((v) => [v.detail, v.line]),
    [
      [`use of blocked attribute 'os.setpriority': ${why.processes}`, 2],
      [`use of blocked attribute 'os.sched_setaffinity': ${why.processes}`, 3],
    ],
  );
  assert.deepEqual(got["getattr spelled"], [{ rule: "blocked-attribute", detail: `use of blocked attribute 'os.system': ${why.programs}`, line: 2 }]);
  assert.deepEqual(got["from os import system"], [{ rule: "blocked-import", detail: `import of 'os.system': ${why.programs}`, line: 1 }]);
  assert.equal(got["from os import *"]![0]!.rule, "blocked-import");
  assert.match(got["from os import *"]![0]!.detail, /^from os import \*: it brings in os\.system/);
});

test("escape hatches and pandas' pickle reader are reported on any receiver", () => {
  const got = check({
    subclasses: "().__class__.__base__.__subclasses__()\n",
    globals: "f.__globals__['os']\n",
    frame: "import sys\nsys._getframe().f_back.f_globals['x']\n",
    pickle: "import pandas as pd\npd.read_pickle('x.pkl')\n",
    builtins: "eval('1')\ngetattr(x, 'y')\n",
  });
  assert.deepEqual(got.subclasses, [{ rule: "blocked-attribute", detail: `use of blocked attribute '.__subclasses__': ${why.hatch}`, line: 1 }]);
  assert.deepEqual(got.globals, [{ rule: "blocked-attribute", detail: `use of blocked attribute '.__globals__': ${why.hatch}`, line: 1 }]);
  assert.deepEqual(got.frame, [{ rule: "blocked-attribute", detail: `use of blocked attribute '.f_globals': ${why.hatch}`, line: 2 }]);
  assert.deepEqual(got.pickle, [{ rule: "blocked-attribute", detail: `use of blocked attribute '.read_pickle': ${why.hidden}`, line: 2 }]);
  assert.deepEqual(got.builtins, [{ rule: "blocked-builtin", detail: `call of blocked builtin 'eval': ${why.hidden}`, line: 1 }]);
});

test("imports: the stdlib's signal is blocked, scipy's is not; a syntax error is no violation", () => {
  const got = check({
    stdlib: "import signal\n",
    fromstd: "from signal import SIGKILL\n",
    scipy: "from scipy import signal, stats\n",
    broken: "import os\nif True print(1)\n",
    nul: "x = 1\0\n",
  });
  assert.deepEqual(got.stdlib, [{ rule: "blocked-import", detail: `import of blocked module 'signal': ${why.processes}`, line: 1 }]);
  assert.deepEqual(got.fromstd, [{ rule: "blocked-import", detail: `import from blocked module 'signal': ${why.processes}`, line: 1 }]);
  assert.deepEqual(got.scipy, []);
  assert.deepEqual(got.broken, []);
  assert.deepEqual(got.nul, []);
});

// The crash: `x = 1+1+...+1` with 3,000 terms made ast.parse raise RecursionError in the
// warm parent, which died with its concurrent chart. Every input gets a verdict instead.
test("any input gets a verdict: too deep and too large are named reasons, never an exception", () => {
  const terms = (n: number) => `x = ${Array(n).fill("1").join(" + ")}\n`;
  const got = check({
    sum3000: terms(3000),
    sum20k: terms(20_000),
    nots: `x = ${"not ".repeat(5000)}y\n`,
    minus: `x = ${"-".repeat(50_000)}1\n`,
    attrs: `x = a${".b".repeat(100_000)}\n`,
    huge: `x = [${"1, ".repeat(200_000)}]\n`,
    sum500: terms(500),
  });
  for (const k of ["sum3000", "sum20k", "nots", "minus", "attrs"]) {
    assert.equal(got[k]!.length, 1, `${k}: ${JSON.stringify(got[k])}`);
    assert.equal(got[k]![0]!.rule, "too-deep", k);
    assert.match(got[k]![0]!.detail, /^an expression is (nested too deeply|too large) to analyse \((RecursionError|MemoryError)\): split long chains/, k);
  }
  assert.equal(got.huge!.length, 1);
  assert.equal(got.huge![0]!.rule, "too-large");
  assert.match(got.huge![0]!.detail, /^the snippet is 600,007 characters; the sandbox checks at most 262,144/);
  assert.deepEqual(got.sum500, [], "a long but ordinary expression is analysed and passes");
});

// The README's list of blocked names says why each one is there: every name the check refuses
// appears in it, so the two cannot drift apart.
test("sandbox/README.md lists every blocked module, builtin and attribute", () => {
  const driver = `
import json, sys
sys.path.insert(0, ${JSON.stringify(path.join(root, "sandbox"))})
import static_check as s
print(json.dumps(sorted(set(s.BLOCKED_MODULES) | set(s.BLOCKED_BUILTINS) | set(s.BLOCKED_ANY_RECEIVER) | set(s.BLOCKED_ON_RECEIVER))))
`;
  const r = spawnSync(python, ["-c", driver], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const names: string[] = JSON.parse(r.stdout);
  const readme = fs.readFileSync(path.join(root, "sandbox", "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("### What the static check reports"), readme.indexOf("## What is contained, per host"));
  const missing = names.filter((n) => !section.includes(`\`${n}\``) && !section.includes(`.${n}\``));
  assert.deepEqual(missing, [], "blocked names the README does not list");
});
