"""A spare child, once confined and while it waits for its request, draws one throwaway chart
through the paths a chart snippet takes (pandas reads a CSV with dates, groups, matplotlib plots,
renders a PNG, the harness measures it). A forked child's first writes to the zygote's
memory are copy-on-write page faults (about 3,800 for the reference snippet, some 17 ms of CPU);
taken here, they are off the next run's clock.

It never delays a request: the supervisor hands the request over and then sends SIGUSR1, and the
draw stops at the next Python instruction. What it leaves behind is only what any earlier draw
leaves (filled caches); figures are closed, measurement notes cleared, warnings silenced so
nothing reaches the snippet's stderr, and no file is written."""

from __future__ import annotations

import io
import os
import select
import signal
import sys
from types import FrameType

_active = False  # true only while a draw is in progress: the signal is a no-op at any other time

CSV = "date,stack,build_seconds\n" + "".join(
    f"2024-09-{d:02d},{s},{100 + d * 3 + i}\n" for d in range(1, 29) for i, s in enumerate(("Go", "Swift", "Kotlin"))
)


class _Stop(BaseException):
    """Raised by the signal handler to abandon the draw; never escapes `run`."""


def _on_signal(signum: int, frame: FrameType | None) -> None:
    if _active:
        raise _Stop()


def install() -> None:
    """In the zygote, before any fork: every child inherits a handler that ignores SIGUSR1
    unless a draw is in progress (the default action would kill a child that gets it early)."""
    signal.signal(signal.SIGUSR1, _on_signal)


def release() -> None:
    """In the child once its request is read: the snippet gets the default SIGUSR1 action."""
    signal.signal(signal.SIGUSR1, signal.SIG_DFL)


def _draw() -> None:
    import warnings

    import matplotlib.pyplot as plt
    import pandas as pd

    import measure

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        df = pd.read_csv(io.StringIO(CSV), parse_dates=["date"])
        daily = df.groupby("date")["build_seconds"].mean()
        fig, ax = plt.subplots(figsize=(8, 4))
        ax.plot(daily.index, daily.values, label="mean")
        ax.set_title("prefault")
        ax.set_xlabel("date")
        ax.set_ylabel("seconds")
        ax.legend()
        fig.savefig(io.BytesIO(), format="png")
        measure.measure(fig, fig.canvas.get_renderer())  # type: ignore[attr-defined]  # Agg has one


def _attempt(request_fd: int) -> str:
    global _active
    try:
        _active = True
        # The supervisor signals after it has written the request, so a signal that came
        # before _active was set means the request is already readable here.
        if select.select([request_fd], [], [], 0)[0]:
            return "skipped"
        _draw()
        return "done"
    except Exception:
        return "failed"  # a throwaway draw: failing only means fewer pages were touched ahead
    finally:
        _active = False


def _clean() -> None:
    import matplotlib.pyplot as plt

    import measure

    plt.close("all")  # the snippet's first figure is number 1 and no stray figure gets rendered
    del measure.NOTES[:]


def run(request_fd: int) -> str:
    """Draw once unless the request is already waiting on request_fd. Returns 'done', 'stopped'
    (a request arrived mid-draw), 'skipped' (it was there before the draw began) or 'failed'.
    Clean-up runs with the signal disarmed, so it always completes."""
    global _active
    # fd 2 is already the run's stderr pipe: while the draw runs it points at /dev/null, so
    # nothing it prints (nor an "Exception ignored" line, should the stop land in a finaliser)
    # can reach the snippet's stderr.
    saved = os.dup(2)
    devnull = os.open("/dev/null", os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    try:
        try:
            outcome = _attempt(request_fd)
        except _Stop:
            outcome = "stopped"
        _active = False
        _clean()
    finally:
        _active = False
        try:
            sys.stderr.flush()
        except Exception:
            pass
        os.dup2(saved, 2)
        os.close(saved)
    return outcome
