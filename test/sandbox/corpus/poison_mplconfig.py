# Planting a matplotlibrc in the sandbox's config dir for the next process.
# expect-status: error|no-figure
# check: next-run-clean
import os, matplotlib
d = matplotlib.get_configdir()
open(os.path.join(d, "matplotlibrc"), "w").write("lines.color: red\n")
