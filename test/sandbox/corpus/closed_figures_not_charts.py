# Only kept figures are charts: pandas' plotting guide closes each example's figure before the
# next (matplotlib then reuses its number); 20 closed figures must not be charts, nor fill the
# 16-figure limit; the one kept is.
# source: https://github.com/pandas-dev/pandas/blob/main/doc/source/user_guide/visualization.rst (plt.close('all') between examples)
# expect-status: ok
# expect-pngs: 1
# expect-figure: axes=1 colors=1
import pandas as pd
import matplotlib.pyplot as plt

df = pd.read_csv("data.csv")
for i in range(20):
    plt.figure()
    df["value"].plot(color="red", title=f"discarded {i}")
    plt.close("all")
plt.figure()
df["value"].plot(color="green", title="kept")
