# The case: os reached as getattr(posixpath, "o"+"s"), which the static check cannot
# name, renices the warm parent and pins it to one CPU, so every later run inherits nice 7 and
# one core. The static check is on, as graphite runs code; the chart is still drawn.
# source: https://github.com/huggingface/smolagents/issues/2125 (CVE-2025-5120: getattr leakage to reach restricted modules)
# source: https://man7.org/linux/man-pages/man2/setpriority.2.html (another process of the same user may be reniced)
# source: https://man7.org/linux/man-pages/man2/sched_setaffinity.2.html (the CPU set of another process)
# static: on
# expect-status: ok
# expect-pngs: 1
# expect-stdout: priority: refused
# covered-by: seccomp
# check: parent-unchanged
import posixpath
import pandas as pd
import matplotlib.pyplot as plt

o = getattr(posixpath, "o" + "s")
parent = o.getppid()
for name, args in (("setpri" + "ority", (o.PRIO_PROCESS, parent, 7)), ("sched_setaff" + "inity", (parent, {0}))):
    try:
        getattr(o, name)(*args)
        print(name.split("_")[0][:8] + ":", "changed")
    except OSError as e:
        print("priority:" if name.startswith("setpri") else "affinity:", "refused", e.errno)
df = pd.read_csv("data.csv")
plt.plot(df["value"])
plt.savefig("chart.png")
