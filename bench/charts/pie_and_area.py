# realcharts bench snippet (pie and area): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
df.groupby("stack")["tests_run"].sum().plot.pie(ax=a, autopct="%.0f%%")
df.pivot_table(index="date", columns="stack", values="tests_run", aggfunc="sum").plot.area(ax=b, legend=False)
fig.savefig("chart.png")
