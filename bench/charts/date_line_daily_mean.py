# realcharts bench snippet (date line daily mean): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
daily = df.groupby("date")["build_seconds"].mean()
fig, ax = plt.subplots(figsize=(9, 4))
ax.plot(daily.index, daily.values, label="daily mean")
ax.plot(daily.index, daily.rolling(7, min_periods=1).mean(), label="7-day mean")
ax.axvline(pd.Timestamp("2025-01-15"), color="grey", linestyle="--")
ax.set_title("Build time"); ax.legend(); fig.autofmt_xdate()
fig.savefig("chart.png")
