"""Hexagonal bins read from the live artist matplotlib's Axes.hexbin draws (plt.hexbin, pandas'
df.plot.hexbin, seaborn's jointplot(kind="hex")): one PolyCollection whose offsets are the hexagon
centres (data units), whose one path is the hexagon [sx, sy/3] * the unit hexagon, and whose array
is the value of each drawn cell (the count of rows in it, or C reduced by reduce_C_function; cells
below mincnt are not drawn). Reported as kind "hexbin": x and y the centres, `cells` the values,
`hexagon` [sx, sy] (the lattice steps), and `hexGrid` the whole grid (gridsize and the padded lower
corner of the extent) when every hexagon of it is drawn (mincnt unset), which fixes the extent;
null when only some are (then the check derives the grid from the data). Hexbins on a log axis
(xscale/yscale="log": offsets in log units) are not read. Pure: reads artists, changes nothing."""

from __future__ import annotations

from typing import Any

import numpy as np

MAX_CELLS = 20000
# the unit hexagon Axes.hexbin scales by [sx, sy / 3] (its vertices in order)
_UNIT = np.array([[0.5, -0.5], [0.5, 0.5], [0.0, 1.0], [-0.5, 0.5], [-0.5, -0.5], [0.0, -1.0]])


def _steps(coll: Any) -> tuple[float, float] | None:
    """[sx, sy] when the collection's one path is hexbin's hexagon, else None."""
    paths = coll.get_paths()
    if len(paths) != 1:
        return None
    v = np.asarray(paths[0].vertices, float)
    if len(v) == 7 and np.allclose(v[0], v[6]):
        v = v[:6]
    if v.shape != (6, 2):
        return None
    sx = v[0, 0] * 2
    sy = v[2, 1] * 3
    if not (sx > 0 and sy > 0):
        return None
    return (float(sx), float(sy)) if np.allclose(v, _UNIT * [sx, sy / 3], rtol=1e-9, atol=1e-12 * max(sx, sy)) else None


def _grid(off: np.ndarray, sx: float, sy: float) -> dict[str, Any] | None:
    """The whole grid (nx, ny and the lower corner) when every hexagon of it is drawn: lattice 1 at
    (x0 + i sx, y0 + j sy), i <= nx, j <= ny, and lattice 2 half a step in on both axes."""
    x0, y0 = float(off[:, 0].min()), float(off[:, 1].min())
    hx = (off[:, 0] - x0) / sx * 2
    hy = (off[:, 1] - y0) / sy * 2
    ix, iy = np.rint(hx), np.rint(hy)
    if not (np.allclose(hx, ix, atol=1e-6) and np.allclose(hy, iy, atol=1e-6)):
        return None
    ix, iy = ix.astype(int), iy.astype(int)
    even = (ix % 2 == 0) & (iy % 2 == 0)
    odd = (ix % 2 == 1) & (iy % 2 == 1)
    if not np.all(even | odd) or not even.any():
        return None
    nx, ny = int(ix[even].max()) // 2, int(iy[even].max()) // 2
    one = {(a, b) for a, b in zip(ix[even].tolist(), iy[even].tolist(), strict=True)}
    two = {(a, b) for a, b in zip(ix[odd].tolist(), iy[odd].tolist(), strict=True)}
    if len(one) != (nx + 1) * (ny + 1) or len(two) != nx * ny or len(off) != len(one) + len(two):
        return None
    if two and (max(a for a, _ in two) > 2 * nx - 1 or max(b for _, b in two) > 2 * ny - 1):
        return None
    # the far corner from the lattice's last centres (as Axes.hexbin placed them), not from x0 + nx sx
    lastx = float(off[even, 0].max())
    lasty = float(off[even, 1].max())
    return {"nx": nx, "ny": ny, "x0": x0, "y0": y0, "x1": lastx, "y1": lasty}


def hexbin(ax_index: int, coll: Any, ax: Any) -> dict[str, Any] | None:
    """The hexbin series of a PolyCollection Axes.hexbin drew, or None for any other collection."""
    from matplotlib.collections import PolyCollection

    if type(coll) is not PolyCollection or not coll.get_visible():
        return None
    steps = _steps(coll)
    arr = coll.get_array()
    off = np.asarray(coll.get_offsets(), float)
    if steps is None or arr is None or off.ndim != 2 or off.shape[1] != 2 or len(off) != np.size(arr) or not len(off):
        return None
    if ax.get_xscale() != "linear" or ax.get_yscale() != "linear":
        return None
    vals: np.ndarray = np.ma.filled(np.ma.asarray(arr, float).ravel(), np.nan)
    keep = np.isfinite(vals) & np.all(np.isfinite(off), axis=1)
    sx, sy = steps
    label = str(coll.get_label())
    out: dict[str, Any] = {
        "axes": ax_index,
        "kind": "hexbin",
        "label": None if label.startswith("_") else label,
        "x": [],
        "y": [],
        "cells": [],
        "hexagon": [sx, sy],
        "hexGrid": _grid(off, sx, sy) if keep.all() else None,
        "truncated": bool(keep.sum() > MAX_CELLS),
    }
    if not out["truncated"]:
        out["x"] = off[keep, 0].tolist()
        out["y"] = off[keep, 1].tolist()
        out["cells"] = vals[keep].tolist()
    return out
