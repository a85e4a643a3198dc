# realcharts bench snippet (subplots gridspec share): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig = plt.figure(figsize=(9, 6))
gs = fig.add_gridspec(2, 2, height_ratios=[2, 1])
ax1 = fig.add_subplot(gs[0, :]); ax2 = fig.add_subplot(gs[1, 0]); ax3 = fig.add_subplot(gs[1, 1], sharey=ax2)
ax1.plot(df.groupby("date")["tests_run"].sum())
ax2.boxplot([g["build_seconds"].values for _, g in df.groupby("stack")])
ax3.violinplot([g["build_seconds"].values for _, g in df.groupby("stack")])
fig.suptitle("gridspec")
fig.savefig("chart.png")
