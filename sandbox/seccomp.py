"""seccomp through ctypes on libseccomp.so.2: after this, the child cannot start programs or
processes, open sockets, trace, unshare, mount, or signal any process but itself; nor hold memory
the address-space limit does not count (memfd_create, System V shared memory), change the mode,
owner or extended attributes of any file (Landlock, before ABI 13, does not cover metadata), or
change another process's priority, CPU set, scheduling or limits (the zygote's and the supervisor's above all:
every later run would inherit them).

Denied calls fail with EPERM (a Python exception the snippet sees), not a kill, so a traceback
names what was refused.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os

SCMP_ACT_ALLOW = 0x7FFF0000
CLONE_THREAD = 0x00010000
_CMP_NE, _CMP_MASKED_EQ = 1, 7


def _errno_action(e: int) -> int:
    return 0x00050000 | (e & 0xFFFF)


class _ArgCmp(ctypes.Structure):
    _fields_ = [
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    ]


DENIED = [
    "execve",
    "execveat",
    "fork",
    "vfork",
    "socket",
    "socketpair",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "unshare",
    "setns",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "bpf",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "perf_event_open",
    "userfaultfd",
    "keyctl",
    "add_key",
    "request_key",
    "open_by_handle_at",
    "name_to_handle_at",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsmount",
    "fspick",
    "mount_setattr",
    "pidfd_getfd",
    "pidfd_send_signal",
    "tkill",
    "reboot",
    "swapon",
    "swapoff",
    "acct",
    "quotactl",
    "settimeofday",
    "clock_settime",
    # memory outside the address-space limit: memfd pages are never mapped, System V segments
    # outlive the process and are shared by every run in the IPC namespace
    "memfd_create",
    "memfd_secret",
    "shmget",
    "shmat",
    "shmctl",
    "msgget",
    "msgsnd",
    "msgrcv",
    "msgctl",
    "semget",
    "semop",
    "semtimedop",
    "semctl",
    # file metadata, which Landlock does not cover before ABI 13: the mode, owner and extended
    # attributes of files outside the run dir, or of another run's dir
    "chmod",
    "fchmod",
    "fchmodat",
    "fchmodat2",
    "chown",
    "fchown",
    "lchown",
    "fchownat",
    "setxattr",
    "lsetxattr",
    "fsetxattr",
    "setxattrat",
    "removexattr",
    "lremovexattr",
    "fremovexattr",
    "removexattrat",
    # other processes through a pidfd or their memory and I/O priority
    "pidfd_open",
    "process_madvise",
    "process_mrelease",
    "kcmp",
    "migrate_pages",
    "move_pages",
    "ioprio_set",
    # what only root could do, were a run started as root without namespaces
    "iopl",
    "ioperm",
    "syslog",
]
# Allowed on the calling process (pid 0) only: another pid, the sandbox's own above all, is refused.
OWN_PROCESS_ONLY = {
    "sched_setaffinity": 0,
    "sched_setscheduler": 0,
    "sched_setparam": 0,
    "sched_setattr": 0,
    "prlimit64": 0,
}


def load_library() -> tuple[ctypes.CDLL | None, str]:
    name = "libseccomp.so.2"
    try:
        return ctypes.CDLL(name, use_errno=True), ""
    except OSError as e:
        found = ctypes.util.find_library("seccomp")
        if found:
            try:
                return ctypes.CDLL(found, use_errno=True), ""
            except OSError:
                pass
        return None, f"{name} not found ({e}); install the libseccomp2 package"


def restrict(lib: ctypes.CDLL, own_pid: int) -> str:
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [
        ctypes.c_void_p,
        ctypes.c_uint32,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.POINTER(_ArgCmp),
    ]
    lib.seccomp_load.argtypes = [ctypes.c_void_p]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    ctx = lib.seccomp_init(SCMP_ACT_ALLOW)
    if not ctx:
        raise OSError("seccomp_init failed")
    try:

        def rule(name: str, action: int, *cmps: _ArgCmp) -> None:
            nr = lib.seccomp_syscall_resolve_name(name.encode())
            if nr < 0:
                return  # not a syscall on this architecture
            arr = (_ArgCmp * max(1, len(cmps)))(*cmps)
            rc = lib.seccomp_rule_add_array(ctx, action, nr, len(cmps), arr)
            if rc != 0:
                raise OSError(-rc, f"seccomp rule for {name}: {os.strerror(-rc)}")

        eperm = _errno_action(errno.EPERM)
        for name in DENIED:
            rule(name, eperm)
        # Threads are fine; a new process is not.
        rule("clone", eperm, _ArgCmp(0, _CMP_MASKED_EQ, CLONE_THREAD, 0))
        # clone3 hides its flags in memory seccomp cannot read: ENOSYS makes libc fall back to clone.
        rule("clone3", _errno_action(errno.ENOSYS))
        for name in ("kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo"):
            rule(name, eperm, _ArgCmp(0, _CMP_NE, own_pid, 0))
        for name, arg in OWN_PROCESS_ONLY.items():
            rule(name, eperm, _ArgCmp(arg, _CMP_NE, 0, 0))
        # setpgid(pid, pgid): only a group of its own (pgid 0). The runs share the sandbox's one
        # session (server.py), where a run could otherwise move into another run's group and be
        # killed, and noted as leftovers, when that run ends.
        rule("setpgid", eperm, _ArgCmp(1, _CMP_NE, 0, 0))
        # setpriority(which, who, prio): only PRIO_PROCESS (0) of the caller (who 0); a process
        # group or a user (PRIO_PGRP, PRIO_USER) reaches every process of it
        rule("setpriority", eperm, _ArgCmp(0, _CMP_NE, 0, 0))
        rule("setpriority", eperm, _ArgCmp(1, _CMP_NE, 0, 0))
        rc = lib.seccomp_load(ctx)
        if rc != 0:
            raise OSError(-rc, f"seccomp_load: {os.strerror(-rc)}")
    finally:
        lib.seccomp_release(ctx)
    return (
        "exec, new processes, sockets, ptrace, unshare, mount, bpf, io_uring, signals to other processes, "
        "memfd and System V shared memory, file mode/owner/xattr changes, another process group, and another "
        "process's priority, CPUs, scheduling or limits denied"
    )
