"""The `privileges` layer through ctypes (Linux): a run holds no capabilities, and no process of
the same user can read or write the memory of the sandbox's own processes.

- drop_capabilities: every capability leaves the bounding, ambient, inheritable, permitted and
  effective sets. A run started as root (the no-namespaces case on a root host) could otherwise
  raise its own hard limits back to infinity (CAP_SYS_RESOURCE: the memory limit would be void),
  lift its priority above the rival's (CAP_SYS_NICE), or pass every check that a file's owner
  passes. Under bubblewrap's user namespace there is nothing left to drop; the probe says so.
- not_dumpable: PR_SET_DUMPABLE 0, so /proc/<pid>/mem, /proc/<pid>/fd and ptrace of the process
  are refused to every other process of the user that lacks CAP_SYS_PTRACE (which no run has).
  The supervisor holds every request, the zygote is what every run is forked from: neither may be
  read or written by a run, whatever Landlock covers on this host.

I/O only (system calls); each function returns what it proved."""

from __future__ import annotations

import ctypes
import os

_libc = ctypes.CDLL(None, use_errno=True)
PR_SET_DUMPABLE, PR_GET_DUMPABLE = 4, 3
PR_CAPBSET_DROP, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 24, 47, 4
_LINUX_CAPABILITY_VERSION_3 = 0x20080522


class _Header(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _Data(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _capget() -> tuple[int, int]:
    """(effective, permitted) capability masks of the calling thread."""
    hdr = _Header(_LINUX_CAPABILITY_VERSION_3, 0)
    data = (_Data * 2)()
    if _libc.capget(ctypes.byref(hdr), data) != 0:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e), "capget")
    eff = data[0].effective | (data[1].effective << 32)
    prm = data[0].permitted | (data[1].permitted << 32)
    return eff, prm


def drop_capabilities() -> str:
    """Drop every capability of the calling (single-threaded) process; raises OSError when some
    capability is still held afterwards. Returns what was held before."""
    eff, prm = _capget()
    for cap in range(64):
        if _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() == 22:  # EINVAL: past the last
            break
    _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    hdr = _Header(_LINUX_CAPABILITY_VERSION_3, 0)
    zero = (_Data * 2)()
    if _libc.capset(ctypes.byref(hdr), zero) != 0:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e), "capset")
    left = _capget()
    if left != (0, 0):
        raise OSError(1, f"capabilities still held after capset: {left[1]:#x}")
    held = bin(prm).count("1")
    return f"all {held} capabilities dropped" if held else "no capabilities held (none to drop)"


def not_dumpable() -> bool:
    """PR_SET_DUMPABLE 0 on the calling process; True when the kernel then reports it so."""
    _libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    return int(_libc.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0)) == 0
