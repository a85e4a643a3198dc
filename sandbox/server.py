"""The sandbox's supervisor: started once per kernel (empty environment, inside bubblewrap when
the host allows). It probes the host, starts the zygote (zygote.py: a fresh process that imports
pandas and matplotlib and forks every run's child, and never holds a request), then reads
requests and watches runs; seaborn is loaded later, once the first run has been answered.
Requests and replies are JSON lines on stdin/stdout. This process holds every request, so it
forks nothing that runs a snippet, and (privileges layer) is not dumpable.

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
    "SEABORN_DATA",
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONNOUSERSITE",
    "PYTHONHASHSEED",
    "TMPDIR",
    "PWD",
    "DUELLAB_SANDBOX_NS",
}


def _guard_parent(use: dict[str, bool]) -> dict[str, bool]:
    """Returns {facility: armed} for the three prctl facilities (False where not used): death
    with the parent, the subreaper, and (privileges) not dumpable: this process holds every
    request, so no run may read its memory through /proc/<pid>/mem or ptrace."""
    PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER = 1, 36
    armed = {"pdeathsig": False, "subreaper": False, "privileges": False}
    libc = ctypes.CDLL(None, use_errno=True) if (use["pdeathsig"] or use["subreaper"] or use["privileges"]) else None
    if use["privileges"]:
        import privileges

        armed["privileges"] = privileges.not_dumpable()
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
        cleanenv = {"on": True, "detail": f"the supervisor and the zygote started with only {', '.join(raw_keys)}"}
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
        "detail": "the zygote learns of a run's exit at once through a pidfd"
        if use["pidfd"]
        else f"{why['pidfd']}; portable fallback: SIGCHLD wakes the zygote, which asks waitid",
    }
    pdeathsig = {
        "on": armed["pdeathsig"],
        "detail": "PR_SET_PDEATHSIG: the supervisor, the zygote and every child die with their parent"
        if armed["pdeathsig"]
        else f"{why['pdeathsig'] or 'prctl failed'}; portable fallback: stdin EOF ends the supervisor, "
        "its socket's end ends the zygote, a lifeline pipe of its own ends each child",
    }
    privileges_layer = {
        "on": armed["privileges"],
        "detail": "runs hold no capabilities; the supervisor (which holds every request) and the zygote are "
        "not dumpable, so no run may read or write their memory through /proc or ptrace"
        if armed["privileges"]
        else (why["privileges"] or "PR_SET_DUMPABLE did not hold"),
    }
    subreaper = {
        "on": armed["subreaper"],
        "detail": (
            "PR_SET_CHILD_SUBREAPER and /proc: orphans and setsid "
            "daemons of a run come back to the supervisor and are killed"
        )
        if armed["subreaper"]
        else f"{why['subreaper'] or 'prctl failed'}; "
        "portable fallback: the run's process group is killed (a process that left it with setsid is not found)",
    }
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
        "seccompOk": lib is not None,
        "seccompWhy": swhy,
        "readOnly": read_only,
        "readWriteFiles": ["/dev/null"],
        "runsDir": os.path.join(cfg["base"], "runs"),
        "supervisorPid": os.getpid(),
        "off": sorted(off),
        "use": dict(use, pdeathsig=armed["pdeathsig"], subreaper=armed["subreaper"]),
        "privileges": privileges_layer,
        "why": why,
        "seatbelt": seatbelt_layer,
        "pidfd": pidfd,
        "pdeathsig": pdeathsig,
        "subreaper": subreaper,
    }


def _finite(v: Any) -> Any:
    if isinstance(v, float):
        return v if v == v and v not in (float("inf"), float("-inf")) else None
    if isinstance(v, dict):
        return {k: _finite(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_finite(x) for x in v]
    return v


def _own_session() -> None:
    """Lead a session of its own (bubblewrap's --new-session has made one already): no terminal a
    run could write into, and one scheduling group for the whole sandbox. Linux's autogroup weighs
    each session as one task; the runs share this one (child.py), so the kernel's thread is not
    outweighed by a session per run. A host that refuses leaves the session as it was."""
    try:
        if os.getsid(0) != os.getpid():
            os.setsid()
    except OSError:
        pass


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
    _own_session()
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
        host = _host_probe(cfg, home, plan, armed)
        _disk_slots(cfg, host)
        import zygote_link

        link = zygote_link.ZygoteLink(host)
    except BaseException as e:
        reply({"type": "fatal", "message": f"the sandbox could not warm up: {type(e).__name__}: {e}"})
        return 1
    public = {
        k: host[k]
        for k in ("namespaces", "cleanenv", "seatbelt", "pidfd", "pdeathsig", "subreaper", "privileges", "diskquota")
    }
    public["landlock"] = {
        "on": host["landlockAbi"] > 0,
        "detail": f"kernel ABI {host['landlockAbi']}" if host["landlockAbi"] else host["landlockWhy"],
    }
    public["seccomp"] = {
        "on": host["seccompOk"],
        "detail": "libseccomp.so.2 loaded" if host["seccompOk"] else host["seccompWhy"],
    }
    limit = max(1, min(int(cfg.get("concurrency") or 2), 16))
    loop = _request_loop(host, link, reply, limit)
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


def _disk_slots(cfg: dict[str, Any], host: dict[str, Any]) -> None:
    """Which disk accounting runs get (quota.py): private tmpfs slots where bubblewrap mounted
    them and each proves to be a file system of its own of the size asked, else /proc polling,
    else names only. Sets host["diskquota"], host["diskMode"], host["slots"], host["childNoDump"]."""
    import quota
    import supervisor

    slots = [s for s in (cfg.get("slots") or []) if isinstance(s, str)]
    size = int(cfg.get("slotBytes") or 0)
    ok = bool(slots) and size == supervisor.DEFAULTS["diskMb"] * 1024 * 1024
    ok = ok and all(quota.slot_is_private(s, host["runsDir"], size) for s in slots)
    mode = quota.mode(ok, host["use"]["proc"])
    host["diskMode"] = mode
    host["slots"] = slots if ok else []
    extra = ""
    if slots and not ok:
        extra = "; the private tmpfs slots bubblewrap was asked for could not be verified"
    host["diskquota"] = quota.layer(mode, supervisor.DEFAULTS["diskMb"], extra)
    # the supervisor reads a run's /proc/<pid>/fd only when it polls its disk: otherwise the run
    # is not dumpable either
    host["childNoDump"] = mode != "polled"


def _request_loop(host: dict[str, Any], link: Any, reply: Callable[[dict[str, Any]], None], limit: int) -> RequestLoop:
    """The request loop (request_loop.py) with its first spare child already forked, so that from
    the ready line on, the processes under this one change only while a run is in flight."""
    import quota
    import request_loop
    import supervisor
    import zygote_link

    slots = quota.Slots(host["slots"]) if host["slots"] else None
    ctx = supervisor.Context(host, link, slots, host["diskMode"])
    loop = request_loop.RequestLoop(
        ctx, reply, limit, request_loop.LaterWarmUp("seaborn"), lambda: zygote_link.ZygoteLink(host)
    )
    loop.refill()
    return loop


if __name__ == "__main__":
    sys.exit(main())
