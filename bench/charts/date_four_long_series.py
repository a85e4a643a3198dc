# realcharts bench snippet (date four long series): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
idx = pd.date_range("2020-01-01", periods=1000, freq="D")
rng = np.random.default_rng(1)
wide = pd.DataFrame(rng.normal(size=(1000, 4)).cumsum(axis=0), index=idx, columns=list("ABCD"))
ax = wide.plot(figsize=(10, 5), title="Four 1,000-day series")
fig = ax.figure
fig.savefig("chart.png")
