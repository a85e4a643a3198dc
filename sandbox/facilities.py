"""Which operating-system facilities the sandbox uses on this host. Pure: the platform, what the
host has and what the caller turned off come in as arguments; the supervisor decides once.

The portable core (fork, sessions and process groups, rlimits, waitpid, pipes) is always used and
is all that macOS, the BSDs and thin containers are promised. Every facility below is a layer
used only where the host has it and the caller did not turn it off; `off=["all"]`
(DUELLAB_SANDBOX_OFF=all) turns every one off, so the portable path is what runs and no
Linux-only system call is made (test/sandbox/portable.test.ts checks that under strace)."""

from __future__ import annotations

from collections.abc import Iterable

LINUX_ONLY = ("namespaces", "landlock", "seccomp", "privileges", "pidfd", "pdeathsig", "subreaper", "proc")
MACOS_ONLY = ("seatbelt",)
OPTIONAL = LINUX_ONLY + MACOS_ONLY
SPEED = ("prefault",)  # a speed measure, not a layer; switchable the same way

_AS_ON = {
    "namespaces": "a host without user namespaces",
    "landlock": "a host without Landlock",
    "seccomp": "a host without seccomp",
    "privileges": "a host without prctl and capsets",
    "pidfd": "a host without pidfd_open",
    "pdeathsig": "a host without PR_SET_PDEATHSIG",
    "subreaper": "a host without PR_SET_CHILD_SUBREAPER",
    "proc": "a host without /proc",
    "seatbelt": "a Mac without sandbox-exec",
}


def expand_off(names: Iterable[str] | None) -> set[str]:
    """The caller's off list as a set; "all" means every optional facility."""
    out: set[str] = set()
    for n in names or ():
        out |= set(OPTIONAL) if n == "all" else {n}
    return out


def turned_off(name: str) -> str:
    return f"turned off by the caller (as on {_AS_ON.get(name, 'a host without it')})"


def plan(
    platform: str, off: Iterable[str] | None, has_pidfd_open: bool, has_sandbox_exec: bool
) -> dict[str, tuple[bool, str]]:
    """{facility: (use, why_not)} for every optional facility. `platform` is sys.platform."""
    off_set = expand_off(off)
    linux = platform.startswith("linux")
    mac = platform == "darwin"
    out: dict[str, tuple[bool, str]] = {}
    for name in LINUX_ONLY:
        if name in off_set:
            out[name] = (False, turned_off(name))
        elif not linux:
            out[name] = (False, f"Linux only; this host is {platform}")
        else:
            out[name] = (True, "")
    if out["pidfd"][0] and not has_pidfd_open:
        out["pidfd"] = (False, "this Python or kernel has no pidfd_open (Linux 5.3+, Python 3.9+)")
    if out["subreaper"][0] and not out["proc"][0]:
        out["subreaper"] = (False, "needs /proc to find orphans, and /proc is not used here")
    if "seatbelt" in off_set:
        out["seatbelt"] = (False, turned_off("seatbelt"))
    elif not mac:
        out["seatbelt"] = (False, f"macOS only; this host is {platform}")
    elif not has_sandbox_exec:
        out["seatbelt"] = (False, "/usr/bin/sandbox-exec is missing on this Mac")
    else:
        out["seatbelt"] = (True, "")
    return out
