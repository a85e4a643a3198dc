"""Falsified twins: for one snippet, the one-line changes to its data that must make its chart wrong.

`twin_lines(frame, used, key)` lists, for the columns a snippet uses (in the order it names them),
every applicable falsification as (kind, column, line), and `pick(candidates, key, n)` chooses n of
them deterministically from the snippet's id. The line runs right after the data set is loaded
(loader.preamble), on the frame `df`:

- scale: a numeric column × 1.37
- shift: a numeric column + about half its standard deviation (one significant digit, never 0)
- shuffle: a numeric column permuted with a fixed seed (only when the snippet uses another column
  too: a column drawn alone, as a histogram, KDE or strip, shows the same values permuted)
- fillna: a numeric column's gaps filled with 0 (only when it has gaps)
- drop-category: the rows of one category of a text or categorical column dropped (its last level)
- dates: a date column moved one year later

Pure.
"""

from __future__ import annotations

import math
import zlib

import pandas as pd

KINDS = ("scale", "shift", "shuffle", "fillna", "drop-category", "dates")

# Above this many distinct values a text column is an identifier or a name, not a category.
MAX_CATEGORIES = 50


def _one_digit(x: float) -> float:
    """x rounded to one significant digit (0.5 sd of 7.9 is 4, of 0.43 is 0.2)."""
    if x == 0 or not math.isfinite(x):
        return 0.0
    e = math.floor(math.log10(abs(x)))
    return round(x, -e)


def twin_lines(df: pd.DataFrame, used: list[str]) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for col in used:
        s = df[col]
        c = repr(col)
        if pd.api.types.is_datetime64_any_dtype(s):
            out.append(("dates", col, f"df[{c}] = df[{c}] + pd.DateOffset(years=1)"))
        elif pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s):
            out.append(("scale", col, f"df[{c}] = df[{c}] * 1.37"))
            step = _one_digit(0.5 * float(s.std()))
            if step:
                out.append(("shift", col, f"df[{c}] = df[{c}] + {step:g}"))
            if s.nunique() > 1 and len(used) > 1:
                out.append(("shuffle", col, f"df[{c}] = df[{c}].sample(frac=1, random_state=0).to_numpy()"))
            if s.isna().any():
                out.append(("fillna", col, f"df[{c}] = df[{c}].fillna(0)"))
        else:
            levels = (
                list(s.cat.categories)
                if isinstance(s.dtype, pd.CategoricalDtype)
                else sorted(s.dropna().unique(), key=str)
            )
            present = [v for v in levels if (s == v).any()]
            if 2 <= len(present) <= MAX_CATEGORIES:
                out.append(("drop-category", col, f"df = df[df[{c}] != {present[-1]!r}]"))
    return out


def pick(candidates: list[tuple[str, str, str]], key: str, n: int = 1) -> list[tuple[str, str, str]]:
    """n candidates (or all when fewer), chosen by a hash of the snippet's id, different kinds first."""
    if len(candidates) <= n:
        return list(candidates)
    start = zlib.crc32(key.encode()) % len(candidates)
    rotated = candidates[start:] + candidates[:start]
    chosen: list[tuple[str, str, str]] = []
    for cand in rotated:
        if len(chosen) < n and all(cand[0] != k for k, _, _ in chosen):
            chosen.append(cand)
    for cand in rotated:
        if len(chosen) < n and cand not in chosen:
            chosen.append(cand)
    return chosen
