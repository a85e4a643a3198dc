"""Runs inside the forked, confined child: executes the snippet, captures its charts and
measures them. Everything this module reports could in principle be forged by a snippet that
tampers with the interpreter; the supervisor re-checks every PNG itself and only trusts the layer
probe, which is written before the snippet starts."""
import builtins
import io
import linecache
import os
import sys
import traceback

import frames
import measure as measure_mod

MAX_RENDERS = 16


def _png_target(fig, fname, kwargs):
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


def run(code, report_fd):
    """Execute `code` as snippet.py; write P frames for figures the harness renders and one J
    frame with the measurements. Returns the process exit code to use."""
    from matplotlib.axis import Axis
    from matplotlib.figure import Figure
    import matplotlib.pyplot as plt

    tracked, shown, notes = [], [], []
    captured = set()
    orig_init, orig_draw, orig_savefig = Figure.__init__, Figure.draw, Figure.savefig
    orig_update_ticks = Axis._update_ticks

    def init(self, *a, **k):
        orig_init(self, *a, **k)
        tracked.append(self)

    def update_ticks(self):
        ticks = orig_update_ticks(self)
        self._duellab_drawn_ticks = ticks  # the last call in a draw is the one drawn
        return ticks

    def draw(self, renderer):
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

    def savefig(self, fname, *a, **k):
        result = orig_savefig(self, fname, *a, **k)
        if _png_target(self, fname, k):
            captured.add(id(self))
            if self not in shown:
                shown.append(self)
        return result

    Figure.__init__, Figure.draw, Figure.savefig = init, draw, savefig
    Axis._update_ticks = update_ticks
    plt.show = lambda *a, **k: None  # nothing to show under Agg; unsaved figures are rendered below

    linecache.cache["snippet.py"] = (len(code), None, code.splitlines(True), "snippet.py")
    g = {"__name__": "__main__", "__file__": "snippet.py", "__builtins__": builtins}
    tb_text, exc_name, memory = None, None, False
    try:
        exec(compile(code, "snippet.py", "exec"), g)
    except SystemExit as e:
        if e.code not in (None, 0):
            tb_text, exc_name = "".join(traceback.format_exception(type(e), e, e.__traceback__.tb_next)), "SystemExit"
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
        open_numbers = set(plt.get_fignums())
        for fig in tracked:
            if id(fig) in captured or getattr(fig, "number", None) not in open_numbers:
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
    Figure.__init__, Figure.draw, Figure.savefig = orig_init, orig_draw, orig_savefig
    Axis._update_ticks = orig_update_ticks
    figures = [f._duellab_measure for f in shown if hasattr(f, "_duellab_measure")]
    frames.write(report_fd, b"J", {
        "figures": figures, "traceback": tb_text, "exception": exc_name, "memoryError": memory,
        "notes": notes + measure_mod.NOTES[:5], "savedFigures": sum(1 for f in shown if id(f) in captured),
    })
    return 0
