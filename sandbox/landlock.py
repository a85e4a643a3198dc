"""Landlock through ctypes: confine a forked child's file access to its run dir plus read-only
library paths, deny TCP, and scope signals and abstract Unix sockets to the child itself.

No Python binding exists for the venv, so the three syscalls are called directly. Each ABI level
adds rights; we ask for every right the running kernel knows, so anything not granted is denied.
"""

from __future__ import annotations

import ctypes
import os
import struct
from collections.abc import Iterable
from typing import Any

_SYS_CREATE, _SYS_ADD_RULE, _SYS_RESTRICT = 444, 445, 446  # x86_64 and aarch64 share these
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
REMOVE_DIR, REMOVE_FILE, MAKE_CHAR, MAKE_DIR = 1 << 4, 1 << 5, 1 << 6, 1 << 7
MAKE_REG, MAKE_SOCK, MAKE_FIFO, MAKE_BLOCK, MAKE_SYM = 1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12
REFER, TRUNCATE, IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
NET_BIND_TCP, NET_CONNECT_TCP = 1, 2
SCOPE_ABSTRACT_UNIX, SCOPE_SIGNAL = 1, 2

_FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


def _syscall(*args: Any) -> int:
    r: int = _libc.syscall(*args)
    if r < 0:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))
    return r


def abi_version() -> tuple[int, str]:
    """The kernel's Landlock ABI, or 0 with the reason when it has none."""
    try:
        return _syscall(_SYS_CREATE, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION)), ""
    except OSError as e:
        return (
            0,
            f"landlock_create_ruleset failed: {e.strerror} (kernel without "
            "Landlock, or blocked by a container's seccomp profile)",
        )


def _fs_rights(abi: int) -> int:
    rights = (1 << 13) - 1
    if abi >= 2:
        rights |= REFER
    if abi >= 3:
        rights |= TRUNCATE
    if abi >= 5:
        rights |= IOCTL_DEV
    return rights


def restrict(read_only: Iterable[str], read_write: Iterable[str], abi: int) -> str:
    """Apply the rules to the calling process (irreversible). Paths that do not exist are skipped.
    Returns a short description of what is enforced."""
    fs = _fs_rights(abi)
    net = (NET_BIND_TCP | NET_CONNECT_TCP) if abi >= 4 else 0
    scoped = (SCOPE_ABSTRACT_UNIX | SCOPE_SIGNAL) if abi >= 6 else 0
    if abi >= 6:
        attr = struct.pack("QQQ", fs, net, scoped)
    elif abi >= 4:
        attr = struct.pack("QQ", fs, net)
    else:
        attr = struct.pack("Q", fs)
    buf = ctypes.create_string_buffer(attr, len(attr))
    ruleset = _syscall(_SYS_CREATE, buf, ctypes.c_size_t(len(attr)), ctypes.c_uint32(0))
    try:
        ro = READ_FILE | READ_DIR
        # The run dir may be written, but nothing in it may be executed, linked across
        # hierarchies, or turned into a socket, FIFO, device or symlink.
        rw = ro | WRITE_FILE | REMOVE_FILE | REMOVE_DIR | MAKE_REG | MAKE_DIR
        if abi >= 3:
            rw |= TRUNCATE
        for paths, rights in ((read_only, ro), (read_write, rw)):
            for p in paths:
                try:
                    fd = os.open(p, os.O_PATH | os.O_CLOEXEC)
                except OSError:
                    continue
                try:
                    is_dir = os.path.isdir(p)
                    allowed = rights if is_dir else rights & _FILE_RIGHTS
                    rule = struct.pack("=Qi", allowed & fs, fd)
                    rbuf = ctypes.create_string_buffer(rule, len(rule))
                    _syscall(
                        _SYS_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH), rbuf, ctypes.c_uint32(0)
                    )
                finally:
                    os.close(fd)
        PR_SET_NO_NEW_PRIVS = 38
        if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(NO_NEW_PRIVS) failed")
        _syscall(_SYS_RESTRICT, ctypes.c_int(ruleset), ctypes.c_uint32(0))
    finally:
        os.close(ruleset)
    parts = ["files: run dir read-write, library paths read-only, everything else denied"]
    parts.append("TCP bind/connect denied" if net else "TCP not covered (ABI < 4)")
    parts.append("signals and abstract sockets scoped" if scoped else "signals not scoped (ABI < 6)")
    return f"ABI {abi}: " + "; ".join(parts)
