# realcharts bench snippet (seaborn box plot and pivot heatmap): our own chart code in the style
# of seaborn's gallery; reads data.csv (the build log), saves chart.png. Run warm in the sandbox and
# in a fresh Python. Measured as categories (box lines at their stack) and heatmap cells.
import pandas as pd
import seaborn as sns
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.5))
sns.boxplot(data=df, x="stack", y="build_seconds", ax=ax1)
ax1.set_title("Build time per stack")
pt = df.pivot_table(index="stack", columns="cache_enabled", values="build_seconds", aggfunc="mean")
sns.heatmap(pt, annot=True, fmt=".0f", ax=ax2)
ax2.set_title("Mean build time, cache off/on")
fig.tight_layout()
fig.savefig("chart.png")
