# realcharts bench snippet (seaborn histplot hue): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import seaborn as sns
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, ax = plt.subplots(figsize=(8, 4.5))
sns.histplot(data=df, x="build_seconds", hue="stack", bins=30, element="step", ax=ax)
fig.savefig("chart.png")
