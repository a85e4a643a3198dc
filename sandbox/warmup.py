"""The zygote's warm-up (zygote.py): what chart snippets use, imported and exercised once from
constants of its own, so every forked child inherits it loaded. Nothing here reads a request:
the CSVs are literals, the figures are closed, nothing is written."""

from __future__ import annotations

from typing import Any


def warm_up() -> None:
    """Touch, once, what chart snippets use, so every forked child inherits it loaded: pandas
    plotting and date converters load lazily, and a lazy import in a child is paid on every run."""
    import io

    import matplotlib
    import numpy as np
    import pandas as pd

    matplotlib.use("Agg")
    import matplotlib.dates  # noqa: F401
    import matplotlib.pyplot as plt

    csv = "date,stack,build_seconds,cache_enabled\n" + "".join(
        f"2024-09-{d:02d},{s},{100 + d * 3 + i},{int(d > 15)}\n"
        for d in range(2, 28)
        for i, s in enumerate(["Go", "Swift"])
    )
    for _ in range(1):
        df = pd.read_csv(io.StringIO(csv), parse_dates=["date"])
        daily = df.groupby("date")["build_seconds"].mean()
        roll = daily.rolling(7, min_periods=1).mean()
        piv = df.pivot_table(index="date", columns="stack", values="build_seconds", aggfunc="mean")
        fig, ax = plt.subplots(figsize=(8, 4))
        ax.plot(daily.index, daily.values, label="daily")
        roll.plot(ax=ax, label="rolling", legend=True)
        ax.axvline(pd.Timestamp("2024-09-15"), color="red", linestyle="--")
        ax.set_title("warm")
        ax.set_xlabel("date")
        ax.set_ylabel("s")
        ax.legend()
        fig.autofmt_xdate()
        fig.tight_layout()
        fig.savefig(io.BytesIO(), format="png")
        piv.plot(title="pivot").figure.savefig(io.BytesIO(), format="png", dpi=72)
        df.groupby("stack")["build_seconds"].mean().plot.bar().figure.savefig(io.BytesIO(), format="png", dpi=50)
        fig2, ax2 = plt.subplots()
        ax2.scatter(np.arange(5), np.arange(5), c=np.arange(5))
        ax2.bar(["a", "b"], [1, 2])
        ax2.hist(np.arange(10))
        fig2.savefig(io.BytesIO(), format="png", dpi=50)
        plt.close("all")
    # loaded now so no forked child pays for them (the names are not used here)
    import base64  # noqa: F401
    import linecache  # noqa: F401
    import resource  # noqa: F401
    import selectors  # noqa: F401
    import shutil  # noqa: F401
    import socket  # noqa: F401
    import stat  # noqa: F401
    import tempfile  # noqa: F401
    import traceback  # noqa: F401

    import child  # noqa: F401
    import confine  # noqa: F401
    import frames  # noqa: F401
    import harness  # noqa: F401
    import measure  # noqa: F401
    import prefault
    import static_check  # noqa: F401

    prefault._draw()  # once here too, so its code paths are loaded before any fork
    prefault._clean()


def seaborn_later() -> str:
    """seaborn, loaded once the first run has been answered and nothing runs
    (request_loop.LaterWarmUp asks the zygote for it), not in warm_up: it costs about as much as
    pandas and pyplot together, and the sandbox's start and first run should not wait for it.
    Every child forked after it inherits it loaded. The zygote loads it on its only thread, and
    forks nothing until it has ended."""
    import warnings

    import matplotlib.pyplot as plt
    import pandas as pd

    df = pd.DataFrame({"stack": ["Go", "Swift"] * 6, "build_seconds": [100.0 + 7 * i for i in range(12)]})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return _warm_seaborn(df)
        finally:
            plt.close("all")


def _warm_seaborn(df: Any) -> str:
    """Model code often imports seaborn (which imports scipy.stats): loaded once in the warm
    parent, a warm run that uses it skips an import that costs about as much as pandas and pyplot
    together. No bootstrap (errorbar=None), so numpy's global random state stays as a fresh
    process has it. Returns what happened, for the ping reply."""
    try:
        import seaborn as sns
    except ImportError:
        return "not installed"  # such snippets fail with the real ModuleNotFoundError
    import io

    import matplotlib.pyplot as plt

    fig, (a, b) = plt.subplots(1, 2)
    sns.barplot(data=df, x="stack", y="build_seconds", errorbar=None, ax=a)
    sns.histplot(data=df, x="build_seconds", bins=5, ax=b)
    fig.savefig(io.BytesIO(), format="png", dpi=40)
    return "loaded"
