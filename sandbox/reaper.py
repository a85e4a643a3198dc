"""Killing what a run left behind. Two ways, chosen by the host (facilities.plan):

- portable (POSIX): every run's child leads its own process group (and, without seccomp, its own
  session: child.py), so one killpg(SIGKILL) takes the child and everything it started that
  stayed in the group. A process that left the group (setsid, setpgid) is not found this way:
  on a host without the Linux layers that is one of the things not covered (sandbox/README.md).
- subreaper (Linux: PR_SET_CHILD_SUBREAPER and /proc): orphans and setsid daemons are reparented
  to the supervisor, which finds them in /proc and kills and reaps them.

I/O only; no state of its own."""

from __future__ import annotations

import os
import signal
from collections.abc import Collection
from typing import Any


def kill_group(pgid: int) -> bool:
    """SIGKILL the process group; True when it still had a member to kill."""
    try:
        os.killpg(pgid, signal.SIGKILL)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def _leftovers(me: int, spare_pids: Collection[int] = (), spare_groups: Collection[int] = ()) -> list[tuple[int, bool]]:
    """(pid, is_zombie) of processes whose parent is this process (orphans of a run are reparented
    here: subreaper), except the children and process groups of runs still going."""
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return []  # no children at all: skip the /proc scan
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                st = f.read()
            state, ppid_b, pgrp_b = st[st.rindex(b")") + 2 :].split()[:3]
            ppid, pgrp = int(ppid_b), int(pgrp_b)
        except (OSError, ValueError):
            continue
        pid = int(name)
        if ppid == me and pid not in spare_pids and pgrp not in spare_groups:
            found.append((pid, state == b"Z"))
    return found


def sweep_orphans(me: int, spare_pids: Collection[int] = (), spare_groups: Collection[int] = ()) -> int:
    """Subreaper sweep: SIGKILL and reap every process still attached to us, except those of runs
    still going (their child pids and process group ids are spared; a run's child leads its own
    group). Only named pids are reaped, never waitpid(-1), which could steal another run's exit
    status. Returns how many live processes were killed (zombies are reaped, not counted)."""
    killed = 0
    for _ in range(50):
        found = _leftovers(me, spare_pids, spare_groups)
        if not found:
            return killed
        for pid, zombie in found:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 0 if zombie else 1
            except ProcessLookupError:
                pass
        for pid, _ in found:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
    return killed


def sweep(host: dict[str, Any], spare_pids: Collection[int] = (), spare_groups: Collection[int] = ()) -> int:
    """The whole-parent sweep (a failed run, or the parent closing): the subreaper sweep where the
    host has it; the portable path has nothing to find beyond the runs' own groups."""
    if host.get("use", {}).get("subreaper"):
        return sweep_orphans(host["supervisorPid"], spare_pids, spare_groups)
    return 0


def after_run(
    host: dict[str, Any], pgid: int, spare_pids: Collection[int] = (), spare_groups: Collection[int] = ()
) -> str | None:
    """After a run's child was reaped: kill its group's survivors, and with the subreaper also every
    orphan. Returns a note for the result, or None when nothing was left."""
    if host.get("use", {}).get("subreaper"):
        n = sweep_orphans(host["supervisorPid"], spare_pids, spare_groups)
        return f"killed {n} process(es) the snippet left running after it ended" if n else None
    if kill_group(pgid):
        return "killed the processes the snippet left running in its process group after it ended"
    return None
