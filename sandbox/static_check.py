"""A friendly early report, not a boundary: code that plainly reaches for processes, sockets or
the interpreter's escape hatches is reported BLOCKED with the rule and line and never runs. The
OS layers are what contain code that slips past (see README.md). Pure: source text in, a list out.

It must never refuse ordinary chart code, so a rule on an attribute names its receiver too:
`os.system`, `socket.connect`, `os.environ` are reported, while matplotlib's documented
`ax.callbacks.connect(...)`, `fig.canvas.mpl_connect(...)` or a line's `.kill`-free API pass. A
receiver is the last name of the dotted expression before the attribute (`matplotlib.os.system`
has receiver `os`), after resolving aliases bound by an import (`from pandas.io.common import os
as o` makes `o` mean `os`) and names bound to a socket (`s = socket.socket()` makes `s` a socket).
"""

from __future__ import annotations

import ast
from typing import Any

# Re-exported by other packages (`from matplotlib import subprocess`) and plainly a way out. Not
# every blocked module: `from scipy import signal` is scipy's signal processing, not the stdlib's.
REEXPORTED_MODULES = {
    "os",
    "subprocess",
    "socket",
    "shutil",
    "ctypes",
    "multiprocessing",
    "pty",
    "posix",
    "importlib",
    "pickle",
    "marshal",
}
BLOCKED_MODULES = REEXPORTED_MODULES | {
    "signal",
    "requests",
    "urllib",
    "urllib3",
    "http",
    "httpx",
    "ftplib",
    "smtplib",
    "telnetlib",
    "resource",
    "asyncio",
    "ssl",
    "webbrowser",
    "code",
    "pdb",
    "threading",
}
BLOCKED_BUILTINS = {"eval", "exec", "compile", "__import__", "breakpoint", "input", "globals", "vars"}
# Dangerous on any receiver: the interpreter's escape hatches and pandas' code-running reader.
BLOCKED_ANY_RECEIVER = {
    "__subclasses__",
    "__globals__",
    "__builtins__",
    "__code__",
    "__bases__",
    "__mro__",
    "read_pickle",
}
_OS = {"os", "posix", "nt", "_os"}
_SOCKET = {"socket", "_socket"}
# attribute -> receivers it is dangerous on
BLOCKED_ON_RECEIVER = {
    **{
        a: _OS
        for a in (
            "system",
            "popen",
            "environ",
            "environb",
            "putenv",
            "unsetenv",
            "fork",
            "forkpty",
            "kill",
            "killpg",
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
        )
    },
    "kill": _OS | {"signal"},
    "fork": _OS | {"pty"},
    "connect": _SOCKET,
    "connect_ex": _SOCKET,
    "create_connection": _SOCKET,
    "sendto": _SOCKET,
}
# A module of concern reached as an attribute of another package: `matplotlib.subprocess`,
# `pd.io.common.os`, `np.ctypeslib.ctypes` (the design notes list these re-exports).
BLOCKED_REEXPORT_ATTRS = REEXPORTED_MODULES
# calls whose result is a socket, so `s = socket.socket(); s.connect(...)` names the receiver
_SOCKET_MAKERS = {"socket", "create_connection", "socketpair", "fromfd"}


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
    """Local name -> what it stands for, for names bound to a module of concern or a socket."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                root = a.name.split(".")[0]
                if a.asname and root in BLOCKED_MODULES:
                    names[a.asname] = a.name.split(".")[-1]
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                if (
                    a.name in REEXPORTED_MODULES
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


def _receiver(node: ast.Attribute, aliases: dict[str, str]) -> str | None:
    """The name the attribute is looked up on, aliases resolved; a call's result counts as what
    it returns when that is plainly a socket (`socket.socket().connect`)."""
    value = node.value
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
    """True when `value.<module>` reaches a module through another package (`matplotlib.os`),
    not a module's own member (`socket.socket`, whose import is reported already)."""
    parts = _dotted(value)
    return parts is not None and len(parts) > 0 and parts[0] not in BLOCKED_MODULES


def check(code: str) -> list[dict[str, Any]]:
    """[{rule, detail, line}] for code that should not run; a syntax error is not a violation
    (running it yields the real SyntaxError traceback)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    aliases = _aliases(tree)
    out: list[dict[str, Any]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            for a in node.names:
                root = a.name.split(".")[0]
                if root in BLOCKED_MODULES:
                    out.append(
                        {"rule": "blocked-import", "detail": f"import of blocked module '{a.name}'", "line": line}
                    )
        elif isinstance(node, ast.ImportFrom):
            root = (node.module or "").split(".")[0]
            if root in BLOCKED_MODULES:
                out.append(
                    {"rule": "blocked-import", "detail": f"import from blocked module '{node.module}'", "line": line}
                )
            else:
                for a in node.names:
                    if a.name in REEXPORTED_MODULES:
                        out.append(
                            {
                                "rule": "blocked-import",
                                "detail": f"import of blocked module '{a.name}' from '{node.module}'",
                                "line": line,
                            }
                        )
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BLOCKED_BUILTINS:
            out.append({"rule": "blocked-builtin", "detail": f"call of blocked builtin '{node.func.id}'", "line": line})
        elif isinstance(node, ast.Attribute):
            if node.attr in BLOCKED_ANY_RECEIVER:
                out.append(
                    {"rule": "blocked-attribute", "detail": f"use of blocked attribute '.{node.attr}'", "line": line}
                )
            elif node.attr in BLOCKED_REEXPORT_ATTRS and _reexporter(node.value):
                where = ".".join(_dotted(node.value) or [])
                out.append(
                    {
                        "rule": "blocked-attribute",
                        "detail": f"use of module '{node.attr}' through '{where}.{node.attr}'",
                        "line": line,
                    }
                )
            if node.attr in BLOCKED_ON_RECEIVER:
                recv = _receiver(node, aliases)
                if recv in BLOCKED_ON_RECEIVER[node.attr]:
                    out.append(
                        {
                            "rule": "blocked-attribute",
                            "detail": f"use of blocked attribute '{recv}.{node.attr}'",
                            "line": line,
                        }
                    )
    out.sort(key=lambda v: v["line"])
    return out
