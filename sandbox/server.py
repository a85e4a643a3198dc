"""The warm sandbox parent: started once per kernel (empty environment, inside bubblewrap when
the host allows), imports pandas and matplotlib and touches pandas plotting once, then forks one
confined child per request; seaborn is loaded later, once the first run has been answered.
Requests and replies are JSON lines on stdin/stdout.

It never outlives its parent: stdin EOF ends it (POSIX, every host), PR_SET_PDEATHSIG kills it
where Linux has it, and under bubblewrap --die-with-parent takes the whole pid namespace down. On
a Mac with sandbox-exec it re-executes itself under the Seatbelt profile (seatbelt.py) first.
Which facilities are used is decided once (facilities.plan); with every one off, only POSIX calls
are made and /proc is never read."""

from __future__ import annotations

import ctypes
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from request_loop import RequestLoop

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

ALLOWED_ENV = {
    "MPLBACKEND",
    "OPENBLAS_NUM_THREADS",
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
    "HOME",
    "MPLCONFIGDIR",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONNOUSERSITE",
    "PYTHONHASHSEED",
    "TMPDIR",
    "PWD",
    "DUELLAB_SANDBOX_NS",
}


def _guard_parent(use: dict[str, bool]) -> dict[str, bool]:
    """Returns {facility: armed} for the two prctl facilities (False where not used)."""
    PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER = 1, 36
    armed = {"pdeathsig": False, "subreaper": False}
    libc = ctypes.CDLL(None, use_errno=True) if (use["pdeathsig"] or use["subreaper"]) else None
    if use["pdeathsig"] and libc is not None:
        armed["pdeathsig"] = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    if os.getppid() == 1 and os.environ.get("DUELLAB_SANDBOX_NS") != "1":
        os._exit(0)  # parent died before the death signal was armed (or, portably, before we looked)
    if use["subreaper"] and libc is not None:
        # a run's orphans come back to us to be killed
        armed["subreaper"] = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    return armed


def _seatbelt_reexec(cfg: dict[str, Any]) -> None:
    """Re-execute this process under the Seatbelt profile (same pid). Returns only on failure."""
    import sysconfig

    import seatbelt

    base = os.path.realpath(cfg["base"])
    trees = {sys.prefix, sys.base_prefix, sys.exec_prefix, sysconfig.get_paths()["purelib"], HERE}
    reads = sorted({p for t in trees for p in (t, os.path.realpath(t))})
    exe = [sys.executable, os.path.realpath(sys.executable)]
    broad = {"/", "/usr", "/usr/local", "/opt/homebrew", "/System", "/Library"}
    exec_trees = [t for t in {os.path.realpath(sys.base_prefix)} if t not in broad]
    text = seatbelt.profile(base, reads, exe, exec_trees)
    cfg = dict(cfg, seatbeltApplied=True)
    os.execv(
        seatbelt.SANDBOX_EXEC,
        ["sandbox-exec", "-p", text, sys.executable, "-I", "-B", os.path.abspath(__file__), json.dumps(cfg)],
    )


def _warm_up() -> None:
    """Touch, once, what chart snippets use, so every forked child inherits it loaded: pandas
    plotting and date converters load lazily, and a lazy import in a child is paid on every run."""
    import io

    import matplotlib
    import numpy as np
    import pandas as pd

    matplotlib.use("Agg")
    import matplotlib.dates  # noqa: F401
    import matplotlib.pyplot as plt

    csv = "date,stack,build_seconds,cache_enabled\n" + "".join(
        f"2024-09-{d:02d},{s},{100 + d * 3 + i},{int(d > 15)}\n"
        for d in range(2, 28)
        for i, s in enumerate(["Go", "Swift"])
    )
    for _ in range(1):
        df = pd.read_csv(io.StringIO(csv), parse_dates=["date"])
        daily = df.groupby("date")["build_seconds"].mean()
        roll = daily.rolling(7, min_periods=1).mean()
        piv = df.pivot_table(index="date", columns="stack", values="build_seconds", aggfunc="mean")
        fig, ax = plt.subplots(figsize=(8, 4))
        ax.plot(daily.index, daily.values, label="daily")
        roll.plot(ax=ax, label="rolling", legend=True)
        ax.axvline(pd.Timestamp("2024-09-15"), color="red", linestyle="--")
        ax.set_title("warm")
        ax.set_xlabel("date")
        ax.set_ylabel("s")
        ax.legend()
        fig.autofmt_xdate()
        fig.tight_layout()
        fig.savefig(io.BytesIO(), format="png")
        piv.plot(title="pivot").figure.savefig(io.BytesIO(), format="png", dpi=72)
        df.groupby("stack")["build_seconds"].mean().plot.bar().figure.savefig(io.BytesIO(), format="png", dpi=50)
        fig2, ax2 = plt.subplots()
        ax2.scatter(np.arange(5), np.arange(5), c=np.arange(5))
        ax2.bar(["a", "b"], [1, 2])
        ax2.hist(np.arange(10))
        fig2.savefig(io.BytesIO(), format="png", dpi=50)
        plt.close("all")
    # loaded now so no forked child pays for them (the names are not used here)
    import base64  # noqa: F401
    import linecache  # noqa: F401
    import resource  # noqa: F401
    import selectors  # noqa: F401
    import shutil  # noqa: F401
    import socket  # noqa: F401
    import stat  # noqa: F401
    import tempfile  # noqa: F401
    import traceback  # noqa: F401

    import confine  # noqa: F401
    import frames  # noqa: F401
    import harness  # noqa: F401
    import measure  # noqa: F401
    import pngscan  # noqa: F401
    import prefault
    import static_check  # noqa: F401
    import supervisor  # noqa: F401

    prefault._draw()  # once here too, so its code paths are loaded before any fork
    prefault._clean()


def warm_seaborn_later() -> str:
    """seaborn, loaded once the first run has been answered and nothing runs
    (request_loop.LaterWarmUp), not in _warm_up: it costs about as much as pandas and pyplot
    together, and the sandbox's start and first run should not wait for it. Every child forked
    after it inherits it loaded. Runs on the loader thread: it touches nothing the request loop
    uses, and no fork happens until it has ended."""
    import warnings

    import matplotlib.pyplot as plt
    import pandas as pd

    df = pd.DataFrame({"stack": ["Go", "Swift"] * 6, "build_seconds": [100.0 + 7 * i for i in range(12)]})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return _warm_seaborn(df)
        finally:
            plt.close("all")


def _warm_seaborn(df: Any) -> str:
    """Model code often imports seaborn (which imports scipy.stats): loaded once in the warm
    parent, a warm run that uses it skips an import that costs about as much as pandas and pyplot
    together. No bootstrap (errorbar=None), so numpy's global random state stays as a fresh
    process has it. Returns what happened, for the ping reply."""
    try:
        import seaborn as sns
    except ImportError:
        return "not installed"  # such snippets fail with the real ModuleNotFoundError
    import io

    import matplotlib.pyplot as plt

    fig, (a, b) = plt.subplots(1, 2)
    sns.barplot(data=df, x="stack", y="build_seconds", errorbar=None, ax=a)
    sns.histplot(data=df, x="build_seconds", bins=5, ax=b)
    fig.savefig(io.BytesIO(), format="png", dpi=40)
    return "loaded"


def _host_probe(
    cfg: dict[str, Any], home: str, plan: dict[str, tuple[bool, str]], armed: dict[str, bool]
) -> dict[str, Any]:
    """What this host offers, probed for real (the child re-probes Landlock and seccomp). Nothing
    Linux-only is touched for a facility the plan does not use."""
    use = {k: v[0] for k, v in plan.items()}
    why = {k: v[1] for k, v in plan.items()}
    ns: dict[str, str | None] = {"net": None, "pid": None, "mnt": None}
    if use["proc"]:
        for kind in ns:
            try:
                ns[kind] = os.readlink(f"/proc/self/ns/{kind}")
            except OSError:
                ns[kind] = None
    outer = cfg.get("outerNs") or {}
    new = [k for k in ("net", "pid", "mnt") if ns[k] and outer.get(k) and ns[k] != outer[k]]
    if cfg.get("bwrap") and not use["proc"]:
        namespaces = {
            "on": False,
            "detail": "bubblewrap ran, but /proc is not used here, so its namespaces could not be verified",
        }
    elif cfg.get("bwrap") and {"net", "pid"} <= set(new):
        namespaces = {
            "on": True,
            "detail": (
                f"bubblewrap: new {', '.join(new)} namespaces (no network beyond its own "
                "loopback, its own process tree, a private read-only filesystem view)"
            ),
        }
    elif cfg.get("bwrap"):
        namespaces = {
            "on": False,
            "detail": f"bubblewrap ran but only these namespaces differ from the parent's: {', '.join(new) or 'none'}",
        }
    else:
        namespaces = {"on": False, "detail": cfg.get("bwrapWhy") or "bubblewrap was not used"}
    stray = sorted(k for k in os.environ if k not in ALLOWED_ENV)
    raw_keys = sorted(os.environ)  # the environment this process was started with
    if use["proc"]:
        try:
            with open("/proc/self/environ", "rb") as f:
                raw_keys = sorted(e.split(b"=", 1)[0].decode() for e in f.read().split(b"\0") if e)
        except OSError:
            pass
    raw_stray = [k for k in raw_keys if k not in ALLOWED_ENV]
    if stray or raw_stray:
        cleanenv = {
            "on": False,
            "detail": f"unexpected variables in the sandbox environment: {', '.join(sorted(set(stray + raw_stray)))}",
        }
    else:
        cleanenv = {"on": True, "detail": f"the warm parent started with only {', '.join(raw_keys)}"}
    if use["landlock"]:
        import landlock

        abi, lwhy = landlock.abi_version()
    else:
        abi, lwhy = 0, why["landlock"]
    if use["seccomp"]:
        import seccomp

        lib, swhy = seccomp.load_library()
    else:
        lib, swhy = None, why["seccomp"]
    import facilities

    off = facilities.expand_off(cfg.get("off"))
    if cfg.get("seatbeltApplied"):
        import seatbelt

        on, detail = seatbelt.probe(os.path.realpath(cfg["base"]))
        seatbelt_layer = {"on": on, "detail": detail}
    elif use["seatbelt"]:
        seatbelt_layer = {"on": False, "detail": "sandbox-exec could not be started"}
    else:
        seatbelt_layer = {"on": False, "detail": why["seatbelt"]}
    pidfd = {
        "on": use["pidfd"],
        "detail": "the supervisor learns of a run's exit at once through a pidfd"
        if use["pidfd"]
        else f"{why['pidfd']}; portable fallback: waitpid(WNOHANG) polled (every 2 ms once the child's pipes close)",
    }
    pdeathsig = {
        "on": armed["pdeathsig"],
        "detail": "PR_SET_PDEATHSIG: the warm parent and every child die with their parent"
        if armed["pdeathsig"]
        else f"{why['pdeathsig'] or 'prctl failed'}; "
        "portable fallback: stdin EOF ends the warm parent, a lifeline pipe ends each child",
    }
    subreaper = {
        "on": armed["subreaper"],
        "detail": (
            "PR_SET_CHILD_SUBREAPER and /proc: orphans and setsid "
            "daemons of a run come back to the warm parent and are killed"
        )
        if armed["subreaper"]
        else f"{why['subreaper'] or 'prctl failed'}; "
        "portable fallback: the run's process group is killed (a process that left it with setsid is not found)",
    }
    lifeline = None
    if not armed["pdeathsig"]:
        lifeline, keep = os.pipe()  # the parent holds the write end until it dies; never written
        _LIFELINE.append(keep)
    import sysconfig

    ro = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sysconfig.get_paths()["purelib"],
        "/usr",
        "/lib",
        "/lib64",
        "/etc/fonts",
        "/etc/ld.so.cache",
        "/etc/localtime",
        "/dev/urandom",
        "/dev/zero",
        os.environ.get("MPLCONFIGDIR", home),
    }
    read_only = sorted(p for p in ro if p and os.path.exists(p))
    return {
        "namespaces": namespaces,
        "cleanenv": cleanenv,
        "landlockAbi": abi,
        "landlockWhy": lwhy,
        "seccompLib": lib,
        "seccompWhy": swhy,
        "readOnly": read_only,
        "readWriteFiles": ["/dev/null"],
        "runsDir": os.path.join(cfg["base"], "runs"),
        "runCounter": 0,
        "parentPid": os.getpid(),
        "off": sorted(off),
        "use": dict(use, pdeathsig=armed["pdeathsig"], subreaper=armed["subreaper"]),
        "why": why,
        "lifeline": lifeline,
        "seatbelt": seatbelt_layer,
        "pidfd": pidfd,
        "pdeathsig": pdeathsig,
        "subreaper": subreaper,
    }


_LIFELINE: list[int] = []  # write end of the children's lifeline pipe, held for the life of this process


def _finite(v: Any) -> Any:
    if isinstance(v, float):
        return v if v == v and v not in (float("inf"), float("-inf")) else None
    if isinstance(v, dict):
        return {k: _finite(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_finite(x) for x in v]
    return v


def main() -> int:
    cfg = json.loads(sys.argv[1])
    import facilities

    plan = facilities.plan(
        sys.platform, cfg.get("off"), hasattr(os, "pidfd_open"), os.path.exists("/usr/bin/sandbox-exec")
    )
    if plan["seatbelt"][0] and not cfg.get("seatbeltApplied"):
        try:
            _seatbelt_reexec(cfg)
        except OSError:
            pass  # reported as off: "sandbox-exec could not be started"
    armed = _guard_parent({k: v[0] for k, v in plan.items()})
    proto = os.dup(1)
    devnull = os.open("/dev/null", os.O_WRONLY)
    os.dup2(devnull, 1)  # nothing but replies may reach the protocol pipe
    home = os.environ.get("HOME", cfg["base"])
    os.makedirs(os.path.join(cfg["base"], "runs"), 0o700, exist_ok=True)
    os.makedirs(home, 0o700, exist_ok=True)

    def reply(obj: dict[str, Any]) -> None:
        try:
            text = json.dumps(obj, allow_nan=False)
        except ValueError:  # a NaN/inf from a measurement: JSON has none, so it becomes null
            text = json.dumps(_finite(obj), allow_nan=False)
        data = (text + "\n").encode()
        view = memoryview(data)
        while view:
            view = view[os.write(proto, view) :]

    t0 = time.monotonic()
    try:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _warm_up()

        host = _host_probe(cfg, home, plan, armed)
    except BaseException as e:
        reply({"type": "fatal", "message": f"the sandbox could not warm up: {type(e).__name__}: {e}"})
        return 1
    import prefault

    prefault.install()  # before the first fork: a child must never die of an early SIGUSR1
    import gc

    gc.collect()
    gc.freeze()  # fewer copy-on-write page faults in every forked child
    public = {k: host[k] for k in ("namespaces", "cleanenv", "seatbelt", "pidfd", "pdeathsig", "subreaper")}
    public["landlock"] = {
        "on": host["landlockAbi"] > 0,
        "detail": f"kernel ABI {host['landlockAbi']}" if host["landlockAbi"] else host["landlockWhy"],
    }
    public["seccomp"] = {
        "on": host["seccompLib"] is not None,
        "detail": "libseccomp.so.2 loaded" if host["seccompLib"] else host["seccompWhy"],
    }
    limit = max(1, min(int(cfg.get("concurrency") or 2), 16))
    loop = _request_loop(host, reply, limit)
    reply(
        {
            "type": "ready",
            "warmMs": round((time.monotonic() - t0) * 1000),
            "python": sys.version.split()[0],
            "host": public,
            "readOnly": host["readOnly"],
            "concurrency": limit,
        }
    )
    return loop.serve()  # until stdin closes


def _request_loop(host: dict[str, Any], reply: Callable[[dict[str, Any]], None], limit: int) -> RequestLoop:
    """The request loop (request_loop.py) with its first spare child already forked, so that from
    the ready line on, the processes under this one change only while a run is in flight."""
    import request_loop

    loop = request_loop.RequestLoop(host, reply, limit, request_loop.LaterWarmUp("seaborn", warm_seaborn_later))
    loop.refill()
    return loop


if __name__ == "__main__":
    sys.exit(main())
