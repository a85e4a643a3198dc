"""Read the artists seaborn.objects' marks draw into the series measure.py reports for every other
chart, so the faithfulness check can read them. Pure apart from reading the live figure (no
drawing, no state kept between calls).

- A LineCollection drawn in data coordinates (so.Lines, so.Paths, so.Range, so.Dash, so.Est with
  a Range; plt.errorbar's bars, vlines/hlines, a violin's inner="stick" lines):
  * paths of more than two points (Lines, Paths): one series of kind "line" per path, as drawn;
  * two-point segments that run along the value axis (Range, Est, error bars; on an axes without
    categories, segments of different lengths): one two-point "line" per segment, as measure.py
    reports the error-bar lines seaborn's barplot draws (x the category at both ends, y the ends);
  * two-point segments across the value axis, or of one length on an axes without categories
    (Dash: one per row; a violin's sticks: one per observation): each marks one value at its
    centre, so together they are one series of kind "scatter" of the centres, like a strip plot.
  Anything else (segments in several directions, an axes-relative transform) is not read.
- A Polygon in ax.patches shaped as seaborn's Area and Band draw it (the lower edge forward along
  the orientation axis, the upper edge back): along x, one "band" (x, `lower`, y the upper edge,
  as fill_between is read); along y from one baseline (so.Area(orient="y"), so.KDE on y), one
  "line" drawn as it lies (x the values, y the positions), as a sideways density's line is.
- A PatchCollection of rectangles (so.Bars, so.Hist): one "bar" series per fill and edge colour
  (seaborn draws every hue level's bars in one collection), each bar's value its length from where
  it stands: on 0, or on the bar under it at the same position (so.Stack).
Every series is labelled with the legend entry whose colours it is drawn in (seaborn.objects puts
its legend on the figure), or None when no single entry names them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import measure

Rgba = tuple[float, float, float, float]


def _rgba_rows(colours: Any) -> list[Rgba]:
    """An artist's colours as RGBA tuples (none when it has none)."""
    try:
        arr = np.asarray(colours, dtype=float)
    except (TypeError, ValueError):
        return []
    if arr.ndim == 1:
        arr = arr.reshape(1, -1)
    if arr.ndim != 2 or arr.shape[1] != 4:
        return []
    return [(float(r[0]), float(r[1]), float(r[2]), float(r[3])) for r in arr]


def _first(colours: Any) -> Rgba | None:
    rows = _rgba_rows(colours)
    return rows[0] if rows else None


def _same(a: Rgba | None, b: Rgba | None, alpha: bool) -> bool:
    if a is None or b is None:
        return a is b
    n = 4 if alpha else 3
    return max(abs(a[k] - b[k]) for k in range(n)) < 1e-3


class Legend:
    """The entries of the axes' and the figure's legends with the colours their handles show:
    (fill, edge) for a patch handle, (colour,) for a line handle."""

    def __init__(self, ax: Any, fig: Any) -> None:
        self.entries: list[tuple[tuple[Rgba | None, ...], str]] = []
        for leg in [ax.get_legend(), *fig.legends]:
            if leg is None:
                continue
            for handle, text in zip(getattr(leg, "legend_handles", []), leg.get_texts(), strict=False):
                name = text.get_text()
                if not name.strip() or handle is None:
                    continue
                if hasattr(handle, "get_facecolor"):
                    face = _first(handle.get_facecolor())
                    edge = _first(handle.get_edgecolor())
                    self.entries.append(((face, edge), name))
                elif hasattr(handle, "get_color"):
                    try:
                        import matplotlib.colors as mcolors

                        self.entries.append(((mcolors.to_rgba(handle.get_color()),), name))
                    except (TypeError, ValueError):
                        continue

    def name(self, colours: tuple[Rgba | None, ...]) -> str | None:
        """The one entry drawn in exactly these colours (alpha included: seaborn maps alpha too);
        else the one entry whose handle shows one of them (a hue's fill, or its edge when the fill
        is shared); None when none or several do."""
        if not self.entries:
            return None
        whole = {
            t
            for c, t in self.entries
            if len(c) == len(colours) and all(_same(a, b, True) for a, b in zip(c, colours, strict=True))
        }
        if len(whole) == 1:
            return whole.pop()
        for k, mine in enumerate(colours):
            if mine is None or mine[3] == 0:
                continue
            named = {
                t
                for c, t in self.entries
                if any(x is not None and x[3] > 0 and _same(x, mine, False) for x in c[k : k + 1] or c)
            }
            if len(named) == 1:
                return named.pop()
        return None


def _in_data_coordinates(artist: Any, ax: Any) -> bool:
    """Whether the artist's coordinates are data values (a rug's ticks are half in axes units)."""
    try:
        return bool(artist.get_transform() == ax.transData)
    except Exception:
        return False


def line_collection(
    i: int, coll: Any, ax: Any, legend: Legend, xmap: Any, cmap: Any, cat: dict[float, str] | None, swap: bool
) -> tuple[list[dict[str, Any]], str] | None:
    """A LineCollection's series (module docstring) and how they were read ("lines", "points",
    "intervals"); None when it is not read."""
    if not coll.get_visible() or not _in_data_coordinates(coll, ax):
        return None
    segs = [np.asarray(s, dtype=float).reshape(-1, 2) for s in coll.get_segments()]
    segs = [s for s in segs if len(s) and np.any(np.isfinite(s).all(axis=1))]
    if not segs:
        return [], "lines"  # nothing drawn
    colours = _rgba_rows(coll.get_colors())

    def colour(k: int) -> Rgba | None:
        return colours[k % len(colours)] if colours else None

    if any(len(s) > 2 for s in segs):
        out = []
        for k, s in enumerate(segs):
            xs, ys = (s[:, 1], s[:, 0]) if swap else (s[:, 0], s[:, 1])
            out.append(measure._series(i, "line", legend.name((colour(k),)), xs, ys, cmap, cat, near=True))
        return out, "lines"
    if any(len(s) != 2 for s in segs) or not all(np.isfinite(s).all() for s in segs):
        return None
    d = np.array([s[1] - s[0] for s in segs])
    # a segment of no length (an interval of one value) lies either way
    if np.all(d[:, 0] == 0) and np.any(d[:, 1] != 0):
        along = 1  # vertical segments
    elif np.all(d[:, 1] == 0) and np.any(d[:, 0] != 0):
        along = 0
    else:
        return None
    lengths = np.abs(d[:, along])
    one_length = bool(np.ptp(lengths) <= 1e-9 * float(lengths.max()))
    # the value axis: across the category axis when there is one
    xcat, ycat = measure._categories(ax.xaxis), measure._categories(ax.yaxis)
    value_axis = 1 if xcat is not None and ycat is None else 0 if ycat is not None and xcat is None else None
    if value_axis is None:
        points = one_length and len(segs) > 1
    else:
        points = along != value_axis
    if points:
        centres = np.array([(s[0] + s[1]) / 2 for s in segs])
        xs, ys = (centres[:, 1], centres[:, 0]) if swap else (centres[:, 0], centres[:, 1])
        hues: list[str | None] | None = None
        if len({tuple(np.round(c, 3)) for c in colours}) > 1 and len(colours) == len(segs):
            hues = [legend.name((c,)) for c in colours]
        return [measure._series(i, "scatter", None, xs, ys, cmap, cat, near=True, hues=hues)], "points"
    out = []
    for k, s in enumerate(segs):
        xs, ys = (s[:, 1], s[:, 0]) if swap else (s[:, 0], s[:, 1])
        out.append(measure._series(i, "line", legend.name((colour(k),)), xs, ys, cmap, cat, near=True))
    return out, "intervals"


def _area_edges(xy: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, np.ndarray] | None:
    """(orientation axis, t, lower, upper) of a polygon drawn as seaborn's AreaBase draws one: the
    lower edge forward along t (sorted), then the upper edge at the same t backward."""
    v = np.asarray(xy, dtype=float)
    # a closed Polygon repeats its first vertex at the end, unless its last one already equals it
    # (an area whose first and last values are its baseline): then nothing was added
    tries = [v[:-1], v] if len(v) >= 2 and np.array_equal(v[0], v[-1]) else [v]
    found = []
    for w in tries:
        if len(w) < 4 or len(w) % 2 or not np.all(np.isfinite(w)):
            continue
        n = len(w) // 2
        for ori in (0, 1):
            t, back = w[:n, ori], w[n:, ori][::-1]
            steps = np.diff(t)
            if np.array_equal(t, back) and np.all(steps >= 0) and np.any(steps > 0):
                found.append((ori, t, w[:n, 1 - ori], w[n:, 1 - ori][::-1]))
    return found[0] if len(found) == 1 else None


def area(i: int, patch: Any, ax: Any, legend: Legend, xmap: Any) -> tuple[list[dict[str, Any]], str | None]:
    """A seaborn Area or Band polygon's series, and what is unread of it ("area", "sideways area")
    when it is a polygon of data no reading takes; ([], None) for a patch that is not a plain
    Polygon in data coordinates (nothing this reads)."""
    from matplotlib.patches import Polygon

    if type(patch) is not Polygon or not patch.get_visible() or not _in_data_coordinates(patch, ax):
        return [], None
    edges = _area_edges(patch.get_xy())
    if edges is None:
        return [], "area"
    ori, t, f1, f2 = edges
    lo, hi = np.minimum(f1, f2), np.maximum(f1, f2)
    face = _first(patch.get_facecolor())
    edge = _first(patch.get_edgecolor())
    label = legend.name((face, edge))
    n = len(t)
    if ori == 0:
        xcat = measure._categories(ax.xaxis)
        x_out = xmap.many(t[: measure.MAX_POINTS])
        if xcat:
            x_out = [measure._nearest(xcat, v) or m for v, m in zip(t.tolist(), x_out, strict=False)]
        band = {
            "axes": i,
            "kind": "band",
            "label": label,
            "x": x_out,
            "y": hi[: measure.MAX_POINTS].tolist(),
            "lower": lo[: measure.MAX_POINTS].tolist(),
            "truncated": n > measure.MAX_POINTS,
        }
        return [band], None
    # along y: read only from one baseline, as the line of its outer edge drawn where it lies
    if np.ptp(lo) != 0 and np.ptp(hi) != 0:
        return [], "sideways area"
    outer = hi if np.ptp(lo) == 0 else lo
    return [measure._series(i, "line", label, outer, t, xmap)], None


def patch_bars(i: int, coll: Any, ax: Any, legend: Legend) -> list[dict[str, Any]] | None:
    """The bars of a collection of rectangles, one "bar" series per fill and edge colour; None when
    a patch is not an axis-aligned rectangle or the bars neither stand on 0 nor on one another in
    one direction (boxen boxes float: they are not bars)."""
    rects = measure._rects(coll)
    if rects is None or not coll.get_visible():
        return None
    up = _standing(rects, 1)
    side = _standing(rects, 0)
    if (up is None) == (side is None):  # neither, or both (cannot tell which way they stand)
        return None
    values = up if up is not None else side
    assert values is not None
    faces, edges = _rgba_rows(coll.get_facecolor()), _rgba_rows(coll.get_edgecolor())
    groups: dict[tuple[Any, ...], list[int]] = {}
    keys: dict[tuple[Any, ...], tuple[Rgba | None, Rgba | None]] = {}
    for k in range(len(rects)):
        face = faces[k % len(faces)] if faces else None
        edge = edges[k % len(edges)] if edges else None
        key = tuple(np.round(face, 4)) if face else (), tuple(np.round(edge, 4)) if edge else ()
        groups.setdefault(key, []).append(k)
        keys[key] = (face, edge)
    axis = ax.xaxis if up is not None else ax.yaxis
    xm, cat = measure._XMap(ax, axis), measure._categories(axis)
    out = []
    for key, members in groups.items():
        if up is not None:
            pos = [(rects[k][0] + rects[k][2]) / 2 for k in members]
        else:
            pos = [(rects[k][1] + rects[k][3]) / 2 for k in members]
        label = legend.name(keys[key]) if len(groups) > 1 else None
        if label is None and len(groups) == 1:
            label = str(coll.get_label())
        out.append(measure._series(i, "bar", label, pos, [values[k] for k in members], xm, cat, near=True))
    return out


def _standing(rects: list[tuple[float, float, float, float]], axis: int) -> list[float] | None:
    """Each rectangle's value along `axis` (1: up y, 0: along x) when every one stands on 0 (or
    hangs from it) or on the top of another at the same position (so.Stack), else None."""
    lo_k, hi_k = (1, 3) if axis == 1 else (0, 2)
    p0, p1 = (0, 2) if axis == 1 else (1, 3)
    tops: dict[tuple[float, float], list[float]] = {}
    for r in rects:
        tops.setdefault((r[p0], r[p1]), []).append(r[hi_k])
    out = []
    for r in rects:
        lo, hi = r[lo_k], r[hi_k]
        if lo == 0:
            out.append(hi)
        elif hi == 0:
            out.append(lo)
        elif lo > 0 and any(abs(t - lo) <= 1e-9 * max(1.0, abs(lo)) for t in tops[(r[p0], r[p1])]):
            out.append(hi - lo)  # stacked: its own length
        else:
            return None
    return out
