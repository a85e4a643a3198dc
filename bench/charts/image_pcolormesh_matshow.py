import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
rng = np.random.default_rng(3)
fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
a.pcolormesh(rng.random((30, 40)), cmap="magma")
b.matshow(np.corrcoef(df[["build_seconds", "tests_run", "tests_failed", "lines_changed"]].T.values), cmap="coolwarm")
fig.savefig("chart.png")
