"""Read the fills _band does not: step fills and fills drawn sideways (fill_betweenx that is no
violin's body), into the series kinds the check already knows. Pure apart from reading the live
figure (no drawing, no state kept between calls).

- A step fill (fill_between / fill_betweenx with step="post": seaborn's histplot and displot with
  element="step", one fill per level) draws bars: bin k spans the edges t_k..t_k+1 at the height
  its step holds there. It is reported as one "bar" series, as a BarContainer's bars are (x the bin
  centres, y each bar's length from its lower edge to its upper one: the level's own count when
  levels are stacked, multiple="stack", each on the one below). Drawn sideways, the bins run up the
  y axis and are reported as barh's bars are (x the centres on the y axis, y the lengths along x).
  Other steps ("pre", "mid") are not read.
- A fill drawn sideways from one constant baseline (a density drawn on y: jointplot's right-hand
  marginal, kdeplot(y=..., fill=True)) is reported as the line of its outer edge drawn where it
  lies (x the values along x, y the positions up y), as a sideways density's line is and as
  marks.area reads so.Area(orient="y").
- A sideways fill between two varying edges (lineplot(orient="y")'s error band) is reported as
  a "band" read along its filled direction (x the positions up the y axis, y and `lower` its edges
  along x) marked `sideways`, so the check's words name the axes as drawn.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import measure


def _fill_path(verts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(t, f1, f2) of one region of a fill, from its polygon, as measure._band_path reads it,
    except that t may repeat (a step fill draws each inner edge twice): it need only never turn
    back."""
    v = np.asarray(verts, dtype=float)
    if not np.all(np.isfinite(v)):
        return None
    halves = measure._fill_halves(v)
    if halves is None:
        return None
    steps = np.diff(halves[0])
    if not (np.all(steps >= 0) or np.all(steps <= 0)) or not np.any(steps != 0):
        return None
    return halves


def _regions(coll: Any, along: str) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]] | None:
    """(t, f1, f2) of every region of a fill whose filled direction is `along` ("x": fill_between,
    "y": fill_betweenx), t running along that axis; None when a region is not a fill's polygon."""
    out = []
    for path in coll.get_paths():
        v = np.asarray(path.vertices, dtype=float)
        part = _fill_path(v if along == "x" else v[:, ::-1])
        if part is None:
            return None
        out.append(part)
    return out or None


def _post_steps(t: np.ndarray, f1: np.ndarray, f2: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(edges, lower, upper) per bin of one region drawn with step="post": matplotlib expands the
    points (t_k, f_k) to t_0, t_1, t_1, t_2, t_2, ..., t_n and f_0, f_0, f_1, f_1, ..., f_n (the
    last, at t_n, a vertical edge only). None for anything else (repeats elsewhere, an edge that
    does not step with t, bins of no width)."""
    m = len(t)
    if m < 3 or m % 2 == 0:
        return None
    if not (
        np.array_equal(t[1::2], t[2::2])
        and np.array_equal(f1[0:-1:2], f1[1::2])
        and np.array_equal(f2[0:-1:2], f2[1::2])
    ):
        return None
    edges = t[0::2]
    steps = np.diff(edges)
    if not (np.all(steps > 0) or np.all(steps < 0)):
        return None
    a, b = f1[0:-1:2], f2[0:-1:2]
    return edges, np.minimum(a, b), np.maximum(a, b)


def step_bars(i: int, coll: Any, ax: Any) -> list[dict[str, Any]] | None:
    """A step fill (step="post") as one "bar" series (see the module's note); None for any other
    collection, or a step fill whose value axis holds categories (no bars' heights there)."""
    along = getattr(coll, "t_direction", None)
    if along not in ("x", "y") or getattr(coll, "_step", None) != "post" or not coll.get_visible():
        return None
    axis, value_axis = (ax.xaxis, ax.yaxis) if along == "x" else (ax.yaxis, ax.xaxis)
    if measure._categories(value_axis) is not None:
        return None
    regions = _regions(coll, along)
    if regions is None:
        return None
    centres: list[float] = []
    lengths: list[float] = []
    for t, f1, f2 in regions:
        bins = _post_steps(t, f1, f2)
        if bins is None:
            return None
        edges, lo, hi = bins
        centres += (edges[:-1] + np.diff(edges) / 2).tolist()  # as a bar's x + width / 2
        lengths += (hi - lo).tolist()
    label = str(coll.get_label())
    return [
        measure._series(
            i, "bar", label, centres, lengths, measure._XMap(ax, axis), measure._categories(axis), near=True
        )
    ]


def _sideways_region(coll: Any, ax: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(t, f1, f2) of a visible fill_betweenx with no step and one region on axes with no category
    axis (t the positions up y); None for anything else."""
    if getattr(coll, "t_direction", None) != "y" or getattr(coll, "_step", None) is not None or not coll.get_visible():
        return None
    if measure._categories(ax.xaxis) is not None or measure._categories(ax.yaxis) is not None:
        return None
    regions = _regions(coll, "y")
    return regions[0] if regions is not None and len(regions) == 1 else None


def sideways_area(i: int, coll: Any, ax: Any, xmap: Any) -> list[dict[str, Any]] | None:
    """A fill_betweenx from one constant baseline as the line of its outer edge where it lies
    (x the values along x, y the positions up y); None for any other collection (a step fill, a
    band between two varying edges, a fill on a category axis)."""
    region = _sideways_region(coll, ax)
    if region is None:
        return None
    t, f1, f2 = region
    if len(t) < 2 or np.any(np.diff(t) == 0):
        return None
    lo, hi = np.minimum(f1, f2), np.maximum(f1, f2)
    if np.ptp(lo) != 0 and np.ptp(hi) != 0:
        return None
    outer = hi if np.ptp(lo) == 0 else lo
    return [measure._series(i, "line", str(coll.get_label()), outer, t, xmap)]


def sideways_band(i: int, coll: Any, ax: Any) -> list[dict[str, Any]] | None:
    """A fill_betweenx between two varying edges (no step, one region, positions strictly
    increasing or decreasing) as a "band" marked sideways (see the module's note); None for any
    other collection."""
    region = _sideways_region(coll, ax)
    if region is None:
        return None
    t, f1, f2 = region
    steps = np.diff(t)
    if len(t) < 2 or not (np.all(steps > 0) or np.all(steps < 0)):
        return None
    lo, hi = np.minimum(f1, f2), np.maximum(f1, f2)
    n = len(t)
    label = str(coll.get_label())
    cut = measure.MAX_POINTS
    return [
        {
            "axes": i,
            "kind": "band",
            "label": None if label.startswith("_") or not label.strip() else label,
            "x": measure._XMap(ax, ax.yaxis).many(t[:cut]),
            "y": hi[:cut].tolist(),
            "lower": lo[:cut].tolist(),
            "truncated": n > cut,
            "sideways": True,
        }
    ]
