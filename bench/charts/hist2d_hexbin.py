# realcharts bench snippet (hist2d hexbin): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
a.hist2d(df["lines_changed"], df["build_seconds"], bins=20)
hb = b.hexbin(df["lines_changed"], df["build_seconds"], gridsize=15, cmap="inferno")
fig.colorbar(hb, ax=b)
fig.savefig("chart.png")
