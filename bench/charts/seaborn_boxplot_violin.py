# realcharts bench snippet (seaborn boxplot violin): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import seaborn as sns
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.5))
sns.boxplot(data=df, x="stack", y="build_seconds", ax=a)
sns.violinplot(data=df, x="stack", y="build_seconds", ax=b)
fig.savefig("chart.png")
