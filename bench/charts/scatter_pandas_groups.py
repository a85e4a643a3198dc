# realcharts bench snippet (scatter pandas groups): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
ax = None
for s, g in df.groupby("stack"):
    ax = g.plot.scatter(x="lines_changed", y="build_seconds", label=s, ax=ax, color=None)
fig = ax.figure
fig.savefig("chart.png")
