# realcharts bench snippet (date fill between band): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
s = df.groupby("date")["build_seconds"].mean()
m, sd = s.rolling(10, min_periods=2).mean(), s.rolling(10, min_periods=2).std()
fig, ax = plt.subplots(figsize=(9, 4))
ax.plot(s.index, s, color="k", lw=1)
ax.plot(m.index, m, color="b")
ax.fill_between(m.index, m - 2 * sd, m + 2 * sd, color="b", alpha=0.2)
ax.set_title("Bollinger-style band")
fig.savefig("chart.png")
