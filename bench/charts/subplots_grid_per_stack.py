# realcharts bench snippet (subplots grid per stack): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
stacks = sorted(df["stack"].unique())
fig, axs = plt.subplots(2, 3, figsize=(12, 6), sharex=True)
for ax, s in zip(axs.flat, stacks):
    g = df[df["stack"] == s].groupby("date")["build_seconds"].mean()
    ax.plot(g.index, g.values); ax.set_title(s)
axs.flat[-1].set_visible(False)
fig.autofmt_xdate(); fig.tight_layout()
fig.savefig("chart.png")
