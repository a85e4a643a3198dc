# realcharts bench snippet (bar grouped before after): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
before = df[df["cache_enabled"] == 0].groupby("stack")["build_seconds"].mean()
after = df[df["cache_enabled"] == 1].groupby("stack")["build_seconds"].mean().reindex(before.index)
x = np.arange(len(before))
fig, ax = plt.subplots(figsize=(9, 5))
b1 = ax.bar(x - 0.2, before.values, 0.4, label="before")
b2 = ax.bar(x + 0.2, after.values, 0.4, label="after")
ax.bar_label(b1, fmt="%.0f"); ax.bar_label(b2, fmt="%.0f")
ax.set_xticks(x, before.index); ax.legend(); ax.set_title("Before and after the cache")
fig.savefig("chart.png")
