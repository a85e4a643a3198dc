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
