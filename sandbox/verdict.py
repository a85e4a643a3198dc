"""A finished run's status and the note that explains it. Pure: everything comes in as arguments
(what the supervisor did, how the child ended, what the harness reported), so every branch is
unit-tested (test/sandbox/py/test_verdict.py). The order is the order of trust: what the
supervisor itself did first, then the kernel's word (a signal), then the harness's report."""

from __future__ import annotations

import signal
from typing import Any

_EXTRA = {"SIGXCPU": " (CPU-time limit)", "SIGXFSZ": " (file-size limit)", "SIGSEGV": " (often the memory limit)"}


def signal_name(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return str(sig)


def decide(
    *,
    parent_gone: bool,
    cancelled: bool,
    timed_out: bool,
    why_killed: str | None,
    term_signal: int | None,
    exit_code: int | None,
    report: dict[str, Any] | None,
    pngs: int,
    timeout_ms: int,
    memory_mb: int,
) -> tuple[str, str | None]:
    """(status, note or None). term_signal: the signal that ended the child, or None; exit_code:
    its exit status when it exited; report: the harness's J frame (dict) or None; pngs: how many
    PNGs were kept."""
    if parent_gone:
        return "killed", "the parent process went away during the run; the run was killed"
    if cancelled:
        return "killed", "cancelled by the caller; the process tree was killed"
    if timed_out:
        return (
            "timeout",
            f"the wall-clock limit of {timeout_ms} ms was reached; the process tree was killed with SIGKILL",
        )
    if why_killed:
        return "killed", why_killed
    if term_signal is not None:
        name = signal_name(term_signal)
        return "killed", f"the snippet's process was killed by {name}{_EXTRA.get(name, '')}"
    if report is not None and report.get("memoryError"):
        return (
            "killed",
            f"the snippet hit the memory limit ({memory_mb} MB above the zygote) and raised MemoryError",
        )
    if report is not None and report.get("traceback"):
        return "error", None
    if report is None:
        note = f"the snippet ended the process (exit code {exit_code}) before the harness could measure its figures"
        return ("ok" if pngs else ("error" if exit_code else "no-figure")), note
    return ("ok" if pngs else "no-figure"), None
