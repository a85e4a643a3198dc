"""A friendly early report, not a boundary: code that plainly reaches for processes, sockets or
the interpreter's escape hatches is reported BLOCKED with the rule and line and never runs. The
OS layers are what contain code that slips past (see README.md)."""
import ast

BLOCKED_MODULES = {
    "os", "subprocess", "socket", "shutil", "ctypes", "multiprocessing", "pty", "signal", "requests",
    "urllib", "urllib3", "http", "httpx", "ftplib", "smtplib", "telnetlib", "importlib", "pickle",
    "marshal", "posix", "resource", "asyncio", "ssl", "webbrowser", "code", "pdb", "threading",
}
BLOCKED_BUILTINS = {"eval", "exec", "compile", "__import__", "breakpoint", "input", "globals", "vars"}
BLOCKED_ATTRS = {
    "system", "popen", "spawn", "environ", "__subclasses__", "__globals__", "__builtins__", "__code__",
    "__bases__", "__mro__", "fork", "kill", "read_pickle", "connect",
}


def check(code):
    """[{rule, detail, line}] for code that should not run; a syntax error is not a violation
    (running it yields the real SyntaxError traceback)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    out = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            for a in node.names:
                root = a.name.split(".")[0]
                if root in BLOCKED_MODULES:
                    out.append({"rule": "blocked-import", "detail": f"import of blocked module '{a.name}'", "line": line})
        elif isinstance(node, ast.ImportFrom):
            root = (node.module or "").split(".")[0]
            if root in BLOCKED_MODULES:
                out.append({"rule": "blocked-import", "detail": f"import from blocked module '{node.module}'", "line": line})
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BLOCKED_BUILTINS:
            out.append({"rule": "blocked-builtin", "detail": f"call of blocked builtin '{node.func.id}'", "line": line})
        elif isinstance(node, ast.Attribute) and node.attr in BLOCKED_ATTRS:
            out.append({"rule": "blocked-attribute", "detail": f"use of blocked attribute '.{node.attr}'", "line": line})
    out.sort(key=lambda v: v["line"])
    return out
