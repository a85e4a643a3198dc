# Another run's CSV and memory through the file system: the run dirs beside this one, the
# working directories and memory of every process under /proc.
# source: https://book.hacktricks.xyz/generic-methodologies-and-resources/python/bypass-python-sandboxes (reading files once os is reached)
# source: https://man7.org/linux/man-pages/man5/proc_pid_mem.5.html (/proc/pid/mem of a process of the same user)
# expect-status: ok
# expect-pngs: 1
# covered-by: landlock
# check: rivals
import glob
import os
import re
import pandas as pd
import matplotlib.pyplot as plt

TOKEN = re.compile(rb"DUELLAB" + rb"-(?:PREV|RIVAL)-[A-Z]+-[0-9a-f]{12}")
found = set()


def grab(path, limit=1 << 22):
    try:
        with open(path, "rb") as f:
            found.update(TOKEN.findall(f.read(limit)))
    except OSError:
        pass


here = os.getcwd()
for path in glob.glob(os.path.join(os.path.dirname(here), "*", "*")):
    grab(path)
try:
    pids = os.listdir("/proc")
except OSError:
    pids = []
for pid in pids:
    if pid.isdigit():
        grab(f"/proc/{pid}/cwd/data.csv")
        grab(f"/proc/{pid}/cmdline")
        try:
            with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
                for line in maps:
                    lo, hi = (int(x, 16) for x in line.split()[0].split("-"))
                    if "rw" in line.split()[1] and hi - lo < 1 << 28:
                        try:
                            mem.seek(lo)
                            found.update(TOKEN.findall(mem.read(hi - lo)))
                        except OSError:
                            pass
        except OSError:
            pass
print("found:", sorted(t.decode() for t in found))
df = pd.read_csv("data.csv")
plt.plot(df["value"])
plt.title(" ".join(sorted(t.decode() for t in found))[:300] or "nothing of another run")
plt.savefig("chart.png")
