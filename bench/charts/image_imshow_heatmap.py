# realcharts bench snippet (image imshow heatmap): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
piv = df.pivot_table(index="stack", columns="weekday", values="build_seconds", aggfunc="mean")
fig, ax = plt.subplots(figsize=(8, 4))
im = ax.imshow(piv.values, cmap="viridis", aspect="auto")
ax.set_xticks(range(len(piv.columns)), piv.columns); ax.set_yticks(range(len(piv.index)), piv.index)
for i in range(piv.shape[0]):
    for j in range(piv.shape[1]):
        ax.text(j, i, f"{piv.values[i, j]:.0f}", ha="center", va="center", color="w")
fig.colorbar(im, ax=ax)
fig.savefig("chart.png")
