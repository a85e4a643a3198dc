# One run tries to poison the next: rcParams, styles, monkeypatches, files, modules.
# expect-status: no-figure
# check: next-run-clean
import builtins, sys
import matplotlib, matplotlib.pyplot as plt
import pandas as pd
matplotlib.rcParams["lines.color"] = "#ff0000"
matplotlib.rcParams["axes.prop_cycle"] = matplotlib.cycler(color=["#ff0000"])
plt.style.use("dark_background")
pd.read_csv = lambda *a, **k: (_ for _ in ()).throw(RuntimeError("poisoned"))
builtins.print = lambda *a, **k: None
sys.modules["matplotlib.pyplot"] = None
open("leftover.txt", "w").write("from the previous run")
try:
    open("../leftover.txt", "w").write("x")
except OSError:
    pass
