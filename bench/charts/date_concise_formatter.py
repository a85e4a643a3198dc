# realcharts bench snippet (date concise formatter): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
import matplotlib.dates as mdates
daily = df.groupby("date")["tests_failed"].sum()
fig, ax = plt.subplots(figsize=(9, 4), layout="constrained")
loc = mdates.AutoDateLocator()
ax.xaxis.set_major_locator(loc); ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(loc))
ax.step(daily.index, daily.values, where="mid")
ax.set_title("Failed tests per day")
fig.savefig("chart.png")
