# realcharts bench snippet (seaborn barplot ci): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import seaborn as sns
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, ax = plt.subplots(figsize=(8, 4.5))
sns.barplot(data=df, x="stack", y="build_seconds", errorbar=("ci", 95), seed=0, ax=ax)
ax.set_title("Mean build time per stack (95% CI)")
fig.savefig("chart.png")
