"""A friendly early report, not a boundary: code that plainly runs programs, opens the network,
acts on other processes, calls C directly or hides code from this check is reported BLOCKED with
the rule, the line and why, and never runs. The OS layers are what contain code that slips past
(see README.md). Pure: source text in, a list out; it never raises, whatever the text.

What it must never refuse is ordinary chart code, so it refuses names, not modules that charts
use: `import os`, `os.path.join`, `os.makedirs("out", exist_ok=True)`, `from os import path`,
`pathlib` and `shutil` pass (inside the run dir they are what models write to save a chart;
outside it, Landlock and the namespaces refuse them), while `os.system`, `os.fork` or
`os.setpriority` are reported. A rule on an attribute names its receiver too: `socket.connect`
is reported, matplotlib's documented `ax.callbacks.connect(...)` passes. A receiver is the last
name of the dotted expression before the attribute (`matplotlib.os.system` has receiver `os`),
after resolving aliases bound by an import (`from pandas.io.common import os as o` makes `o` mean
`os`) and names bound to a socket (`s = socket.socket()` makes `s` a socket).

Any input gets a verdict: a syntax error is no violation (running it shows the real SyntaxError),
while a snippet too large or nested too deeply to analyse is blocked, and says so (`too-large`,
`too-deep`): the check runs in the run's own confined child, before the snippet, so even a
pathological input costs that run alone."""

from __future__ import annotations

import ast
from typing import Any

# Why each name is refused: every rule below belongs to one of these. The README's list of
# blocked names is written from the same table.
PROGRAMS = "it starts other programs or processes; draw with matplotlib in this process"
NETWORK = "it opens network connections, which the sandbox refuses; use the files you were given"
C_CODE = "it calls C code directly, below every rule of the sandbox"
HIDDEN = "it runs code hidden in strings or data, which this check cannot see"
PROCESSES = "it acts on other processes (signals, limits, priority), the sandbox's own included"

MODULE_WHY = {
    **dict.fromkeys(("subprocess", "_posixsubprocess", "pty", "multiprocessing", "webbrowser"), PROGRAMS),
    **dict.fromkeys(
        (
            "socket",
            "_socket",
            "ssl",
            "http",
            "urllib",
            "urllib3",
            "requests",
            "httpx",
            "aiohttp",
            "ftplib",
            "smtplib",
            "telnetlib",
            "imaplib",
            "poplib",
            "nntplib",
            "socketserver",
            "xmlrpc",
            "asyncio",
        ),
        NETWORK,
    ),
    **dict.fromkeys(("ctypes", "_ctypes", "cffi"), C_CODE),
    **dict.fromkeys(("importlib", "pickle", "_pickle", "marshal", "shelve", "code", "codeop", "pdb", "runpy"), HIDDEN),
    **dict.fromkeys(("signal", "resource"), PROCESSES),
}
BLOCKED_MODULES = set(MODULE_WHY)
# Re-exported by other packages (`from matplotlib import subprocess`, `np.ctypeslib.ctypes`) and
# plainly a way out. Not every blocked module: `from scipy import signal` is scipy's signal
# processing, not the stdlib's.
REEXPORTED_MODULES = {"subprocess", "socket", "ctypes", "multiprocessing", "pty", "importlib", "pickle", "marshal"}
BLOCKED_BUILTINS = {n: HIDDEN for n in ("eval", "exec", "compile", "__import__")}
# Dangerous on any receiver: the interpreter's escape hatches, which reach modules and functions
# refused here without naming them, and pandas' code-running reader.
_HATCH = "it reaches modules and functions this check refuses without naming them"
BLOCKED_ANY_RECEIVER = {
    **dict.fromkeys(
        (
            "__subclasses__",
            "__globals__",
            "__builtins__",
            "__code__",
            "__bases__",
            "__mro__",
            "f_globals",
            "f_builtins",
        ),
        _HATCH,
    ),
    "read_pickle": HIDDEN,
}
_OS = {"os", "posix", "nt", "_os"}
_SOCKET = {"socket", "_socket"}
_OS_PROGRAMS = (
    "system",
    "popen",
    "fork",
    "forkpty",
    "execv",
    "execve",
    "execl",
    "execle",
    "execlp",
    "execlpe",
    "execvp",
    "execvpe",
    "spawnl",
    "spawnle",
    "spawnlp",
    "spawnlpe",
    "spawnv",
    "spawnve",
    "spawnvp",
    "spawnvpe",
    "posix_spawn",
    "posix_spawnp",
    "startfile",
)
_OS_PROCESSES = ("kill", "killpg", "setpriority", "sched_setaffinity", "sched_setscheduler", "sched_setparam")
# attribute -> (receivers it is dangerous on, why)
BLOCKED_ON_RECEIVER: dict[str, tuple[set[str], str]] = {
    **{a: (_OS, PROGRAMS) for a in _OS_PROGRAMS},
    **{a: (_OS, PROCESSES) for a in _OS_PROCESSES},
    "kill": (_OS | {"signal"}, PROCESSES),
    "fork": (_OS | {"pty"}, PROGRAMS),
    "connect": (_SOCKET, NETWORK),
    "connect_ex": (_SOCKET, NETWORK),
    "create_connection": (_SOCKET, NETWORK),
    "sendto": (_SOCKET, NETWORK),
}
# A module of concern reached as an attribute of another package: `matplotlib.subprocess`,
# `np.ctypeslib.ctypes` (the design notes list these re-exports).
BLOCKED_REEXPORT_ATTRS = REEXPORTED_MODULES
# calls whose result is a socket, so `s = socket.socket(); s.connect(...)` names the receiver
_SOCKET_MAKERS = {"socket", "create_connection", "socketpair", "fromfd"}

# Larger than any chart a model writes (a long one is 10-20 KB) and small enough to analyse in a
# fraction of a second; beyond it the snippet is refused as too large rather than half-checked.
MAX_CHARS = 256 * 1024


def _dotted(node: ast.expr) -> list[str] | None:
    """['a', 'b', 'c'] for a.b.c (calls and subscripts end the chain), else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def _aliases(tree: ast.AST) -> dict[str, str]:
    """Local name -> what it stands for, for names bound to a module of concern (os included:
    `import os as o` makes `o.system` os's) or a socket."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                root = a.name.split(".")[0]
                if a.asname and (root in BLOCKED_MODULES or root in _OS) and "." not in a.name:
                    names[a.asname] = a.name
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                if (
                    a.name in REEXPORTED_MODULES
                    or a.name in _OS
                    or a.name in _SOCKET_MAKERS
                    and (node.module or "").split(".")[0] == "socket"
                ):
                    names[a.asname or a.name] = a.name
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.With)):
            pairs: list[tuple[ast.expr, ast.expr | None]] = []
            if isinstance(node, ast.Assign):
                pairs = [(t, node.value) for t in node.targets]
            elif isinstance(node, ast.AnnAssign):
                pairs = [(node.target, node.value)]
            else:
                pairs = [(i.optional_vars, i.context_expr) for i in node.items if i.optional_vars is not None]
            for target, value in pairs:
                if isinstance(target, ast.Name) and isinstance(value, ast.Call):
                    fn = _dotted(value.func)
                    if fn and fn[-1] in _SOCKET_MAKERS and (len(fn) == 1 or fn[-2] in _SOCKET):
                        names[target.id] = "socket"
    return names


def _receiver(value: ast.expr, aliases: dict[str, str]) -> str | None:
    """The name an attribute is looked up on, aliases resolved; a call's result counts as what
    it returns when that is plainly a socket (`socket.socket().connect`)."""
    if isinstance(value, ast.Call):
        fn = _dotted(value.func)
        if fn and fn[-1] in _SOCKET_MAKERS and (len(fn) == 1 or fn[-2] in _SOCKET):
            return "socket"
        return None
    parts = _dotted(value)
    if not parts:
        return None
    last = parts[-1]
    if len(parts) == 1:
        return aliases.get(last, last)
    return last


def _reexporter(value: ast.expr) -> bool:
    """True when `value.<module>` reaches a module through another package (`matplotlib.subprocess`),
    not a module's own member (`socket.socket`, whose import is reported already)."""
    parts = _dotted(value)
    return parts is not None and len(parts) > 0 and parts[0] not in BLOCKED_MODULES


def _v(rule: str, detail: str, why: str, line: int) -> dict[str, Any]:
    return {"rule": rule, "detail": f"{detail}: {why}", "line": line}


def _import_rules(node: ast.Import | ast.ImportFrom, line: int) -> list[dict[str, Any]]:
    out = []
    if isinstance(node, ast.Import):
        for a in node.names:
            root = a.name.split(".")[0]
            if root in BLOCKED_MODULES:
                out.append(_v("blocked-import", f"import of blocked module '{a.name}'", MODULE_WHY[root], line))
        return out
    root = (node.module or "").split(".")[0]
    if root in BLOCKED_MODULES:
        return [_v("blocked-import", f"import from blocked module '{node.module}'", MODULE_WHY[root], line)]
    for a in node.names:
        if a.name in REEXPORTED_MODULES:
            out.append(
                _v(
                    "blocked-import",
                    f"import of blocked module '{a.name}' from '{node.module}'",
                    MODULE_WHY[a.name],
                    line,
                )
            )
        elif root in _OS and a.name == "*":
            out.append(
                _v(
                    "blocked-import",
                    f"from {node.module} import *",
                    "it brings in os.system, os.fork and the exec functions unnamed; import the names you use",
                    line,
                )
            )
        elif root in _OS and a.name in BLOCKED_ON_RECEIVER and node.module in _OS:
            why = BLOCKED_ON_RECEIVER[a.name][1]
            out.append(_v("blocked-import", f"import of '{node.module}.{a.name}'", why, line))
    return out


def _attribute_rules(node: ast.Attribute, attr: str, aliases: dict[str, str], line: int) -> list[dict[str, Any]]:
    """Rules on `<value>.<attr>`; attr may also come from getattr(value, "attr")."""
    out = []
    if attr in BLOCKED_ANY_RECEIVER:
        out.append(_v("blocked-attribute", f"use of blocked attribute '.{attr}'", BLOCKED_ANY_RECEIVER[attr], line))
    elif attr in BLOCKED_REEXPORT_ATTRS and _reexporter(node.value):
        where = ".".join(_dotted(node.value) or [])
        out.append(_v("blocked-attribute", f"use of module '{attr}' through '{where}.{attr}'", MODULE_WHY[attr], line))
    if attr in BLOCKED_ON_RECEIVER:
        receivers, why = BLOCKED_ON_RECEIVER[attr]
        recv = _receiver(node.value, aliases)
        if recv in receivers:
            out.append(_v("blocked-attribute", f"use of blocked attribute '{recv}.{attr}'", why, line))
    return out


def _rules(tree: ast.AST) -> list[dict[str, Any]]:
    aliases = _aliases(tree)
    out: list[dict[str, Any]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out += _import_rules(node, line)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            name = node.func.id
            if name in BLOCKED_BUILTINS:
                out.append(_v("blocked-builtin", f"call of blocked builtin '{name}'", BLOCKED_BUILTINS[name], line))
            elif (
                name == "getattr"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
            ):
                # getattr(os, "system") is os.system spelled another way
                spelled = ast.Attribute(value=node.args[0], attr=node.args[1].value, ctx=ast.Load())
                out += _attribute_rules(spelled, node.args[1].value, aliases, line)
        elif isinstance(node, ast.Attribute):
            out += _attribute_rules(node, node.attr, aliases, line)
    return out


def check(code: str) -> list[dict[str, Any]]:
    """[{rule, detail, line}] for code that should not run. Never raises: a syntax error (or a
    NUL byte) is no violation, since running it yields the real error; a snippet too large or too
    deeply nested to analyse is a violation of its own, and so is any other failure to analyse."""
    if len(code) > MAX_CHARS:
        return [
            {
                "rule": "too-large",
                "detail": f"the snippet is {len(code):,} characters; the sandbox checks at most {MAX_CHARS:,}: "
                "write a shorter script that reads its data from the files given",
                "line": 0,
            }
        ]
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return []
    except (RecursionError, MemoryError) as e:
        return [_too_deep(e)]
    try:
        out = _rules(tree)
    except (RecursionError, MemoryError) as e:
        return [_too_deep(e)]
    except Exception as e:  # a bug here must not let the snippet run unchecked, nor end the run's report
        return [
            {
                "rule": "not-analysed",
                "detail": f"the static check could not analyse the snippet ({type(e).__name__}: {e}); it was not run",
                "line": 0,
            }
        ]
    out.sort(key=lambda v: v["line"])
    return out


def _too_deep(e: BaseException) -> dict[str, Any]:
    what = "nested too deeply" if isinstance(e, RecursionError) else "too large"
    return {
        "rule": "too-deep",
        "detail": f"an expression is {what} to analyse ({type(e).__name__}): "
        "split long chains such as 1 + 1 + ... into smaller statements or a loop",
        "line": 0,
    }
