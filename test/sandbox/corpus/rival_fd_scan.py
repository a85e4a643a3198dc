# Another run's request through file descriptors: the chart stats every descriptor number it
# may have inherited and reads whatever pipe or socket it finds open, without blocking.
# source: https://github.com/huggingface/smolagents/issues/2094 (comment: escapes "via inherited file descriptors")
# expect-status: ok
# expect-pngs: 1
# expect-stdout: descriptors open: \d
# check: rivals
import os
import re
import stat
import pandas as pd
import matplotlib.pyplot as plt

TOKEN = re.compile("DUELLAB" + r"-(?:PREV|RIVAL)-[A-Z]+-[0-9a-f]{12}")
found, open_fds = set(), []
for fd in range(1024):
    try:
        st = os.fstat(fd)
    except OSError:
        continue
    open_fds.append(fd)
    if fd in (1, 2) or not (stat.S_ISFIFO(st.st_mode) or stat.S_ISSOCK(st.st_mode) or stat.S_ISREG(st.st_mode)):
        continue
    try:
        os.set_blocking(fd, False)
        data = os.read(fd, 1 << 20)
        found.update(TOKEN.findall(data.decode("latin-1")))
    except OSError:
        pass
print("descriptors open:", len(open_fds), open_fds)
print("found:", sorted(found))
df = pd.read_csv("data.csv")
plt.plot(df["value"])
plt.title(" ".join(sorted(found))[:300] or "nothing of another run")
plt.savefig("chart.png")
