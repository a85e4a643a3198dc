"""Runs inside the forked, confined child: executes the snippet, captures its charts and
measures them. Everything this module reports could in principle be forged by a snippet that
tampers with the interpreter; the supervisor re-checks every PNG itself and only trusts the layer
probe, which is written before the snippet starts."""

from __future__ import annotations

import builtins
import io
import linecache
import os
import sys
import traceback
import weakref
from typing import Any

import frames
import measure as measure_mod

MAX_RENDERS = 16


def _png_target(fig: Any, fname: Any, kwargs: dict[str, Any]) -> str | None:
    """'file' or 'stdout' when this savefig call produced a PNG the supervisor will capture."""
    import matplotlib

    fmt = kwargs.get("format")
    if isinstance(fname, (str, os.PathLike)):
        if fmt is None:
            ext = os.path.splitext(os.fspath(fname))[1].lower().lstrip(".")
            fmt = ext or matplotlib.rcParams["savefig.format"]
        return "file" if str(fmt).lower() == "png" else None
    if fmt is None:
        fmt = matplotlib.rcParams["savefig.format"]
    if str(fmt).lower() != "png":
        return None
    if fname is sys.stdout or fname is getattr(sys.stdout, "buffer", None) or fname is sys.__stdout__:
        return "stdout"
    try:
        if fname.fileno() == 1:
            return "stdout"
    except Exception:
        pass
    return None


def run(code: str, report_fd: int) -> int:
    """Execute `code` as snippet.py; write P frames for figures the harness renders and one J
    frame with the measurements. Returns the process exit code to use."""
    import matplotlib.pyplot as plt
    from matplotlib.axis import Axis
    from matplotlib.figure import Figure

    # every Figure made, in order, held weakly: a figure the snippet closed and dropped is freed
    tracked: list[weakref.ref[Any]] = []
    shown: list[Any] = []  # figures saved as PNG or rendered here
    notes: list[str] = []
    captured: set[int] = set()
    orig_init, orig_draw, orig_savefig = Figure.__init__, Figure.draw, Figure.savefig
    orig_update_ticks = Axis._update_ticks  # type: ignore[attr-defined]  # private: see update_ticks

    def init(self: Any, *a: Any, **k: Any) -> None:
        orig_init(self, *a, **k)
        tracked.append(weakref.ref(self))

    def update_ticks(self: Any) -> Any:
        ticks = orig_update_ticks(self)
        self._duellab_drawn_ticks = ticks  # the last call in a draw is the one drawn
        return ticks

    def draw(self: Any, renderer: Any) -> Any:
        axes = list(self.axes)
        for ax in axes:  # ticks kept from an earlier draw must not stand in for this one's
            for axis in (ax.xaxis, ax.yaxis):
                axis.__dict__.pop("_duellab_drawn_ticks", None)
        result = orig_draw(self, renderer)
        try:
            self._duellab_measure = measure_mod.measure(self, renderer)
        except Exception as e:  # a measurement bug must not turn into the snippet's error
            notes.append(f"measurement of a figure failed: {type(e).__name__}: {e}")
        for ax in axes:
            for axis in (ax.xaxis, ax.yaxis):
                axis.__dict__.pop("_duellab_drawn_ticks", None)
        return result

    def savefig(self: Any, fname: Any, *a: Any, **k: Any) -> Any:
        result = orig_savefig(self, fname, *a, **k)
        if _png_target(self, fname, k):
            captured.add(id(self))
            if self not in shown:
                shown.append(self)
        return result

    # the hooks are patched onto the classes (and restored below) so figures made any way are seen
    Figure.__init__, Figure.draw, Figure.savefig = init, draw, savefig  # type: ignore[method-assign]
    Axis._update_ticks = update_ticks  # type: ignore[attr-defined]
    plt.show = lambda *a, **k: None  # nothing to show under Agg; unsaved figures are rendered below

    linecache.cache["snippet.py"] = (len(code), None, code.splitlines(True), "snippet.py")
    g = {"__name__": "__main__", "__file__": "snippet.py", "__builtins__": builtins}
    tb_text: str | None = None
    exc_name: str | None = None
    memory = False
    try:
        exec(compile(code, "snippet.py", "exec"), g)
    except SystemExit as e:
        if e.code not in (None, 0):
            tb = e.__traceback__.tb_next if e.__traceback__ is not None else None
            tb_text, exc_name = "".join(traceback.format_exception(type(e), e, tb)), "SystemExit"
    except BaseException as e:
        tb = e.__traceback__.tb_next if e.__traceback__ is not None else None
        try:
            tb_text = "".join(traceback.format_exception(type(e), e, tb))
        except BaseException:
            tb_text = f"{type(e).__name__} (the traceback could not be formatted)"
        exc_name = type(e).__name__
        memory = isinstance(e, MemoryError)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        pass

    if tb_text is None:
        # The figures pyplot still holds open, by identity: a figure the snippet closed is not a
        # chart, even when a later figure was given its number (matplotlib reuses the numbers
        # of closed figures, so matching numbers rendered discarded figures again).
        from matplotlib._pylab_helpers import Gcf

        still_open = {id(m.canvas.figure) for m in Gcf.get_all_fig_managers()}
        for ref in tracked:
            fig = ref()
            if fig is None or id(fig) in captured or id(fig) not in still_open:
                continue
            if len([f for f in shown if id(f) not in captured]) >= MAX_RENDERS:
                notes.append(f"more than {MAX_RENDERS} unsaved figures; the rest were not rendered")
                break
            buf = io.BytesIO()
            try:
                orig_savefig(fig, buf, format="png")  # one render; the draw hook measures it
            except Exception as e:
                notes.append(f"rendering an unsaved figure failed: {type(e).__name__}: {e}")
                continue
            shown.append(fig)
            frames.write(report_fd, b"P", buf.getvalue())
    Figure.__init__, Figure.draw, Figure.savefig = orig_init, orig_draw, orig_savefig  # type: ignore[method-assign]
    Axis._update_ticks = orig_update_ticks  # type: ignore[attr-defined]
    figures = [f._duellab_measure for f in shown if hasattr(f, "_duellab_measure")]
    frames.write(
        report_fd,
        b"J",
        {
            "figures": figures,
            "traceback": tb_text,
            "exception": exc_name,
            "memoryError": memory,
            "notes": notes + measure_mod.NOTES[:5],
            "savedFigures": sum(1 for f in shown if id(f) in captured),
        },
    )
    return 0
