"""What pandas, numpy, scipy, seaborn and matplotlib really compute, for the oracle tests.

Trusted: it runs only the test's own requests (numbers, dates and option names the test
generated), never model code. Reads one JSON object {"requests": [...]} on stdin and writes one
JSON list of answers on stdout, so a test file starts one Python process for all its cases.
NaN travels as null both ways (JSON has no NaN). Not pure: it reads stdin and writes stdout.
"""

import json
import math
import sys
import warnings

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pandas as pd
from matplotlib import cbook
from scipy import stats as sps
from seaborn import _statistics as sst

warnings.simplefilter("ignore")


def arr(xs):
    return np.array([np.nan if x is None else x for x in xs], dtype=float)


def present(xs):
    """The values without gaps, as seaborn's plotters (and np.histogram's callers) pass them."""
    v = arr(xs)
    return v[~np.isnan(v)]


def out(v):
    """A float, or None for NaN and the infinities (JSON has neither)."""
    if v is None:
        return None
    f = float(v)
    return f if math.isfinite(f) else None


def outs(vs):
    return [out(v) for v in vs]


def groupby_agg(r):
    df = pd.DataFrame({"g": r["keys"], "v": arr(r["values"])})
    g = df.groupby("g", sort=False)["v"]
    return {kind: {str(k): out(v) for k, v in g.agg(kind).items()} for kind in r["aggs"]}


def rolling(r):
    s = pd.Series(arr(r["values"]))
    res = {"cumsum": outs(s.cumsum())}
    for w in r["windows"]:
        for center in (False, True):
            for mp in (None, 1):
                key = f"{w}|{int(center)}|{mp or 0}"
                res[key] = outs(s.rolling(w, min_periods=mp, center=center).mean())
    return res


def day_rolling(r):
    s = pd.Series(arr(r["values"]), index=pd.to_datetime(r["dates"]))
    return {str(span): outs(s.rolling(f"{span}D").mean()) for span in r["spans"]}


def resample(r):
    s = pd.Series(arr(r["values"]), index=pd.to_datetime(r["dates"]))
    res = {}
    for rule in r["rules"]:
        # "period:W": groupby(to_period("W")) keyed by each period's first day (Monday for weeks)
        # "W-MON-left": weeks Monday to Sunday labelled by their Monday, empty weeks included
        if rule.startswith("period:"):
            periods = s.index.to_period(rule.split(":")[1])
            rs = s.groupby(pd.Index(periods.start_time, name="d"))
        elif rule == "W-MON-left":
            rs = s.resample("W-MON", closed="left", label="left")
        else:
            rs = s.resample(rule)
        per = {}
        for kind in r["aggs"]:
            a = rs.agg(kind) if kind != "size" else rs.size()
            per[kind] = {d.strftime("%Y-%m-%d"): out(v) for d, v in a.items()}
        res[rule] = per
    return res


def histogram(r):
    v = present(r["values"])
    counts, edges = np.histogram(v, bins=r["bins"])
    return {"counts": [int(c) for c in counts], "edges": [float(e) for e in edges]}


def sns_histogram(r):
    v = present(r["values"])
    res = {}
    for stat in r["stats"]:
        for cumulative in (False, True):
            h = sst.Histogram(stat=stat, bins=r["bins"], cumulative=cumulative)
            heights, edges = h(v)
            res[f"{stat}|{int(cumulative)}"] = {"heights": outs(heights), "edges": outs(edges)}
    return res


def kde(r):
    v = present(r["values"])
    res = {}
    # scipy's gaussian_kde (pandas' .plot.kde) on the test's own grid
    grid = np.array(r["grid"], dtype=float)
    res["scipy"] = outs(sps.gaussian_kde(v)(grid))
    # seaborn's KDE (kdeplot, histplot(kde=True)) on its own grid: support and density
    for bw_method in ("scott", "silverman"):
        for bw_adjust in r["bw_adjusts"]:
            k = sst.KDE(bw_method=bw_method, bw_adjust=bw_adjust, cut=r["cut"], gridsize=r["gridsize"])
            density, support = k(v)
            res[f"{bw_method}|{bw_adjust}"] = {"x": outs(support), "y": outs(density)}
    return res


def ecdf(r):
    v = present(r["values"])
    res = {}
    for stat in ("proportion", "count", "percent"):
        for complementary in (False, True):
            y, x = sst.ECDF(stat=stat, complementary=complementary)(v)
            res[("complementary " if complementary else "") + stat] = {"x": outs(x), "y": outs(y)}
    return res


def regplot(r):
    """The line seaborn's regplot draws (order=, logx=, no interval), read from the figure."""
    import matplotlib.pyplot as plt
    import seaborn as sns

    fig, ax = plt.subplots()
    try:
        sns.regplot(x=arr(r["x"]), y=arr(r["y"]), order=r["order"], logx=r["logx"], ci=None, scatter=False, ax=ax)
        line = ax.lines[0]
        return {"x": outs(line.get_xdata()), "y": outs(line.get_ydata())}
    finally:
        plt.close(fig)


def box_stats(r):
    v = arr(r["values"])
    s = cbook.boxplot_stats(v[~np.isnan(v)], whis=1.5)[0]
    return {
        "q1": out(s["q1"]),
        "med": out(s["med"]),
        "q3": out(s["q3"]),
        "whislo": out(s["whislo"]),
        "whishi": out(s["whishi"]),
        "fliers": outs(s["fliers"]),
    }


def estimate(r):
    df = pd.DataFrame({"v": present(r["values"])})
    res = {}
    for est in ("mean", "median", "sum"):
        for errorbar in (("sd", 1), ("se", 1), ("pi", 95), ("pi", 50)):
            a = sst.EstimateAggregator(est, errorbar)(df, "v")
            res[f"{est}|{errorbar[0]}|{errorbar[1]}"] = {
                "est": out(a["v"]),
                "min": out(a["vmin"]),
                "max": out(a["vmax"]),
            }
    return res


def percentile(r):
    v = arr(r["values"])
    return outs(np.percentile(v, r["qs"]))


def na_markers(r):
    """pandas' default missing markers, and how read_csv types a number column holding each text."""
    import io

    from pandas._libs.parsers import STR_NA_VALUES

    kinds = {}
    for t in r["texts"]:
        col = pd.read_csv(io.StringIO(f"row,v\na,1.5\nb,{t}\nc,3\n"), keep_default_na=True)["v"]
        kinds[t] = "numeric" if pd.api.types.is_numeric_dtype(col) else "text"
    return {"defaults": sorted(STR_NA_VALUES), "kinds": kinds}


def csv_numbers(r):
    """The float64 each text becomes in a read_csv column (the C parser's default arithmetic), as repr."""
    import io

    text = "v\n" + "\n".join(r["texts"]) + "\n"
    col = pd.read_csv(io.StringIO(text), sep=";", decimal=r["decimal"], dtype={"v": "float64"})["v"]
    return [repr(float(x)) for x in col]


OPS = {
    "groupby_agg": groupby_agg,
    "rolling": rolling,
    "day_rolling": day_rolling,
    "resample": resample,
    "histogram": histogram,
    "sns_histogram": sns_histogram,
    "kde": kde,
    "ecdf": ecdf,
    "box_stats": box_stats,
    "estimate": estimate,
    "regplot": regplot,
    "percentile": percentile,
    "na_markers": na_markers,
    "csv_numbers": csv_numbers,
}


def main():
    requests = json.load(sys.stdin)["requests"]
    answers = []
    for r in requests:
        try:
            answers.append({"ok": OPS[r["op"]](r)})
        except Exception as e:  # the test reports which case pandas refused, and why
            answers.append({"error": f"{type(e).__name__}: {e}"})
    json.dump(answers, sys.stdout, allow_nan=False)


if __name__ == "__main__":
    main()
