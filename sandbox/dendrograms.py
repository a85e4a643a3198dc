"""Read a clustered heatmap (seaborn's clustermap) whole: its heatmap's mesh and the dendrograms
drawn beside it, so the check can confirm the matrix and the trees against the data instead of
seeing the trees as dozens of 4-point lines. Pure apart from reading the live figure (no drawing,
no state kept between calls).

seaborn (matrix.py) draws each tree as one LineCollection of U-shaped 4-point paths, scipy's
dendrogram coordinates as they are: leaf p at 10p + 5 along the tree's axis, each merge a U whose
legs stand on its two children and whose bar is at the merge's height. The column tree's leaves
run along x, the row tree's along y (rotated, axes inverted so leaf 0 is at the top). The heatmap
is the matrix reordered by the leaves, so leaf p of the row tree is the heatmap's drawn row p and
leaf p of the column tree its drawn column p.

One series of kind "clustermap" is reported on the heatmap's axes: `cells` the drawn matrix row by
row (null where masked), `shape` [rows, columns], x the column labels and `rows` the row labels in
drawn order when every one is labelled (a long axis's labels are thinned out: absent then),
`rowTree` / `colTree` each tree as merges of drawn positions (leaf p is p, merge k is leaves + k,
as scipy's linkage numbers them) with their heights, null when that axis is not clustered;
`rowColors` the row colour strips drawn beside it (row_colors), each drawn row's colour index
and the strip's label. Column colour strips are reported unread.
"""

from __future__ import annotations

from typing import Any

import numpy as np

MAX_CELLS = 20000


def _u_paths(coll: Any) -> list[np.ndarray] | None:
    """The 4-point paths of a LineCollection when every path is one (a dendrogram's), else None."""
    try:
        segs = [np.asarray(s, dtype=float).reshape(-1, 2) for s in coll.get_segments()]
    except Exception:
        return None
    if not segs or any(s.shape != (4, 2) or not np.isfinite(s).all() for s in segs):
        return None
    return segs


def _tree(segs: list[np.ndarray]) -> tuple[str, dict[str, Any]] | None:
    """A dendrogram's tree from its U paths: ("columns", tree) when the leaves run along x,
    ("rows", tree) when along y; None when the paths are not one tree on scipy's leaf grid."""

    def along(k: int) -> bool:  # k: the axis the leaves run along
        d = 1 - k
        return all(s[0, k] == s[1, k] and s[2, k] == s[3, k] and s[1, d] == s[2, d] for s in segs)

    for k, orient in ((0, "columns"), (1, "rows")):
        if along(k):
            got = _merges(segs, k)
            if got is not None:
                return orient, got
    return None


def _merges(segs: list[np.ndarray], k: int) -> dict[str, Any] | None:
    d = 1 - k
    n = len(segs) + 1
    nodes = [((s[1, k] + s[2, k]) / 2, s[1, d]) for s in segs]  # each merge's own (position, height)
    scale = max(1.0, max(abs(h) for _, h in nodes))
    used: set[int] = set()
    # merges by position (a tree of thousands of leaves is not searched merge by merge)
    at: dict[float, list[int]] = {}
    for j, (p, _) in enumerate(nodes):
        at.setdefault(round(float(p), 6), []).append(j)

    def child(pos: float, low: float, me: int) -> tuple[str, int] | None:
        for j in at.get(round(float(pos), 6), []):
            if j != me and j not in used and abs(nodes[j][1] - low) <= 1e-9 * scale:
                used.add(j)
                return ("m", j)
        leaf = (pos - 5) / 10
        if abs(low) <= 1e-12 * scale and abs(leaf - round(leaf)) < 1e-9 and 0 <= round(leaf) < n:
            return ("l", int(round(leaf)))
        return None

    kids: list[tuple[tuple[str, int], tuple[str, int]]] = []
    for j, s in enumerate(segs):
        a = child(s[0, k], s[0, d], j)
        b = child(s[3, k], s[3, d], j)
        if a is None or b is None:
            return None
        kids.append((a, b))
    leaves = [c[1] for pair in kids for c in pair if c[0] == "l"]
    if len(used) != n - 2 or sorted(leaves) != list(range(n)):
        return None
    # number merges as scipy does: children before parents, by height (then by size, for ties)
    # each merge's leaf count, children first without recursion (a chained tree is thousands deep)
    size: dict[int, int] = {}
    for root in range(len(segs)):
        stack = [root]
        while stack:
            j = stack[-1]
            pending = [c[1] for c in kids[j] if c[0] == "m" and c[1] not in size]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            size[j] = sum(1 if c[0] == "l" else size[c[1]] for c in kids[j])

    order = sorted(range(len(segs)), key=lambda j: (nodes[j][1], size[j]))
    ids = {j: n + r for r, j in enumerate(order)}
    merges = [[c[1] if c[0] == "l" else ids[c[1]] for c in kids[j]] for j in order]
    return {"merges": merges, "heights": [float(nodes[j][1]) for j in order]}


def _labels(cat: dict[float, str] | None, n: int) -> list[str] | None:
    """The label of each of n cells along an axis (centres at p + 0.5), when every one has one."""
    if cat is None:
        return None
    out = [cat.get(p + 0.5) for p in range(n)]
    return None if any(t is None for t in out) else [str(t) for t in out]


def clustermaps(fig: Any, categories: Any) -> tuple[dict[int, list[dict[str, Any]]], set[int], set[int]]:
    """Every clustered heatmap in the figure: its series per axes index, the ids of the artists it
    consists of (the mesh and the trees, not to be read again), and the ids of the colour strips
    drawn above it (col_colors: colours of the data's columns, which the check cannot confirm; reported unread)."""
    from matplotlib.collections import LineCollection, QuadMesh

    trees: list[tuple[int, Any, str, dict[str, Any]]] = []
    for i, ax in enumerate(fig.axes):
        for coll in ax.collections:
            if isinstance(coll, LineCollection) and (segs := _u_paths(coll)) is not None:
                got = _tree(segs)
                if got is not None:
                    trees.append((i, coll, got[0], got[1]))
    out: dict[int, list[dict[str, Any]]] = {}
    consumed: set[int] = set()
    strips: set[int] = set()
    if not trees:
        return out, consumed, strips
    # every mesh laid out as seaborn's heatmap lays it (a cell per unit, row 0 at y 0..1), with
    # the trees whose leaf count fits it; the heatmap is the one most trees fit, then the largest
    # (a colour strip beside it fits one tree and is one cell wide)
    meshes: list[tuple[int, int, int, Any, Any, np.ndarray, int, int, list[Any], list[Any]]] = []
    for i, ax in enumerate(fig.axes):
        if getattr(ax, "_colorbar", None) is not None:
            continue
        for mesh in ax.collections:
            if not isinstance(mesh, QuadMesh):
                continue
            arr = mesh.get_array()
            try:
                coords = np.asarray(mesh.get_coordinates(), dtype=float)
            except Exception:
                continue
            if arr is None or coords.ndim != 3:
                continue
            ny, nx = coords.shape[0] - 1, coords.shape[1] - 1
            flat: np.ndarray = np.ma.filled(np.ma.masked_invalid(np.ma.asarray(arr, dtype=float)), np.nan).ravel()
            if flat.size != nx * ny or ny < 1 or nx < 1:
                continue
            if not (
                np.allclose(coords[0, :, 0], np.arange(nx + 1)) and np.allclose(coords[:, 0, 1], np.arange(ny + 1))
            ):
                continue
            row = [t for t in trees if t[2] == "rows" and len(t[3]["heights"]) + 1 == ny]
            col = [t for t in trees if t[2] == "columns" and len(t[3]["heights"]) + 1 == nx]
            meshes.append((bool(row) + bool(col), nx * ny, i, ax, mesh, flat, ny, nx, row, col))
    meshes.sort(key=lambda m: (-m[0], -m[1], m[2]))
    for _, _, i, ax, mesh, flat, ny, nx, row, col in meshes:
        row = [t for t in row if id(t[1]) not in consumed]
        col = [t for t in col if id(t[1]) not in consumed]
        if id(mesh) in consumed or id(mesh) in strips or (not row and not col):
            continue
        truncated = flat.size > MAX_CELLS
        series: dict[str, Any] = {
            "axes": i,
            "kind": "clustermap",
            "label": None,
            "x": _labels(categories(ax.xaxis), nx) or [],
            "y": [],
            "cells": [] if truncated else [float(v) if np.isfinite(v) else None for v in flat.tolist()],
            "shape": [ny, nx],
            "rowTree": row[0][3] if row else None,
            "colTree": col[0][3] if col else None,
            "truncated": truncated,
        }
        rows = _labels(categories(ax.yaxis), ny)
        if rows is not None:
            series["rows"] = rows
        out.setdefault(i, []).append(series)
        consumed.add(id(mesh))
        for t in row[:1] + col[:1]:
            consumed.add(id(t[1]))
        # its colour strips: row_colors beside it (as tall, level with it) are read as each row's
        # colour index per strip; col_colors above it (as wide) are colours of the data's columns,
        # which the data cannot confirm: reported unread
        here = ax.get_position()
        for _, _, _, other, m, vals, my, mx, _, _ in meshes:
            if id(m) in consumed:
                continue
            there = other.get_position()
            if my == ny and abs(there.y0 - here.y0) < 1e-3 and abs(there.y1 - here.y1) < 1e-3:
                names = [(categories(other.xaxis) or {}).get(j + 0.5) for j in range(mx)]
                grid = vals.reshape(my, mx)
                series.setdefault("rowColors", []).extend(
                    {"label": names[j], "values": [float(v) if np.isfinite(v) else None for v in grid[:, j].tolist()]}
                    for j in range(mx)
                )
                consumed.add(id(m))
            elif my == ny or mx == nx:
                strips.add(id(m))
    return out, consumed, strips
