"""The local stand-in for seaborn's `load_dataset`, written into every snippet's preamble.

`preamble(name, twin_line)` is the Python source of a function `_load_dataset(name, **kws)` that
reads ./data.csv (the CSV graphite hands the chart's code) and applies to it what seaborn's
`load_dataset` applies to that data set at mwaskom/seaborn f04b6cd548 (seaborn/utils.py: the last
all-empty row dropped, ordered categoricals, dates parsed, penguins' sex title-cased), so the frame
is the one the snippet was written for, without a download. A twin's one falsifying line goes
right after that loading, inside the function, so it applies however the snippet names the frame
(`df = ...`, `sns.load_dataset("tips").query(...)` inline, several names for one data set).
`frame(csv_path, name)` builds that same frame here, to choose the twins' columns. Pure apart from
reading the CSV.
"""

from __future__ import annotations

import pandas as pd

# What seaborn's load_dataset does after read_csv, per data set (seaborn/utils.py at f04b6cd548).
POST: dict[str, list[str]] = {
    "tips": [
        'df["day"] = pd.Categorical(df["day"], ["Thur", "Fri", "Sat", "Sun"])',
        'df["sex"] = pd.Categorical(df["sex"], ["Male", "Female"])',
        'df["time"] = pd.Categorical(df["time"], ["Lunch", "Dinner"])',
        'df["smoker"] = pd.Categorical(df["smoker"], ["Yes", "No"])',
    ],
    "flights": [
        'months = df["month"].str[:3]',
        'df["month"] = pd.Categorical(months, months.unique())',
    ],
    "exercise": [
        'df["time"] = pd.Categorical(df["time"], ["1 min", "15 min", "30 min"])',
        'df["kind"] = pd.Categorical(df["kind"], ["rest", "walking", "running"])',
        'df["diet"] = pd.Categorical(df["diet"], ["no fat", "low fat"])',
    ],
    "titanic": [
        'df["class"] = pd.Categorical(df["class"], ["First", "Second", "Third"])',
        'df["deck"] = pd.Categorical(df["deck"], list("ABCDEFG"))',
    ],
    "penguins": ['df["sex"] = df["sex"].str.title()'],
    "diamonds": [
        'df["color"] = pd.Categorical(df["color"], ["D", "E", "F", "G", "H", "I", "J"])',
        'df["clarity"] = pd.Categorical(df["clarity"], ["IF", "VVS1", "VVS2", "VS1", "VS2", "SI1", "SI2", "I1"])',
        'df["cut"] = pd.Categorical(df["cut"], ["Ideal", "Premium", "Very Good", "Good", "Fair"])',
    ],
    "taxis": [
        'df["pickup"] = pd.to_datetime(df["pickup"])',
        'df["dropoff"] = pd.to_datetime(df["dropoff"])',
    ],
    "seaice": ['df["Date"] = pd.to_datetime(df["Date"])'],
    "dowjones": ['df["Date"] = pd.to_datetime(df["Date"])'],
}


def preamble(name: str, twin_line: str | None = None) -> str:
    """The snippet's first lines: imports it may rely on and `_load_dataset`, for one data set."""
    body = [
        'df = pd.read_csv("data.csv", **kws)',
        "if df.iloc[-1].isnull().all():",
        "    df = df.iloc[:-1]",
        *POST.get(name, []),
    ]
    if twin_line:
        body.append(twin_line)
    body.append("return df")
    lines = ["import numpy as np", "import pandas as pd", "", "", "def _load_dataset(name, **kws):"]
    lines += ["    " + b for b in body]
    return "\n".join(lines) + "\n\n\n"


def frame(csv_path: str, name: str, **kws: object) -> pd.DataFrame:
    """The frame `_load_dataset(name)` gives in the sandbox, built here from the same lines."""
    scope: dict[str, object] = {}
    exec(preamble(name).replace('"data.csv"', repr(csv_path)), scope)  # our own code, not a snippet's
    load = scope["_load_dataset"]
    assert callable(load)
    out = load(name, **kws)
    assert isinstance(out, pd.DataFrame)
    return out
