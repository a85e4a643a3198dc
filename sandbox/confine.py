"""Layers applied inside the forked child, in order, and the probe that says which really hold.
The probe result is written to the report pipe before the snippet runs, so the snippet cannot
forge it. Linux facilities (PR_SET_PDEATHSIG, Landlock, seccomp, /proc) are used only where
host["use"] says so (facilities.plan); otherwise the portable fallbacks below stand in."""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import socket
import sys
from collections.abc import Callable
from typing import Any

import landlock
import privileges
import seccomp

Host = dict[str, Any]  # server._host_probe's findings
Cfg = dict[str, Any]  # a run's limits (supervisor.DEFAULTS and the request's)
Layer = dict[str, Any]  # {"on": bool, "detail": str}
Layers = dict[str, Layer]

_libc = ctypes.CDLL(None, use_errno=True)
PR_SET_PDEATHSIG = 1

MB = 1024 * 1024


def probe_address_space() -> int | None:
    """This process's address-space size in bytes, found without /proc: the lowest RLIMIT_AS soft
    limit under which a 64 KB anonymous mapping still succeeds (a bisection to 1 MB; the soft
    limit is restored after every try). None when the kernel does not enforce RLIMIT_AS (macOS)."""
    import mmap

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)

    def fits(limit: int) -> bool | None:
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        except (OSError, ValueError):
            return None
        try:
            mmap.mmap(-1, 1 << 16).close()
            return True
        except (OSError, MemoryError):
            return False
        finally:
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))

    if fits(MB) is not False:
        return None  # a 1 MB limit did not stop a mapping: not enforced here
    lo, hi = MB, 1 << 30
    while fits(hi) is False:
        lo, hi = hi, hi * 2
        if hi > 1 << 47:
            return None
    while hi - lo > MB:
        mid = (lo + hi) // 2
        if fits(mid):
            hi = mid
        else:
            lo = mid
    return hi


def set_rlimits(cfg: Cfg, parent_vm_bytes: int) -> tuple[int, int]:
    as_limit = parent_vm_bytes + cfg["memoryMb"] * MB  # RLIMIT_AS counts what the zygote already maps
    cpu = int(cfg["timeoutMs"] / 1000) + 2
    limits = [
        (resource.RLIMIT_AS, as_limit),
        (resource.RLIMIT_CPU, cpu),
        (resource.RLIMIT_FSIZE, cfg["fileSizeMb"] * MB),
        (resource.RLIMIT_NOFILE, 128),
        (resource.RLIMIT_CORE, 0),
    ]
    for which, value in limits:
        resource.setrlimit(which, (value, value))
    return as_limit, cpu


def apply(cfg: Cfg, host: Host, run_dir: str, parent_vm_bytes: int | None) -> Layers:
    """Returns the layers dict ({name: {on, detail}}) after applying what this host offers."""
    fixed = apply_fixed(host, run_dir)
    return ordered_layers(fixed, apply_limits(cfg, parent_vm_bytes))


def apply_fixed(host: Host, run_dir: str) -> Layers:
    """The layers that do not depend on the request (Landlock, seccomp), so a spare child can be
    confined before any request arrives. Returns their layer entries."""
    layers: Layers = {}
    use = host["use"]
    if use["pdeathsig"]:
        ok = _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        layers["pdeathsig"] = {
            "on": ok,
            "detail": "PR_SET_PDEATHSIG: the child dies the moment the zygote dies (and the zygote with the supervisor)"
            if ok
            else "prctl(PR_SET_PDEATHSIG) failed",
        }
    else:
        layers["pdeathsig"] = {
            "on": False,
            "detail": (
                f"{host['why']['pdeathsig']}; portable fallback: the child kills its process group "
                "when its own lifeline pipe closes (the supervisor holds the write end)"
            ),
        }
    layers["namespaces"] = host["namespaces"]
    for name in ("seatbelt", "subreaper", "pidfd"):
        layers[name] = host[name]
    layers["cleanenv"] = host["cleanenv"]
    layers["diskquota"] = host["diskquota"]
    # first, while the capability to clear the bounding set is still held (and before Landlock
    # and seccomp, which need no capability)
    layers["privileges"] = _privileges(host)
    if host["landlockAbi"] > 0:
        layers["landlock"] = _load_and_prove(
            lambda: landlock.restrict(host["readOnly"], [run_dir] + host["readWriteFiles"], host["landlockAbi"]),
            lambda: os.listdir("/"),
            "rules loaded but listing / still worked",
            "could not restrict",
        )
    else:
        layers["landlock"] = {"on": False, "detail": host["landlockWhy"]}

    lib = seccomp_library(host)
    if lib is not None:
        layers["seccomp"] = _load_and_prove(
            lambda: seccomp.restrict(lib, os.getpid()),
            lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).close(),
            "filter loaded but socket() still worked",
            "could not load the filter",
        )
    else:
        layers["seccomp"] = {"on": False, "detail": host["seccompWhy"]}
    if not use["pdeathsig"]:
        _watch_lifeline(host["lifeline"])  # after the layers, so the thread is confined as well
    return layers


_SECCOMP: list[Any] = []  # libseccomp, loaded once in the zygote so that no child pays for it


def seccomp_library(host: Host) -> Any:
    """libseccomp where the host has it (host["seccompOk"]), loaded once per process."""
    if not host.get("seccompOk"):
        return None
    if not _SECCOMP:
        _SECCOMP.append(seccomp.load_library()[0])
    return _SECCOMP[0]


def _privileges(host: Host) -> Layer:
    """No capabilities in the run, and (where nothing outside needs to look into it) no other
    process of the user may read its memory either. Linux only: privileges.py."""
    if not host["use"].get("privileges"):
        return {"on": False, "detail": host["why"].get("privileges") or "not used here"}
    try:
        caps = privileges.drop_capabilities()
    except OSError as e:
        return {"on": False, "detail": f"could not drop capabilities: {e}"}
    if host.get("childNoDump"):
        if not privileges.not_dumpable():
            return {"on": False, "detail": f"{caps}, but PR_SET_DUMPABLE 0 did not hold"}
        return {
            "on": True,
            "detail": f"{caps}; this run and the sandbox's own processes are not dumpable "
            "(no other run may read their memory through /proc or ptrace)",
        }
    return {
        "on": True,
        "detail": f"{caps}; the supervisor and the zygote are not dumpable (this run stays readable "
        "to the supervisor, which counts its files through /proc; Landlock hides /proc from other runs)",
    }


def _watch_lifeline(fd: int) -> None:
    """Portable stand-in for PR_SET_PDEATHSIG: a thread blocked reading a pipe whose only write end
    the supervisor holds. When it dies the read returns EOF and the thread kills this
    process's group (the child and whatever it started), so nothing outlives the parent."""
    import _thread

    def watch() -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())  # signals go to the main thread
        import select

        while True:
            try:
                # select first: the snippet may set O_NONBLOCK on the pipe (its own, no other run's)
                select.select([fd], [], [])
                if not os.read(fd, 1):
                    break
            except (InterruptedError, BlockingIOError):
                continue
            except OSError:
                break
        try:
            os.kill(0, signal.SIGKILL)
        except OSError:
            pass
        os.kill(os.getpid(), signal.SIGKILL)

    _thread.start_new_thread(watch, ())


def apply_limits(cfg: Cfg, parent_vm_bytes: int | None) -> Layers:
    """The per-request limits (rlimits; the CPU limit follows the run's timeout), applied once the
    request is known and before the snippet runs. setrlimit is not on the seccomp deny list, and
    limits can only be lowered from here on. parent_vm_bytes None: /proc is not used, so the
    child measures its own address space (probe_address_space)."""
    layers: Layers = {}
    how = "the zygote's"
    if parent_vm_bytes is None:
        parent_vm_bytes, how = probe_address_space(), "measured by probing RLIMIT_AS"
    if parent_vm_bytes is None:
        try:
            cpu = int(cfg["timeoutMs"] / 1000) + 2
            for which, value in (
                (resource.RLIMIT_CPU, cpu),
                (resource.RLIMIT_FSIZE, cfg["fileSizeMb"] * MB),
                (resource.RLIMIT_NOFILE, 128),
                (resource.RLIMIT_CORE, 0),
            ):
                resource.setrlimit(which, (value, value))
            layers["rlimits"] = {
                "on": False,
                "detail": (
                    f"address space NOT limited (this kernel, {sys.platform}, does not enforce "
                    f"RLIMIT_AS); CPU {cpu} s, file size {cfg['fileSizeMb']} MB, 128 open files"
                ),
            }
        except (OSError, ValueError) as e:
            layers["rlimits"] = {"on": False, "detail": f"setrlimit failed: {e}"}
    else:
        try:
            as_limit, cpu = set_rlimits(cfg, parent_vm_bytes)
            got = resource.getrlimit(resource.RLIMIT_AS)[0]
            layers["rlimits"] = {
                "on": got == as_limit,
                "detail": (
                    f"address space {as_limit // MB} MB ({how} {parent_vm_bytes // MB} MB + "
                    f"{cfg['memoryMb']} MB), CPU {cpu} s, file size {cfg['fileSizeMb']} MB, 128 open files"
                ),
            }
        except (OSError, ValueError) as e:
            layers["rlimits"] = {"on": False, "detail": f"setrlimit failed: {e}"}
    layers["filecap"] = {
        "on": True,
        "detail": f"supervisor stops the run above {cfg['maxFiles']} files or {cfg['diskMb']} MB in the run dir",
    }
    layers["supervisor"] = {
        "on": True,
        "detail": (
            f"wall clock {cfg['timeoutMs']} ms then SIGKILL of the process group (and, with "
            "the subreaper layer, of every leftover descendant); output caps; links refused"
        ),
    }
    return layers


def ordered_layers(fixed: Layers, limits: Layers) -> Layers:
    """Fixed and per-request layers merged, in the order every report lists them."""
    both = {**fixed, **limits}
    order = [
        "namespaces",
        "seatbelt",
        "cleanenv",
        "rlimits",
        "landlock",
        "seccomp",
        "privileges",
        "diskquota",
        "pdeathsig",
        "subreaper",
        "pidfd",
        "filecap",
        "supervisor",
    ]
    return {k: both[k] for k in order if k in both}


def _load_and_prove(load: Callable[[], str], probe: Callable[[], object], still_worked: str, could_not: str) -> Layer:
    """Load a layer, then prove it holds: the probe must now be refused. A layer is reported on
    only when the probe is refused, never because loading it raised no error."""
    try:
        detail = load()
        try:
            probe()
            return {"on": False, "detail": still_worked}
        except PermissionError:
            return {"on": True, "detail": detail}
    except OSError as e:
        return {"on": False, "detail": f"{could_not}: {e}"}
