# realcharts bench snippet (seaborn kde ecdf): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import seaborn as sns
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.5))
sns.kdeplot(data=df, x="build_seconds", hue="stack", common_norm=False, ax=a)
sns.ecdfplot(data=df, x="build_seconds", hue="stack", ax=b)
fig.savefig("chart.png")
