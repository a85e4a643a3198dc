"""Layers applied inside the forked child, in order, and the probe that says which really hold.
The probe result is written to the report pipe before the snippet runs, so the snippet cannot
forge it."""
import ctypes
import os
import resource
import signal
import socket

import landlock
import seccomp

_libc = ctypes.CDLL(None, use_errno=True)
PR_SET_PDEATHSIG = 1

MB = 1024 * 1024


def set_rlimits(cfg, parent_vm_bytes):
    as_limit = parent_vm_bytes + cfg["memoryMb"] * MB  # RLIMIT_AS counts what the warm parent already maps
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


def apply(cfg, host, run_dir, parent_vm_bytes):
    """Returns the layers dict ({name: {on, detail}}) after applying what this host offers."""
    fixed = apply_fixed(host, run_dir)
    return _ordered(fixed, apply_limits(cfg, parent_vm_bytes))


def apply_fixed(host, run_dir):
    """The layers that do not depend on the request (Landlock, seccomp), so a spare child can be
    confined before any request arrives. Returns their layer entries."""
    layers = {}
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    layers["namespaces"] = host["namespaces"]
    layers["cleanenv"] = host["cleanenv"]
    if host["landlockAbi"] > 0:
        layers["landlock"] = _load_and_prove(
            lambda: landlock.restrict(host["readOnly"], [run_dir] + host["readWriteFiles"], host["landlockAbi"]),
            lambda: os.listdir("/"),
            "rules loaded but listing / still worked",
            "could not restrict",
        )
    else:
        layers["landlock"] = {"on": False, "detail": host["landlockWhy"]}

    if host["seccompLib"] is not None:
        layers["seccomp"] = _load_and_prove(
            lambda: seccomp.restrict(host["seccompLib"], os.getpid()),
            lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).close(),
            "filter loaded but socket() still worked",
            "could not load the filter",
        )
    else:
        layers["seccomp"] = {"on": False, "detail": host["seccompWhy"]}
    return layers


def apply_limits(cfg, parent_vm_bytes):
    """The per-request limits (rlimits; the CPU limit follows the run's timeout), applied once the
    request is known and before the snippet runs. setrlimit is not on the seccomp deny list, and
    limits can only be lowered from here on."""
    layers = {}
    try:
        as_limit, cpu = set_rlimits(cfg, parent_vm_bytes)
        got = resource.getrlimit(resource.RLIMIT_AS)[0]
        layers["rlimits"] = {"on": got == as_limit, "detail": f"address space {as_limit // MB} MB (warm parent {parent_vm_bytes // MB} MB + {cfg['memoryMb']} MB), CPU {cpu} s, file size {cfg['fileSizeMb']} MB, 128 open files"}
    except (OSError, ValueError) as e:
        layers["rlimits"] = {"on": False, "detail": f"setrlimit failed: {e}"}
    layers["filecap"] = {"on": True, "detail": f"supervisor stops the run above {cfg['maxFiles']} files or {cfg['diskMb']} MB in the run dir"}
    layers["supervisor"] = {"on": True, "detail": f"wall clock {cfg['timeoutMs']} ms then SIGKILL of the process group and every leftover descendant; output caps; links refused"}
    return layers


def _ordered(fixed, limits):
    both = {**fixed, **limits}
    order = ["namespaces", "cleanenv", "rlimits", "landlock", "seccomp", "filecap", "supervisor"]
    return {k: both[k] for k in order if k in both}


def _load_and_prove(load, probe, still_worked, could_not):
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
