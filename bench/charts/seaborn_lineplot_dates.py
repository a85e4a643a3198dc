# realcharts bench snippet (seaborn lineplot dates): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import seaborn as sns
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, ax = plt.subplots(figsize=(10, 4.5))
sns.lineplot(data=df, x="date", y="build_seconds", hue="stack", ax=ax)
fig.autofmt_xdate()
fig.savefig("chart.png")
