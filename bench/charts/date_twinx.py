# realcharts bench snippet (date twinx): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
daily = df.groupby("date").agg(sec=("build_seconds", "mean"), lines=("lines_changed", "sum"))
fig, ax = plt.subplots(figsize=(9, 4))
ax.plot(daily.index, daily["sec"], color="tab:red"); ax.set_ylabel("seconds", color="tab:red")
ax2 = ax.twinx(); ax2.bar(daily.index, daily["lines"], color="tab:blue", alpha=0.3); ax2.set_ylabel("lines changed")
fig.tight_layout()
fig.savefig("chart.png")
