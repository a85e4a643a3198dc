# realcharts bench snippet (bar pandas errorbars): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
g = df.groupby("stack")["build_seconds"]
ax = g.mean().plot.bar(yerr=g.std(), capsize=4, figsize=(8, 4), rot=0)
fig = ax.figure
fig.savefig("chart.png")
