"""Measure a figure from its live matplotlib objects at the moment it is drawn, so the numbers
describe the rendered image and not what the code or its comments claim.

Plotted data is reported per series, capped at MAX_POINTS with `truncated`. x values: dates are
ISO-8601 strings ("2025-01-15", or "2025-01-15T10:30:00" when not midnight), categories are their
label strings, anything else a number. Points whose x or y is not finite (NaN from a rolling
mean, say) are left out, since JSON has no NaN. Each series' x values are mapped in one
vectorised step (a per-point pandas Period cost more than drawing a four-series date chart); the
point-by-point mapper stays as the fallback for what that step cannot take and as its reference.
A violin's body is reported as its support values and its width at each (kind "violin"); a contour
set as a sample of each level's vertices and the level they are on (kind "contours"); a 2-D
histogram's mesh as its bin edges and cell values (kind "hist2d"); hexbin cells as their centres
and values (kind "hexbin", hexbins.py). A box plot's box (whatever
called matplotlib's bxp) is one series of kind "box" and a boxenplot's letter-value set one of
kind "boxen", never their separate lines. Step fills (histplot's element="step") and fills drawn
sideways are read by fills.py as bars, a line or a band. What seaborn.objects' marks draw
(LineCollections, Area and Band polygons, collections of bars) is read by marks.py into these same kinds.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable
from typing import Any

import matplotlib.colors as mcolors
import numpy as np

import dendrograms
import fills
import hexbins
import marks

ScalarMap = Callable[[float], Any]  # one internal x float -> what the reader sees
VectorMap = Callable[[np.ndarray], list[Any]]  # the same for a whole array at once
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in display pixels

MAX_POINTS = 2000
MAX_SERIES = 64
MAX_COLORS = 128
MAX_TEXTS = 1500
NOTES: list[str] = []  # measurement problems, passed on in the run's notes


def _hex(c: Any) -> str | None:
    try:
        rgba = mcolors.to_rgba(c)
    except (ValueError, TypeError):
        return None
    if rgba[3] == 0:
        return None
    return str(mcolors.to_hex(rgba, keep_alpha=False))


def _iso(dt: datetime.datetime) -> str:
    if getattr(dt, "tzinfo", None) is not None:
        dt = dt.replace(tzinfo=None)
    if dt.hour == 0 and dt.minute == 0 and dt.second == 0 and dt.microsecond == 0:
        return dt.strftime("%Y-%m-%d")
    return dt.replace(microsecond=0).isoformat()


def _x_mapper_scalar(ax: Any, axis: Any) -> ScalarMap:
    """One internal float -> what the reader sees, point by point. Kept as the fallback for
    values the vectorised step cannot take (a date beyond year 9999) and as its reference."""
    conv = _converter(axis)
    name = type(conv).__name__ if conv is not None else ""
    if "Period" in name and getattr(ax, "freq", None) is not None:
        import pandas as pd

        freq = ax.freq
        return lambda v: _iso(pd.Period(ordinal=int(round(v)), freq=freq).start_time.to_pydatetime())
    if "Date" in name:
        import datetime

        epoch = datetime.datetime(1970, 1, 1)
        base = _mpl_epoch_days()
        return lambda v: _iso(epoch + datetime.timedelta(days=v - base))
    if "Category" in name:
        rev = _category_labels(axis)
        return lambda v: rev.get(float(v), float(v))
    return float


def _converter(axis: Any) -> Any:
    return axis.get_converter() if hasattr(axis, "get_converter") else getattr(axis, "converter", None)


def _mpl_epoch_days() -> float:
    """1970-01-01 as a matplotlib date number (days since matplotlib's epoch)."""
    import datetime

    import matplotlib.dates as mdates

    return float(mdates.date2num(datetime.datetime(1970, 1, 1)))


def _category_labels(axis: Any) -> dict[float, str]:
    units = axis.get_units()
    mapping = getattr(units, "_mapping", None) or {}
    return {float(i): str(k) for k, i in mapping.items()}


# Python's datetime spans years 1-9999: as days from 1970-01-01, [-719162, 2932897)
_MIN_DAYS, _MAX_DAYS = -719162.0, 2932897.0


def _iso_many(us: np.ndarray) -> list[str]:
    """ISO-8601 strings for datetime64[us] values, as _iso gives them one by one: the date alone
    at exact midnight, else to the second (microseconds cut, not rounded)."""
    days = us.astype("datetime64[D]")
    midnight = us == days.astype("datetime64[us]")
    if midnight.all():  # the usual daily data: one conversion, no per-second strings
        return list(days.astype("U10").tolist())
    secs = us.astype("datetime64[s]")
    # astype truncates toward zero before 1970; _iso's replace(microsecond=0) floors
    secs = np.where(secs.astype("datetime64[us]") > us, secs - np.timedelta64(1, "s"), secs)
    return list(np.where(midnight, days.astype("U19"), secs.astype("U19")).tolist())


# pandas period frequencies whose ordinals count fixed units from the epoch (Period("1970-01-01",
# "D").ordinal == 0): mapped by numpy alone; weeks, months, business days go through pandas.
_FIXED_PERIOD_UNITS = {"D": "D", "h": "h", "min": "m", "s": "s", "ms": "ms", "us": "us"}
_UNIT_DAYS = {"D": 1.0, "h": 1 / 24, "m": 1 / 1440, "s": 1 / 86400, "ms": 1 / 86400e3, "us": 1 / 86400e6}


def _x_vector_mapper(ax: Any, axis: Any) -> VectorMap | None:
    """finite float array -> list of what the reader sees, in one vectorised step; raises for
    values it cannot map (the caller then maps those points one by one). None: plain numbers."""
    conv = _converter(axis)
    name = type(conv).__name__ if conv is not None else ""
    if "Period" in name and getattr(ax, "freq", None) is not None:
        import pandas as pd

        freq = ax.freq

        unit = _FIXED_PERIOD_UNITS.get(freq if isinstance(freq, str) else getattr(freq, "freqstr", ""))

        def periods(v: np.ndarray) -> list[Any]:
            ordinals = np.rint(v).astype(np.int64)
            if unit:  # a daily/hourly/... period's ordinal is that many units since 1970-01-01
                days = ordinals * _UNIT_DAYS[unit]
                if len(days) and (days.min() < _MIN_DAYS or days.max() >= _MAX_DAYS):
                    raise OverflowError("a period outside years 1-9999")
                return _iso_many(ordinals.astype(f"datetime64[{unit}]").astype("datetime64[us]"))
            idx = pd.PeriodIndex.from_ordinals(ordinals, freq=freq)
            return _iso_many(idx.start_time.values.astype("datetime64[us]"))

        return periods
    if "Date" in name:
        base = _mpl_epoch_days()

        def dates(v: np.ndarray) -> list[Any]:
            t = v - base
            if len(t) and (t.min() < _MIN_DAYS or t.max() >= _MAX_DAYS):
                raise OverflowError("a date outside years 1-9999")
            whole = np.floor(t)
            # whole days and the rounded microseconds of the rest, as timedelta(days=t) rounds
            us = whole.astype(np.int64) * 86_400_000_000 + np.rint((t - whole) * 86_400_000_000).astype(np.int64)
            return _iso_many(us.astype("datetime64[us]"))

        return dates
    if "Category" in name:
        rev = _category_labels(axis)
        return lambda v: [rev.get(x, x) for x in v.tolist()]
    return None


class _XMap:
    """What _series needs to map an axis: the vectorised step and its per-point fallback."""

    def __init__(self, ax: Any, axis: Any) -> None:
        self.vector = _x_vector_mapper(ax, axis)
        self.scalar = _x_mapper_scalar(ax, axis)
        self._last: tuple[np.ndarray, list[Any]] | None = (
            None  # (input, output): the series of one chart usually share their x
        )

    def many(self, v: np.ndarray) -> list[Any]:
        if self.vector is None:
            return list(v.tolist())
        if self._last is not None and np.array_equal(self._last[0], v):
            return list(self._last[1])
        out = self._many(v)
        self._last = (v.copy(), out)
        return list(out)

    def _many(self, v: np.ndarray) -> list[Any]:
        assert self.vector is not None  # plain numbers never come here (many)
        try:
            return self.vector(v)
        except Exception:
            out: list[Any] = []
            for x in v.tolist():
                try:
                    out.append(self.scalar(x))
                except Exception:
                    out.append(x)
            return out


def _tick_label_mapper(axis: Any) -> dict[float, str] | None:
    """For bar charts whose categories are tick labels (pandas bar plots): position -> label."""
    from matplotlib.ticker import FixedFormatter, FuncFormatter

    if not isinstance(axis.get_major_formatter(), (FixedFormatter, FuncFormatter)):
        return None
    labels: dict[float, str] = {}
    for loc, lab in zip(axis.get_majorticklocs(), axis.get_majorticklabels(), strict=False):
        t = lab.get_text()
        if t:
            labels[float(loc)] = t
    return labels or None


def _floats(vals: Any) -> np.ndarray:
    """A float array of the values; one that is not a number becomes NaN (and is left out)."""
    try:
        return np.asarray(vals, dtype=float).ravel()
    except (TypeError, ValueError):
        out: list[float] = []
        for v in np.asarray(vals, dtype=object).ravel():
            try:
                out.append(float(v))
            except (TypeError, ValueError):
                out.append(math.nan)
        return np.asarray(out, dtype=float)


def _categories(axis: Any) -> dict[float, str] | None:
    """A categorical axis: its tick labels at whole-number positions (seaborn's categorical plots,
    pandas' bar plots, a heatmap labelled with set_xticks; half-way positions for sns.heatmap's
    cells). None for a numeric or date axis, whose tick labels name values, not categories."""
    name = type(_converter(axis)).__name__ if _converter(axis) is not None else ""
    if "Date" in name or "Period" in name:
        return None
    given = _tick_label_mapper(axis) or ({} if "Category" not in name else _category_labels(axis))
    labels = {p: t for p, t in given.items() if t.strip()}
    if not labels:
        return None
    pos = sorted(labels)
    frac = {round((p - math.floor(p)) * 2) / 2 % 1 for p in pos}
    if len(frac) != 1 or any(abs(p * 2 - round(p * 2)) > 1e-9 for p in pos):
        return None
    # numbers as labels name categories only on consecutive positions (a bar per year), never a
    # numeric axis whose formatter prints its own values
    numeric = all(_is_number(t) for t in labels.values())
    if numeric and any(abs((b - a) - 1) > 1e-9 for a, b in zip(pos, pos[1:], strict=False)):
        return None
    if numeric and "Category" not in name and all(abs(float(_num_text(t)) - p) < 1e-9 for p, t in labels.items()):
        return None
    return labels


def _is_number(t: str) -> bool:
    try:
        float(_num_text(t))
        return True
    except ValueError:
        return False


def _num_text(t: str) -> str:
    return t.replace("\u2212", "-").replace(",", "").strip()


def _nearest(cat: dict[float, str], v: float) -> str | None:
    """The category whose position is within half a step of v (dodged or jittered points)."""
    best = min(cat, key=lambda p: abs(p - v))
    return cat[best] if abs(best - v) < 0.5 else None


def _series(
    ax_index: int,
    kind: str,
    label: str | None,
    xs: Any,
    ys: Any,
    xmap: _XMap,
    cat: dict[float, str] | None = None,
    near: bool = False,
    hues: list[str | None] | None = None,
) -> dict[str, Any]:
    """One series: finite points only, the first MAX_POINTS mapped in one step (cat: bar
    positions that carry a tick label, which wins over the axis's own mapping; near: a point
    within half a step of a category's position is at that category; hues: each point's colour
    as the legend names it, kept for the same points)."""
    if label is not None and (label.startswith("_") or not label.strip()):
        label = None
    x, y = _floats(xs), _floats(ys)
    n = min(len(x), len(y))
    x, y = x[:n], y[:n]
    keep = np.isfinite(x) & np.isfinite(y)
    total = int(keep.sum())
    x, y = x[keep][:MAX_POINTS], y[keep][:MAX_POINTS]
    x_out = xmap.many(x)
    if cat:
        if near:
            x_out = [_nearest(cat, v) or m for v, m in zip(x.tolist(), x_out, strict=False)]
        else:
            x_out = [cat.get(v, m) for v, m in zip(x.tolist(), x_out, strict=False)]
    out = {
        "axes": ax_index,
        "kind": kind,
        "label": label,
        "x": x_out,
        "y": y.tolist(),
        "truncated": total > MAX_POINTS,
    }
    if hues is not None and len(hues) >= n:
        out["pointHues"] = [h for h, k in zip(hues[:n], keep.tolist(), strict=True) if k][:MAX_POINTS]
    return out


def _drawn_shape(coll: Any) -> str | None:
    """What a filled collection draws ("area": fill_between, hexbin; "sideways area": fill_betweenx
    that is no violin's body _violin reads; "contours"; "patches": patches that are neither bars
    nor boxen boxes), when it holds any drawn shape (a legend handle seaborn adds to the axes has
    none); None for any other collection."""
    from matplotlib.collections import PatchCollection, PolyCollection
    from matplotlib.contour import ContourSet

    if not coll.get_visible() or not any(len(p.vertices) >= 3 for p in coll.get_paths()):
        return None
    if isinstance(coll, ContourSet):
        return "contours"
    if isinstance(coll, PolyCollection):
        return "area" if getattr(coll, "t_direction", "x") == "x" else "sideways area"
    if isinstance(coll, PatchCollection):
        return "patches"
    return None


def _plotted(fig: Any, unread: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every series the check can read (violin bodies as kind "violin"); `unread` receives each
    filled shape that holds data but is not read (a sideways fill that is no violin and fills.py
    does not read, a step fill other than step="post", hexbin cells, contours, patches that are
    neither bars nor boxen boxes, a mesh that is neither heatmap nor 2-D histogram) and each series
    past MAX_SERIES, so a chart is never called faithful on what was measured alone."""
    out: list[dict[str, Any]] = []

    def skipped(i: int, coll: Any, what: str | None = None) -> None:
        what = what or _drawn_shape(coll)
        if what is None or unread is None:
            return
        for u in unread:
            if u["axes"] == i and u["what"] == what:
                u["count"] += 1
                return
        unread.append({"axes": i, "what": what, "count": 1})

    # a clustered heatmap (seaborn's clustermap) is read whole: its mesh and its trees are one series
    clustered, in_clustermap, colour_strips = dendrograms.clustermaps(fig, _categories)
    for i, ax in enumerate(fig.axes):
        out += clustered.get(i, [])
        xmap = _XMap(ax, ax.xaxis)
        xcat, ycat = _categories(ax.xaxis), _categories(ax.yaxis)
        # A category axis is reported as x: on a horizontal box or strip plot the values are x.
        swap = ycat is not None and xcat is None
        cat = ycat if swap else xcat
        cmap = _XMap(ax, ax.yaxis) if swap else xmap
        hues = _legend_hues(ax, fig)
        boxes, drawn_as_boxes = _boxes(i, ax, hues)
        boxens, drawn_as_boxens = _boxens(i, ax, hues)
        out += boxes + boxens
        drawn_as_boxes |= drawn_as_boxens
        for line in ax.lines:
            # a legend handle seaborn adds to the axes (PairGrid, jointplot with hue) holds no
            # points: it draws nothing, so it is neither a series nor one past MAX_SERIES
            if id(line) in drawn_as_boxes or not np.asarray(line.get_xdata(orig=False)).size:
                continue
            if len(out) >= MAX_SERIES:
                skipped(i, line, "series")
                continue
            xs = np.asarray(line.get_xdata(orig=False)).ravel()
            ys = np.asarray(line.get_ydata(orig=False)).ravel()
            if swap:
                xs, ys = ys, xs
            out.append(_series(i, "line", str(line.get_label()), xs, ys, cmap, cat, near=True))
        from matplotlib.container import BarContainer

        for cont in ax.containers:
            if not isinstance(cont, BarContainer):
                continue
            if len(out) >= MAX_SERIES:
                skipped(i, cont, "series")
                continue
            horizontal = getattr(cont, "orientation", "vertical") == "horizontal"
            axis = ax.yaxis if horizontal else ax.xaxis
            bcat = _categories(axis)
            base = _XMap(ax, axis)
            pos: list[float] = []
            val: list[float] = []
            for r in cont.patches:
                if horizontal:
                    pos.append(r.get_y() + r.get_height() / 2)
                    val.append(r.get_width())
                else:
                    pos.append(r.get_x() + r.get_width() / 2)
                    val.append(r.get_height())
            out.append(_series(i, "bar", cont.get_label(), pos, val, base, bcat, near=True))
        from matplotlib.collections import LineCollection, PatchCollection, PathCollection, PolyCollection, QuadMesh

        legend = marks.Legend(ax, fig)

        for coll in ax.collections:
            if id(coll) in drawn_as_boxes or id(coll) in in_clustermap:
                continue
            if id(coll) in colour_strips:
                skipped(i, coll, "colour strip")
                continue
            if len(out) >= MAX_SERIES:
                points = isinstance(coll, PathCollection) and np.asarray(coll.get_offsets()).size > 0
                # lines in data coordinates with something drawn (a rug's ticks never were counted)
                lines = (
                    isinstance(coll, LineCollection)
                    and marks._in_data_coordinates(coll, ax)
                    and marks.line_collection(i, coll, ax, legend, xmap, cmap, cat, swap) != ([], "lines")
                )
                if points or lines or isinstance(coll, QuadMesh) or _drawn_shape(coll):
                    skipped(i, coll, "series")
                continue
            if isinstance(coll, QuadMesh):
                cells = _mesh(i, coll, xcat, ycat) or _hist2d(i, coll, ax, xcat, ycat, hues)
                # a mesh neither reading takes (dates, curvilinear) is unread; a colorbar's is no data
                if not cells and getattr(ax, "_colorbar", None) is None:
                    skipped(i, coll, "mesh")
                out += cells
                continue
            # hexbin cells (Axes.hexbin's PolyCollection) before any other reading of a PolyCollection
            if (hexes := hexbins.hexbin(i, coll, ax)) is not None:
                out.append(hexes)
                continue
            if (contours := _contours(i, coll, ax, fig)) is not None:
                out.append(contours)
                continue
            body = _violin(i, coll, ax, xcat, ycat, hues) if isinstance(coll, PolyCollection) else None
            if body is not None:
                out.append(body)
                continue
            # a step fill (histplot's element="step") is bars, on a category axis too
            steps = fills.step_bars(i, coll, ax) if isinstance(coll, PolyCollection) else None
            if steps is not None:
                out += steps
                continue
            if isinstance(coll, PolyCollection) and xcat is None and ycat is None:
                band = (
                    _band(i, coll, xmap)
                    or fills.sideways_area(i, coll, ax, xmap)
                    or fills.sideways_band(i, coll, ax)
                    or []
                )
                if not band:
                    skipped(i, coll)
                out += band
                continue
            bars = marks.patch_bars(i, coll, ax, legend) if isinstance(coll, PatchCollection) else None
            if bars is not None:
                out += bars
                continue
            if isinstance(coll, LineCollection):
                got = marks.line_collection(i, coll, ax, legend, xmap, cmap, cat, swap)
                # Lines no reading takes (segments in several directions, a rug's axes-relative
                # ticks) are passed over as before marks.py read any: reporting them unread needs
                # a reader's noun for them in the check (faithfulness.shapeNoun) first.
                if got is None:
                    continue
                out += got[0]
                continue
            if not isinstance(coll, PathCollection):
                skipped(i, coll)
                continue
            offs = np.asarray(coll.get_offsets())
            if offs.ndim != 2 or offs.shape[1] != 2:
                continue
            xs, ys = (offs[:, 1], offs[:, 0]) if swap else (offs[:, 0], offs[:, 1])
            ph = _point_hues(coll, len(offs), ax, fig)
            out.append(_series(i, "scatter", str(coll.get_label()), xs, ys, cmap, cat, near=True, hues=ph))
        for patch in ax.patches:
            if len(out) >= MAX_SERIES:
                # a polygon marks.area would read (or count as unread) is a series past the cap
                if marks.area(i, patch, ax, legend, xmap) != ([], None):
                    skipped(i, patch, "series")
                continue
            shapes, unread_shape = marks.area(i, patch, ax, legend, xmap)
            out += shapes
            if unread_shape:
                skipped(i, patch, unread_shape)
        for im in ax.images:
            if len(out) < MAX_SERIES:
                out += _image(i, im, xcat, ycat)
            else:
                skipped(i, im, "series")
    for extra in out[MAX_SERIES:]:
        skipped(extra["axes"], None, "series")
    return out[:MAX_SERIES]


# ---- box plots: matplotlib's Axes.bxp (plt.boxplot, pandas' df.boxplot / plot.box, seaborn's
# boxplot) draws each box as separate lines, in this order: the box outline (a 5-point closed
# rectangle, 11 points when notched; a PathPatch instead when patch_artist is on), the low and the
# high whisker (from q1 down to whislo, from q3 up to whishi, at the box's position), two caps
# (unless showcaps=False), the median, a mean (showmeans) and the fliers (every point at the
# position; absent when showfliers=False). Read whole, one box is one series of kind "box".


def _line_xy(line: Any) -> tuple[np.ndarray, np.ndarray]:
    return _floats(line.get_xdata(orig=False)), _floats(line.get_ydata(orig=False))


def _whisker_pair(lo: Any, hi: Any, vertical: bool) -> tuple[float, list[float]] | None:
    """(position, [whislo, q1, q3, whishi]) when lo and hi are bxp's two whiskers of one box drawn
    vertically (or not): two-point lines at one position, lo from q1 down to whislo, hi from q3 up
    to whishi. A box of one value reads both ways: its median line tells which."""
    (lx, ly), (hx, hy) = _line_xy(lo), _line_xy(hi)
    if not (len(lx) == len(ly) == len(hx) == len(hy) == 2):
        return None
    lc, la, hc, ha = (lx, ly, hx, hy) if vertical else (ly, lx, hy, hx)
    if not (lc[0] == lc[1] == hc[0] == hc[1]) or not np.all(np.isfinite(np.concatenate([la, ha, lc]))):
        return None
    whislo, q1, q3, whishi = float(la[1]), float(la[0]), float(ha[0]), float(ha[1])
    if whislo <= q1 <= q3 <= whishi:
        return float(lc[0]), [whislo, q1, q3, whishi]
    return None


def _across(line: Any, vertical: bool) -> tuple[np.ndarray, np.ndarray]:
    """(coordinates across the value axis, coordinates along it) of a line's points."""
    x, y = _line_xy(line)
    return (x, y) if vertical else (y, x)


def _flat_at(line: Any, vertical: bool, pos: float, value: float | None = None) -> float | None:
    """The value of a two-point line across the box at `pos` (a cap, the median, a mean line):
    constant along the value axis (equal to `value` when given), centred on the position."""
    c, a = _across(line, vertical)
    if len(c) != 2 or len(a) != 2 or a[0] != a[1] or not np.isfinite(a[0]) or c[0] == c[1]:
        return None
    if value is not None and a[0] != value:
        return None
    if abs((c[0] + c[1]) / 2 - pos) > 1e-6 * max(1.0, abs(pos), abs(c[1] - c[0])):
        return None
    return float(a[0])


def _at_position(line: Any, vertical: bool, pos: float) -> np.ndarray | None:
    """The values of a line whose every point stands at `pos` (fliers, a mean marker), else None."""
    c, a = _across(line, vertical)
    if len(c) != len(a) or not np.all(c == pos):
        return None
    return a


def _box_outline(line: Any, vertical: bool, pos: float, q1: float, q3: float) -> bool:
    """bxp's box drawn as a line: 5 points (11 when notched) around `pos`, from q1 to q3."""
    c, a = _across(line, vertical)
    if len(c) not in (5, 11) or len(a) != len(c) or not np.all(np.isfinite(c)):
        return False
    return (
        a[0] == q1
        and float(np.max(a)) == q3
        and float(np.min(a)) == q1
        and abs((c.min() + c.max()) / 2 - pos) < 1e-6 * max(1.0, abs(pos))
    )


def _box_series(
    ax_index: int, ax: Any, vertical: bool, pos: float, five: list[float], fliers: np.ndarray | None, label: str | None
) -> dict[str, Any]:
    """One box as kind "box": x its category (its tick label when the position has one), y
    [whislo, q1, median, q3, whishi], `fliers` the outliers ascending (absent when not drawn)."""
    axis = ax.xaxis if vertical else ax.yaxis
    where: Any = None
    cat = _categories(axis)
    if cat:
        where = _nearest(cat, pos)
    if where is None:
        # bxp's own ticks (manage_ticks): the labels pandas and plt.boxplot give the positions 1..n
        ticks = _tick_label_mapper(axis) or {}
        where = next((t for p, t in ticks.items() if abs(p - pos) < 1e-9 and t.strip()), None)
    if where is None:
        where = _XMap(ax, axis).many(np.asarray([pos]))[0]
    out: dict[str, Any] = {
        "axes": ax_index,
        "kind": "box",
        "label": label if label and not label.startswith("_") and label.strip() else None,
        "x": [where] * 5,
        "y": five,
        "truncated": False,
    }
    # seaborn computes a box on a log axis from the logs of the values (matplotlib does not)
    if (ax.yaxis if vertical else ax.xaxis).get_scale() == "log":
        out["valueScale"] = "log"
    if fliers is not None:
        f = np.sort(fliers[np.isfinite(fliers)])
        out["fliers"] = f[:MAX_POINTS].tolist()
        out["flierCount"] = len(f)
        out["truncated"] = len(f) > MAX_POINTS
    return out


def _one_box(
    ax_index: int, ax: Any, wlo: Any, whi: Any, median: Any, flier: Any | None, label: str | None
) -> dict[str, Any] | None:
    for vertical in (True, False):
        pair = _whisker_pair(wlo, whi, vertical)
        if pair is None:
            continue
        pos, (whislo, q1, q3, whishi) = pair
        med = _flat_at(median, vertical, pos)
        if med is None or not q1 <= med <= q3:
            continue
        fl = _at_position(flier, vertical, pos) if flier is not None else None
        if flier is not None and fl is None:
            continue
        return _box_series(ax_index, ax, vertical, pos, [whislo, q1, med, q3, whishi], fl, label)
    return None


def _container_boxes(ax_index: int, ax: Any, cont: Any, hues: list[tuple[Rgb, str]]) -> list[dict[str, Any]] | None:
    """seaborn's BoxPlotContainer (one per hue level): its artists say which lines make each box.
    The hue level is the one whose legend colour the box is drawn in. None when a box does not read."""
    n = len(cont.medians)
    if len(cont.whiskers) != 2 * n or (cont.fliers and len(cont.fliers) != n) or (cont.boxes and len(cont.boxes) != n):
        return None
    out = []
    for k in range(n):
        label = None
        if cont.boxes:
            rgb = _shown_colour(cont.boxes[k]) if hasattr(cont.boxes[k], "get_facecolor") else None
            if rgb is None and hasattr(cont.boxes[k], "get_color"):
                rgb = mcolors.to_rgb(cont.boxes[k].get_color())
            label = next((name for c, name in hues if rgb is not None and _same_colour(c, rgb)), None)
        box = _one_box(
            ax_index,
            ax,
            cont.whiskers[2 * k],
            cont.whiskers[2 * k + 1],
            cont.medians[k],
            cont.fliers[k] if cont.fliers else None,
            label,
        )
        if box is None:
            return None
        out.append(box)
    return out


def _boxes(ax_index: int, ax: Any, hues: list[tuple[Rgb, str]]) -> tuple[list[dict[str, Any]], set[int]]:
    """Every box bxp drew on the axes, and the ids of the lines they are made of (reported in the
    box, not again as lines). seaborn's boxes come from its containers; plt.boxplot's and pandas'
    (no container) from the order bxp draws the lines in."""
    out: list[dict[str, Any]] = []
    used: set[int] = set()
    for cont in ax.containers:
        if type(cont).__name__ != "BoxPlotContainer" or not hasattr(cont, "medians"):
            continue
        got = _container_boxes(ax_index, ax, cont, hues)
        if got is None:
            continue
        out += got
        for art in [*cont.boxes, *cont.medians, *cont.whiskers, *cont.caps, *cont.fliers, *cont.means]:
            used.add(id(art))
    lines = [ln for ln in ax.lines if id(ln) not in used]
    i = 0
    while i + 2 < len(lines):
        found = next((r for r in (_box_at(ax_index, ax, lines, i, v) for v in (True, False)) if r is not None), None)
        if found is None:
            i += 1
            continue
        box, parts, i = found
        out.append(box)
        used.update(id(p) for p in parts)
    return out, used


def _box_at(
    ax_index: int, ax: Any, lines: list[Any], i: int, vertical: bool
) -> tuple[dict[str, Any], list[Any], int] | None:
    """The box whose whiskers are lines i and i + 1 (drawn vertically or not), the lines it is made
    of, and the index after them; None when the lines from i are not one box in bxp's order."""
    pair = _whisker_pair(lines[i], lines[i + 1], vertical)
    if pair is None:
        return None
    pos, (whislo, q1, q3, whishi) = pair
    parts = [lines[i], lines[i + 1]]
    j = i + 2
    if (
        j + 1 < len(lines)
        and _flat_at(lines[j], vertical, pos, whislo) is not None
        and _flat_at(lines[j + 1], vertical, pos, whishi) is not None
    ):
        parts += lines[j : j + 2]
        j += 2
    med = _flat_at(lines[j], vertical, pos) if j < len(lines) else None
    if med is None or not q1 <= med <= q3:
        return None
    parts.append(lines[j])
    j += 1
    # a mean: a line across the box (meanline) or one point at the position before the fliers
    if j < len(lines) and _flat_at(lines[j], vertical, pos) is not None:
        parts.append(lines[j])
        j += 1
    elif j + 1 < len(lines):
        one = _at_position(lines[j], vertical, pos)
        if one is not None and len(one) == 1 and _at_position(lines[j + 1], vertical, pos) is not None:
            parts.append(lines[j])
            j += 1
    fliers = _at_position(lines[j], vertical, pos) if j < len(lines) else None
    if fliers is not None:
        parts.append(lines[j])
        j += 1
    if i > 0 and _box_outline(lines[i - 1], vertical, pos, q1, q3):
        parts.append(lines[i - 1])
    return _box_series(ax_index, ax, vertical, pos, [whislo, q1, med, q3, whishi], fliers, None), parts, j


def _rects(coll: Any) -> list[tuple[float, float, float, float]] | None:
    """(x0, y0, x1, y1) of each patch of a collection when every one is an axis-aligned rectangle."""
    rects: list[tuple[float, float, float, float]] = []
    for path in coll.get_paths():
        v = np.asarray(path.vertices, dtype=float)
        if len(v) == 5 and np.array_equal(v[0], v[-1]):
            v = v[:4]
        if len(v) != 4 or not np.all(np.isfinite(v)):
            return None
        xs, ys = np.unique(v[:, 0]), np.unique(v[:, 1])
        if len(xs) != 2 or len(ys) != 2:
            return None
        # each corner once: an axis-aligned rectangle
        if len({(float(a), float(b)) for a, b in v}) != 4:
            return None
        rects.append((float(xs[0]), float(ys[0]), float(xs[1]), float(ys[1])))
    return rects or None


def _boxens(ax_index: int, ax: Any, hues: list[tuple[Rgb, str]]) -> tuple[list[dict[str, Any]], set[int]]:
    """seaborn's boxenplot: each box set is one collection of nested rectangles centred on one
    position, stacked end to end along the value axis (2k - 1 of them between the 2k letter values),
    with its median line across it and its fliers at the position. Kind "boxen": x its category,
    y the letter values ascending, `median`, `fliers`; label the hue level whose legend colour its
    innermost box is filled (or outlined) with. Returns the series and the ids of their artists."""
    from matplotlib.collections import PatchCollection, PathCollection

    out: list[dict[str, Any]] = []
    used: set[int] = set()
    for coll in ax.collections:
        if not isinstance(coll, PatchCollection) or not coll.get_visible():
            continue
        rects = _rects(coll)
        if rects is None or len(rects) % 2 == 0:
            continue
        for vertical in (True, False):
            across = [((x0 + x1) / 2, y0, y1) if vertical else ((y0 + y1) / 2, x0, x1) for x0, y0, x1, y1 in rects]
            centre = across[0][0]
            if any(abs(c - centre) > 1e-9 * max(1.0, abs(centre)) for c, _, _ in across):
                continue
            spans = sorted((lo, hi) for _, lo, hi in across)
            # each box starts at a letter value and is as tall as the step to the next: its top is
            # that next value up to the rounding of the sum
            tol = 1e-9 * max(1.0, max(abs(v) for span in spans for v in span))
            if any(abs(a[1] - b[0]) > tol for a, b in zip(spans, spans[1:], strict=False)):
                continue
            edges = [lo for lo, _ in spans] + [spans[-1][1]]
            median = next(
                (ln for ln in ax.lines if id(ln) not in used and _flat_at(ln, vertical, centre) is not None),
                None,
            )
            if median is None:
                break
            med = _flat_at(median, vertical, centre)
            fl: np.ndarray | None = None
            for pc in ax.collections:
                if isinstance(pc, PathCollection) and id(pc) not in used:
                    offs = np.asarray(pc.get_offsets(), dtype=float)
                    if offs.ndim == 2 and len(offs) and np.all(offs[:, 0 if vertical else 1] == centre):
                        fl = offs[:, 1 if vertical else 0]
                        used.add(id(pc))
                        break
            used.update((id(coll), id(median)))
            art: Any = coll  # a Collection's colours (PatchCollection's stubs do not list them)
            faces = np.asarray(art.get_facecolor(), dtype=np.float64).reshape(-1, 4)
            edges_rgba = np.asarray(art.get_edgecolor(), dtype=np.float64).reshape(-1, 4)
            shown = faces if len(faces) and bool(np.any(faces[:, 3] > 0)) else edges_rgba
            rgbs = [(float(c[0]), float(c[1]), float(c[2])) for c in shown if len(c) == 4 and c[3] > 0]
            label = next((name for c, name in hues if any(_same_colour(c, r) for r in rgbs)), None)
            box = _box_series(ax_index, ax, vertical, centre, edges, fl, label)
            box.update({"kind": "boxen", "x": [box["x"][0]] * len(edges), "median": med})
            out.append(box)
            break
    return out, used


def _fill_halves(verts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(t, f1, f2) of a polygon drawn as fill_between draws one region: (t0, f2_0), then (t_i, f1_i)
    forward, (t_last, f2_last), then (t_i, f2_i) backward, closed on the first vertex; None for any
    other polygon. Whether t may repeat is the caller's rule."""
    v = np.asarray(verts, dtype=float)
    if len(v) >= 2 and np.array_equal(v[-1], v[0]):
        v = v[:-1]
    if len(v) < 4 or len(v) % 2:
        return None
    n = (len(v) - 2) // 2
    fwd, back = v[1 : n + 1], v[n + 2 :][::-1]
    t = fwd[:, 0]
    if not np.array_equal(t, back[:, 0]) or not np.array_equal(v[0], back[0]) or not np.array_equal(v[n + 1], back[-1]):
        return None
    return t, fwd[:, 1], back[:, 1]


def _band_path(verts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(t, f1, f2) of one region of fill_between, from its polygon: (t0, f2_0), then (t_i, f1_i)
    forward, (t_last, f2_last), then (t_i, f2_i) backward, closed on the first vertex. None for
    any other polygon (a hexbin cell, a violin's outline, a step or interpolated fill)."""
    halves = _fill_halves(verts)
    if halves is None:
        return None
    steps = np.diff(halves[0])
    if not (np.all(steps > 0) or np.all(steps < 0)):
        return None
    return halves


def _band(ax_index: int, coll: Any, xmap: _XMap) -> list[dict[str, Any]]:
    """fill_between (seaborn's error bands, an area under a line, kdeplot(fill=True)): one series of
    kind "band" per collection, its x the filled x, `lower` and y the lower and upper edge. Only
    fills along x (fill_betweenx is not a band; a violin's body is read by _violin first) whose
    every region is a plain fill_between polygon."""
    if getattr(coll, "t_direction", "x") != "x":
        return []
    parts = [_band_path(p.vertices) for p in coll.get_paths()]
    if not parts or any(p is None for p in parts):
        return []
    t = np.concatenate([p[0] for p in parts if p is not None])
    f1 = np.concatenate([p[1] for p in parts if p is not None])
    f2 = np.concatenate([p[2] for p in parts if p is not None])
    keep = np.isfinite(t) & np.isfinite(f1) & np.isfinite(f2)
    total = int(keep.sum())
    t, lo, hi = t[keep][:MAX_POINTS], np.minimum(f1, f2)[keep][:MAX_POINTS], np.maximum(f1, f2)[keep][:MAX_POINTS]
    label = str(coll.get_label())
    return [
        {
            "axes": ax_index,
            "kind": "band",
            "label": None if label.startswith("_") or not label.strip() else label,
            "x": xmap.many(t),
            "y": hi.tolist(),
            "lower": lo.tolist(),
            "truncated": total > MAX_POINTS,
        }
    ]


Rgb = tuple[float, float, float]


def _shown_colour(artist: Any) -> Rgb | None:
    """The colour a filled shape (or its legend handle) shows: its fill, or its outline when it is
    not filled (seaborn's fill=False draws a hue level's colour on the edge); None for neither."""
    for get in (artist.get_facecolor, artist.get_edgecolor):
        try:
            cs = np.asarray(get(), dtype=float)
        except (TypeError, ValueError):
            continue
        if cs.ndim == 2:
            cs = cs[0] if len(cs) else np.zeros(0)
        if cs.shape == (4,) and cs[3] > 0:
            return (float(cs[0]), float(cs[1]), float(cs[2]))
    return None


def _same_colour(a: Rgb, b: Rgb) -> bool:
    return max(abs(u - v) for u, v in zip(a, b, strict=True)) < 1e-3


def _legend_hues(ax: Any, fig: Any) -> list[tuple[Rgb, str]]:
    """(colour, label) of the legend entries that name one colour each (the axes' legend, or the
    figure's, where catplot puts it): how a violin body drawn in a hue level's colour is named.
    A colour two entries share names neither."""
    pairs: list[tuple[Rgb, str]] = []
    for leg in [ax.get_legend(), *fig.legends]:
        if leg is None:
            continue
        for handle, text in zip(getattr(leg, "legend_handles", []), leg.get_texts(), strict=False):
            rgb = _shown_colour(handle) if hasattr(handle, "get_facecolor") else None
            if rgb is not None and text.get_text().strip():
                pairs.append((rgb, text.get_text()))
    return [(c, t) for c, t in pairs if all(t == u or not _same_colour(c, d) for d, u in pairs)]


def _handle_colour(handle: Any) -> Rgb | None:
    """The colour a legend handle shows: a patch's or collection's fill (or outline), a marker's
    face (or edge, when it is not filled: seaborn's scatter legends), or a line's colour."""
    from matplotlib.colors import to_rgba

    if hasattr(handle, "get_facecolor"):
        return _shown_colour(handle)
    for get in ("get_markerfacecolor", "get_markeredgecolor", "get_color"):
        try:
            c = to_rgba(getattr(handle, get)())
        except (AttributeError, TypeError, ValueError):
            continue
        if c[3] > 0:
            return (float(c[0]), float(c[1]), float(c[2]))
    return None


def _point_hues(coll: Any, n: int, ax: Any, fig: Any) -> list[str | None] | None:
    """Each point's colour as the legend names it (None: a colour no legend entry names, as a
    colormap's), when the points of one collection are drawn in more than one colour (seaborn's
    scatter with hue=, plt.scatter(c=...)); None when they share one colour."""
    try:
        fc = np.asarray(coll.get_facecolors(), dtype=float)
    except (TypeError, ValueError):
        return None
    if fc.ndim != 2 or fc.shape[0] != n or n < 2 or fc.shape[1] < 3:
        return None
    rgb = np.round(fc[:, :3], 3)
    if len(np.unique(rgb, axis=0)) < 2:
        return None
    named: list[tuple[Rgb, str]] = []
    for leg in [ax.get_legend(), *fig.legends]:
        if leg is None:
            continue
        for handle, text in zip(getattr(leg, "legend_handles", []), leg.get_texts(), strict=False):
            c = _handle_colour(handle)
            if c is not None and text.get_text().strip():
                named.append((c, text.get_text()))
    # a colour two entries share (a size or style legend's grey) names neither
    named = [(c, t) for c, t in named if all(t == u or not _same_colour(c, d) for d, u in named)]
    by_colour: dict[tuple[float, ...], str | None] = {}
    out: list[str | None] = []
    for row in fc[:, :3]:
        key = tuple(np.round(row, 3).tolist())
        if key not in by_colour:
            c = (float(row[0]), float(row[1]), float(row[2]))
            by_colour[key] = next((t for d, t in named if _same_colour(c, d)), None)
        out.append(by_colour[key])
    return out


def _violin(
    ax_index: int, coll: Any, ax: Any, xcat: Any, ycat: Any, hues: list[tuple[Rgb, str]]
) -> dict[str, Any] | None:
    """A violin's body (seaborn's violinplot and catplot(kind="violin")): one fill_betweenx (or,
    drawn horizontally, fill_between) region whose filled direction runs along the value axis and
    whose two edges are mirror images about one position (or, a split violin's half, one edge
    straight at it). Reported as kind "violin": x the category the position is at (within half a
    step: hue levels are dodged), or the position itself on an axes without categories; y the
    support values along the value axis (ascending) and `widths` the body's width at each; label
    the hue level its colour names in the legend. None for anything else (a band along a category
    axis, a fill that is no mirror, a value axis that is not linear numbers)."""
    paths = coll.get_paths()
    if len(paths) != 1 or not coll.get_visible():
        return None
    direction = getattr(coll, "t_direction", None)
    # the category axis is across the body: t runs along the other one
    along: str | None
    if xcat is not None and ycat is None:
        along = "y"
    elif ycat is not None and xcat is None:
        along = "x"
    else:
        along = direction if direction in ("x", "y") else None
    if along is None or (direction in ("x", "y") and direction != along):
        return None
    value_axis = ax.yaxis if along == "y" else ax.xaxis
    if value_axis.get_scale() != "linear" or "Date" in type(_converter(value_axis)).__name__:
        return None
    verts = np.asarray(paths[0].vertices, dtype=float)
    part = _band_path(verts if along == "x" else verts[:, ::-1])
    if part is None:
        return None
    t, f1, f2 = part
    if not (np.all(np.isfinite(t)) and np.all(np.isfinite(f1)) and np.all(np.isfinite(f2))) or len(t) < 3:
        return None
    lo, hi = np.minimum(f1, f2), np.maximum(f1, f2)
    width = hi - lo
    tol = 1e-9 * max(1.0, float(np.max(np.abs(hi))), float(np.max(np.abs(lo))))
    centre = (lo + hi) / 2
    cat = xcat if along == "y" else ycat
    if np.ptp(centre) <= tol:
        pos = float(np.mean(centre))
    elif cat is not None and np.ptp(lo) <= tol:  # a split violin's half: one edge at its category
        pos = float(lo[0])
    elif cat is not None and np.ptp(hi) <= tol:
        pos = float(hi[0])
    else:
        return None
    if not np.any(width > tol):
        return None
    where: Any = pos
    if cat is not None:
        where = _nearest(cat, pos)
        if where is None:
            return None
    order = np.argsort(t, kind="stable")
    t, width = t[order], width[order]
    n = len(t)
    rgb = _shown_colour(coll)
    label = next((name for c, name in hues if rgb is not None and _same_colour(c, rgb)), None)
    return {
        "axes": ax_index,
        "kind": "violin",
        "label": label,
        "x": [where] * min(n, MAX_POINTS),
        "y": t[:MAX_POINTS].tolist(),
        "widths": width[:MAX_POINTS].tolist(),
        "truncated": n > MAX_POINTS,
    }


MAX_CONTOUR_VERTICES = 40  # per level (or band) at most, spread evenly along its lines


def _hue_of(rgb: Rgb) -> float | None:
    """The HUSL hue of a colour (what seaborn's sequential map from a hue level's colour keeps);
    None when the colour has no hue (a grey) or seaborn's husl is not at hand."""
    try:
        from seaborn.external import husl
    except ImportError:
        return None
    h, s, _ = husl.rgb_to_husl(*rgb)
    return float(h) if s > 5 else None


def _contour_label(coll: Any, fig: Any, ax: Any) -> str | None:
    """The legend entry naming a contour set's hue level: a line set's colour is the entry's; a
    filled set's map runs light to dark in the entry's hue (seaborn's fill=True), so its hue is
    compared. None when no single entry names it."""
    entries: list[tuple[Rgb, str]] = []
    for leg in [ax.get_legend(), *fig.legends]:
        if leg is None:
            continue
        for handle, text in zip(getattr(leg, "legend_handles", []), leg.get_texts(), strict=False):
            get = getattr(handle, "get_facecolor", None) or getattr(handle, "get_color", None)
            try:
                rgba = mcolors.to_rgba(get()) if get is not None else None
            except (ValueError, TypeError):
                rgba = None
            if rgba is not None and rgba[3] > 0 and text.get_text().strip():
                entries.append(((rgba[0], rgba[1], rgba[2]), text.get_text()))
    if not entries:
        return None
    if not coll.filled:
        cs = np.asarray(coll.get_edgecolor(), dtype=float).reshape(-1, 4)
        if len(cs) == 0 or not all(_same_colour(tuple(c[:3]), tuple(cs[0][:3])) for c in cs):
            return None
        names = {t for c, t in entries if _same_colour(c, (float(cs[0][0]), float(cs[0][1]), float(cs[0][2])))}
    else:
        mid = coll.cmap(0.5)
        hue = _hue_of((float(mid[0]), float(mid[1]), float(mid[2])))
        if hue is None:
            return None
        names = {t for c, t in entries if (h := _hue_of(c)) is not None and min(abs(h - hue), 360 - abs(h - hue)) < 1.0}
    return names.pop() if len(names) == 1 else None


def _contours(ax_index: int, coll: Any, ax: Any, fig: Any) -> dict[str, Any] | None:
    """A contour set (contour / contourf; seaborn's bivariate kdeplot draws one per hue level) as
    kind "contours": x, y a sample of the vertices of each level's lines (each filled band's
    outline), spread evenly along them, in data units; `levels` the level each vertex is on (a
    filled band's upper level) and, filled, `lower` the band's lower level; label the hue level
    the legend names. None for anything else, or on axes that are not linear numbers (a vertex
    is not then the value it is drawn at)."""
    from matplotlib.contour import ContourSet
    from matplotlib.path import Path

    if not isinstance(coll, ContourSet) or not coll.get_visible():
        return None
    for axis in (ax.xaxis, ax.yaxis):
        if axis.get_scale() != "linear" or _categories(axis) is not None or _converter(axis) is not None:
            return None
    levels = np.asarray(coll.levels, dtype=float)
    paths = coll.get_paths()
    filled = bool(coll.filled)
    if len(paths) != (len(levels) - 1 if filled else len(levels)):
        return None
    xs: list[float] = []
    ys: list[float] = []
    at: list[float] = []
    lower: list[float] = []
    total = 0
    per_level = max(4, min(MAX_CONTOUR_VERTICES, MAX_POINTS // max(1, len(paths))))
    for k, path in enumerate(paths):
        v = np.asarray(path.vertices, dtype=float)
        if path.codes is not None and len(v):
            v = v[np.asarray(path.codes) != Path.CLOSEPOLY]
        v = v[np.all(np.isfinite(v), axis=1)] if len(v) else v
        if len(v) == 0:
            continue
        total += len(v)
        pick = np.unique(np.linspace(0, len(v) - 1, min(len(v), per_level)).round().astype(int))
        xs += v[pick, 0].tolist()
        ys += v[pick, 1].tolist()
        at += [float(levels[k + 1] if filled else levels[k])] * len(pick)
        if filled:
            lower += [float(levels[k])] * len(pick)
    if not xs:
        return None
    out: dict[str, Any] = {
        "axes": ax_index,
        "kind": "contours",
        "label": _contour_label(coll, fig, ax),
        "x": xs[:MAX_POINTS],
        "y": ys[:MAX_POINTS],
        "levels": at[:MAX_POINTS],
        "truncated": total > min(len(xs), MAX_POINTS),
    }
    if filled:
        out["lower"] = lower[:MAX_POINTS]
    return out


def _cells(ax_index: int, values: Any, xc: np.ndarray, yc: np.ndarray, xcat: Any, ycat: Any) -> list[dict[str, Any]]:
    """A heatmap's cells as one series: x the column's label, rows the row's label, y the value.
    Only when every cell centre sits at a labelled category on both axes (a heatmap whose labels
    were thinned out cannot name its cells, so it is not reported)."""
    if xcat is None or ycat is None:
        return []
    arr: np.ndarray = np.ma.filled(np.ma.masked_invalid(np.ma.asarray(values, dtype=float)), np.nan)
    if arr.ndim != 2 or arr.shape != (len(yc), len(xc)):
        return []
    cols = [_nearest(xcat, float(v)) for v in xc]
    rows = [_nearest(ycat, float(v)) for v in yc]
    if any(c is None for c in cols) or any(r is None for r in rows):
        return []
    x: list[Any] = []
    y: list[float] = []
    row: list[str] = []
    for r, rl in enumerate(rows):
        for c, cl in enumerate(cols):
            v = float(arr[r, c])
            if math.isfinite(v) and len(y) < MAX_POINTS:
                x.append(cl)
                y.append(v)
                row.append(str(rl))
    n = int(np.isfinite(arr).sum())
    return [
        {"axes": ax_index, "kind": "heatmap", "label": None, "x": x, "y": y, "rows": row, "truncated": n > MAX_POINTS}
    ]


def _mesh(ax_index: int, mesh: Any, xcat: Any, ycat: Any) -> list[dict[str, Any]]:
    """sns.heatmap / pcolormesh: cell centres from the mesh's corners."""
    try:
        coords = np.asarray(mesh.get_coordinates())
    except Exception:
        return []
    if coords.ndim != 3 or coords.shape[0] < 2 or coords.shape[1] < 2:
        return []
    xc = (coords[0, :-1, 0] + coords[0, 1:, 0]) / 2
    yc = (coords[:-1, 0, 1] + coords[1:, 0, 1]) / 2
    arr = mesh.get_array()
    if arr is None:
        return []
    arr = np.ma.asarray(arr)
    if arr.ndim == 1 and arr.size == len(xc) * len(yc):
        arr = arr.reshape(len(yc), len(xc))
    return _cells(ax_index, arr, xc, yc, xcat, ycat)


MAX_CELLS = 20000


def _edges(coords: np.ndarray, axis: int) -> np.ndarray | None:
    """The bin edges along one axis of a rectilinear mesh (every row of corners on the same x
    edges, every column on the same y edges), strictly increasing; None for any other mesh."""
    edges = coords[0, :, 0] if axis == 0 else coords[:, 0, 1]
    rest = coords[..., 0] if axis == 0 else coords[..., 1].T
    if not np.all(np.isfinite(edges)) or not np.all(rest == edges) or not np.all(np.diff(edges) > 0):
        return None
    return np.asarray(edges, dtype=float)


def _bin_labels(edges: np.ndarray, cat: dict[float, str] | None) -> list[str] | None:
    """On a category axis, the category each bin stands at (seaborn bins categories as discrete
    values: one bin of width 1 per position); None when a bin is not one category's."""
    if cat is None:
        return None
    labels: list[str] = []
    for lo, hi in zip(edges[:-1].tolist(), edges[1:].tolist(), strict=True):
        centre = (lo + hi) / 2
        name = cat.get(float(round(centre)))
        if name is None or abs(centre - round(centre)) > 1e-9 or abs(hi - lo - 1) > 1e-9:
            return None
        labels.append(name)
    return labels


def _shared_categories(ax: Any, which: str) -> dict[float, str] | None:
    """The categories of an axes that shares this axes' x (or y) axis, or None."""
    shared = ax.get_shared_x_axes() if which == "x" else ax.get_shared_y_axes()
    for other in shared.get_siblings(ax):
        if other is not ax:
            cat = _categories(other.xaxis if which == "x" else other.yaxis)
            if cat is not None:
                return cat
    return None


def _hist2d(
    ax_index: int, mesh: Any, ax: Any, xcat: Any, ycat: Any, hues: list[tuple[Rgb, str]]
) -> list[dict[str, Any]]:
    """A 2-D histogram (seaborn's histplot/displot(x=, y=), plt.hist2d, pcolormesh of
    np.histogram2d): a rectilinear QuadMesh with at least one numeric axis. Reported as kind
    "hist2d": x and y the bin edges in data units (a log axis's too), `cells` the value of each cell
    row by row (y bin, then x bin), null where the cell is masked or not finite (seaborn's thresh,
    hist2d's cmin/cmax); `binLabels` the category of each bin on a category axis; `scales` the two
    axes' scales; label the hue level the legend names when the axes holds one mesh per legend
    entry (seaborn draws one per hue level, in the legend's order). Date axes are not read."""
    # a facet that shares its category axis with another (seaborn's col_wrap) may hold no labels of its own
    xcat = xcat if xcat is not None else _shared_categories(ax, "x")
    ycat = ycat if ycat is not None else _shared_categories(ax, "y")
    if (xcat is not None and ycat is not None) or getattr(ax, "_colorbar", None) is not None:
        return []
    for axis in (ax.xaxis, ax.yaxis):
        conv = type(_converter(axis)).__name__ if _converter(axis) is not None else ""
        if "Date" in conv or "Period" in conv:
            return []
    try:
        coords = np.asarray(mesh.get_coordinates(), dtype=float)
    except Exception:
        return []
    if coords.ndim != 3 or coords.shape[0] < 2 or coords.shape[1] < 2 or coords.shape[2] != 2:
        return []
    xe, ye = _edges(coords, 0), _edges(coords, 1)
    arr = mesh.get_array()
    if xe is None or ye is None or arr is None:
        return []
    ny, nx = len(ye) - 1, len(xe) - 1
    vals: Any = np.ma.masked_invalid(np.ma.asarray(arr, dtype=float))
    if vals.size != nx * ny:
        return []
    xl, yl = _bin_labels(xe, xcat), _bin_labels(ye, ycat)
    if (xcat is not None and xl is None) or (ycat is not None and yl is None):
        return []
    flat = np.ma.filled(vals.reshape(ny, nx), np.nan).ravel()
    truncated = flat.size > MAX_CELLS
    cells = [] if truncated else [v if math.isfinite(v) else None for v in flat.tolist()]
    meshes = [c for c in ax.collections if type(c) is type(mesh)]
    label = hues[meshes.index(mesh)][1] if len(hues) == len(meshes) and len(meshes) > 1 else None
    out: dict[str, Any] = {
        "axes": ax_index,
        "kind": "hist2d",
        "label": label,
        "x": xe.tolist(),
        "y": ye.tolist(),
        "cells": cells,
        "scales": [str(ax.xaxis.get_scale()), str(ax.yaxis.get_scale())],
        "truncated": truncated,
    }
    if xl is not None or yl is not None:
        out["binLabels"] = [xl, yl]
    return [out]


def _image(ax_index: int, im: Any, xcat: Any, ycat: Any) -> list[dict[str, Any]]:
    """imshow of a 2-D array (not a picture): cell centres from its extent and origin."""
    arr = im.get_array()
    if arr is None or np.ndim(arr) != 2:
        return []
    ny, nx = np.shape(arr)
    left, right, bottom, top = (float(v) for v in im.get_extent())
    xc = left + (np.arange(nx) + 0.5) * (right - left) / nx
    if getattr(im, "origin", "upper") == "upper":
        yc = top + (np.arange(ny) + 0.5) * (bottom - top) / ny
    else:
        yc = bottom + (np.arange(ny) + 0.5) * (top - bottom) / ny
    return _cells(ax_index, arr, xc, yc, xcat, ycat)


def _category_ticks(ax: Any) -> dict[str, list[str] | None]:
    """Each category axis's tick labels in position order, an empty category's included: a pandas
    Categorical (or seaborn's order=) keeps a slot for a level with no rows drawn, which is a value
    the chart shows as empty. None for an axis that is not categorical."""

    def ticks(axis: Any) -> list[str] | None:
        cat = _categories(axis)
        return [cat[p] for p in sorted(cat)] if cat else None

    return {"x": ticks(ax.xaxis), "y": ticks(ax.yaxis)}


def _legend_titles(fig: Any, axes: list[Any]) -> list[str]:
    """The titles of the figure's visible legends (the axes' and the figure's, where displot and
    catplot put it): seaborn titles a hue legend with the hue column's name, which is what says the
    drawn levels are that column's, where the bars themselves carry no label."""
    legends = [ax.get_legend() for ax in axes] + list(fig.legends)
    titles = [leg.get_title().get_text().strip() for leg in legends if leg is not None and leg.get_visible()]
    return [t for t in titles if t]


def _legend_entries(fig: Any, axes: list[Any]) -> list[dict[str, Any]]:
    """Each visible legend's title and entry labels: a pandas Categorical's hue legend lists every
    level, one whose rows were dropped included, which names a value the chart draws nothing for."""
    legends = [ax.get_legend() for ax in axes] + list(fig.legends)
    return [
        {"title": leg.get_title().get_text().strip(), "labels": [t.get_text() for t in leg.get_texts()]}
        for leg in legends
        if leg is not None and leg.get_visible()
    ]


def _colors(fig: Any) -> list[str]:
    seen: list[str] = []

    def add(c: Any) -> None:
        h = _hex(c)
        if h and h not in seen and len(seen) < MAX_COLORS:
            seen.append(h)

    for ax in fig.axes:
        for line in ax.lines:
            if line.get_visible():
                add(line.get_color())
        for p in ax.patches:
            if p.get_visible():
                add(p.get_facecolor())
        for coll in ax.collections:
            if not coll.get_visible():
                continue
            fc = coll.get_facecolors()
            for c in (fc if len(fc) else coll.get_edgecolors())[:MAX_COLORS]:
                add(c)
    return seen


def _texts(fig: Any, ax_list: list[Any]) -> list[Any]:
    texts: list[Any] = []
    for ax in ax_list:
        if not ax.get_visible():
            continue
        texts += [ax.title, getattr(ax, "_left_title", None), getattr(ax, "_right_title", None)]
        # `ax.axis("off")` leaves the axis artists undrawn (seaborn's kdeplot grids, every
        # matplotlib widget's axes): their labels were never on the figure, so counting them gave
        # phantom overlaps and labels "outside", and computing their ticks cost more than the draw.
        # Axes3D draws its own axes under `_axis3don` (its `axison` is always False).
        if not getattr(ax, "_axis3don", ax.axison):
            axes_drawn: tuple[Any, ...] = ()
        else:
            axes_drawn = (ax.xaxis, ax.yaxis)
        for axis in axes_drawn:
            # A hidden axis draws neither its label nor its ticks (twinx hides the twin's x axis,
            # whose labels would otherwise "overlap" the visible ones, and computing its ticks
            # again cost pandas' period locator ~0.4 s per figure)
            if not axis.get_visible():
                continue
            texts.append(axis.label)
            # the ticks really drawn (inside the view): as the draw just computed them when the
            # harness kept them (see harness.run), else computed again (same answer, ~1 ms each)
            ticks = axis.__dict__.get("_duellab_drawn_ticks")
            if ticks is None:
                try:
                    ticks = axis._update_ticks()
                except Exception:
                    ticks = axis.get_major_ticks()
            for t in ticks:
                texts += [t.label1, t.label2]
        texts += list(ax.texts)
        leg = ax.get_legend()
        if leg is not None and leg.get_visible():
            texts += list(leg.get_texts())
            if leg.get_title():
                texts.append(leg.get_title())
    texts += list(fig.texts)
    for leg in fig.legends:
        texts += list(leg.get_texts())
    for st in (getattr(fig, "_suptitle", None), getattr(fig, "_supxlabel", None), getattr(fig, "_supylabel", None)):
        texts.append(st)
    return [t for t in texts if t is not None and t.get_visible() and t.get_text().strip()][:MAX_TEXTS]


def _corners(t: Any, renderer: Any, bb: tuple[float, float, float, float]) -> list[tuple[float, float]] | None:
    """The text's real (possibly rotated) rectangle as 4 corners. Its axis-aligned box shares
    its centre; the unrotated extent gives its sides. The text is turned to 0 degrees and back to
    the very angle it had: restoring `angle % 180` turned a -30 degree label (stored as 330) to
    150, upside down the next time the figure was drawn."""
    if t.get_transform_rotates_text():
        return None  # its angle follows its transform: not turned, its axis-aligned box stands
    rotation = t.get_rotation()  # as stored, in [0, 360)
    angle = rotation % 180
    if angle % 90 == 0:
        return None  # the axis-aligned box is exact
    t.set_rotation(0)
    try:
        flat = t.get_window_extent(renderer)
    finally:
        t.set_rotation(rotation)
    cx, cy = (bb[0] + bb[2]) / 2, (bb[1] + bb[3]) / 2
    hw, hh, a = flat.width / 2, flat.height / 2, math.radians(angle)
    ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    return [
        (cx + sx * hw * ux + sy * hh * vx, cy + sx * hw * uy + sy * hh * vy)
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    ]


def _poly(box: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _polys_overlap(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> bool:
    """Separating-axis test for two convex quadrilaterals, needing more than 1 px of overlap."""
    for poly in (p, q):
        for i in range(4):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % 4]
            nx, ny = y0 - y1, x1 - x0
            norm = math.hypot(nx, ny) or 1.0
            nx, ny = nx / norm, ny / norm
            a = [x * nx + y * ny for x, y in p]
            b = [x * nx + y * ny for x, y in q]
            if min(max(a), max(b)) - max(min(a), min(b)) <= 1:
                return False
    return True


def _layout(fig: Any, renderer: Any) -> tuple[int, int]:
    """(overlapping text pairs, text artists sticking out of the figure), from the renderer's
    bounding boxes of what was just drawn (rotated labels compared as rotated rectangles)."""
    items: list[tuple[Box, list[tuple[float, float]] | None]] = []
    for t in _texts(fig, fig.axes):
        try:
            bb = t.get_window_extent(renderer)
        except Exception:
            continue
        x0, y0, x1, y1 = (float(v) for v in bb.extents)
        box = (x0, y0, x1, y1)
        if bb.width > 0 and bb.height > 0 and all(math.isfinite(v) for v in box):
            items.append((box, _corners(t, renderer, box)))
    W, H = fig.bbox.width, fig.bbox.height
    outside = sum(1 for ((x0, y0, x1, y1), _) in items if x0 < -1 or y0 < -1 or x1 > W + 1 or y1 > H + 1)
    items.sort(key=lambda it: it[0])
    overlaps = 0
    for i, ((x0, y0, x1, y1), pc) in enumerate(items):
        for other, qc in items[i + 1 :]:
            u0, v0, u1, v1 = other
            if u0 >= x1 - 1:
                break  # sorted by left edge: nothing further right can overlap
            if not (min(x1, u1) - max(x0, u0) > 1 and min(y1, v1) - max(y0, v0) > 1):
                continue
            if pc is None and qc is None:
                overlaps += 1
            elif _polys_overlap(pc or _poly((x0, y0, x1, y1)), qc or _poly(other)):
                overlaps += 1
    return overlaps, outside


def measure(fig: Any, renderer: Any) -> dict[str, Any]:
    axes = list(fig.axes)

    def has_title(ax: Any) -> bool:
        return any(
            t is not None and t.get_text().strip()
            for t in (ax.title, getattr(ax, "_left_title", None), getattr(ax, "_right_title", None))
        )

    def fig_text(name: str) -> int:
        t = getattr(fig, name, None)
        return 1 if t is not None and t.get_visible() and t.get_text().strip() else 0

    unread: list[dict[str, Any]] = []
    try:
        overlapping: int | None
        outside: int | None
        overlapping, outside = _layout(fig, renderer)
    except Exception as e:  # not measured is null (shown n/a), never a 0 that reads as "no overlap"
        overlapping, outside = None, None
        NOTES.append(f"overlapping/outside text could not be measured ({type(e).__name__}: {e}); reported as n/a")
    return {
        "figsizeIn": [float(fig.get_figwidth()), float(fig.get_figheight())],
        "dpi": float(fig.dpi),
        "axes": len(axes),
        "lines": sum(len(ax.lines) for ax in axes),
        "patches": sum(len(ax.patches) for ax in axes),
        "titles": sum(1 for ax in axes if has_title(ax)) + fig_text("_suptitle"),
        "xlabels": sum(1 for ax in axes if ax.get_xlabel().strip()) + fig_text("_supxlabel"),
        "ylabels": sum(1 for ax in axes if ax.get_ylabel().strip()) + fig_text("_supylabel"),
        "legends": sum(1 for ax in axes if ax.get_legend() is not None) + len(fig.legends),
        "distinctColors": _colors(fig),
        "overlappingText": overlapping,
        "outsideArtists": outside,
        "emptyAxes": sum(1 for ax in axes if not ax.has_data()),
        "axisLabels": [{"title": ax.get_title(), "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel()} for ax in axes],
        "legendTitles": _legend_titles(fig, axes),
        "categoryTicks": [_category_ticks(ax) for ax in axes],
        "legendEntries": _legend_entries(fig, axes),
        "data": _plotted(fig, unread),
        "unread": unread,
    }
