# realcharts bench snippet (seaborn scatter regplot): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import seaborn as sns
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.5))
sns.scatterplot(data=df, x="lines_changed", y="build_seconds", hue="stack", size="tests_run", ax=a)
sns.regplot(data=df, x="lines_changed", y="build_seconds", scatter_kws={"s": 8}, seed=0, ax=b)
fig.savefig("chart.png")
