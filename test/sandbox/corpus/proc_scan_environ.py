# Every process's environment block, by scanning /proc.
# expect-status: error|no-figure
# expect-absent: PATH=|DUELLAB_FAKE_API_KEY
# covered-by: landlock namespaces
import os
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            print(pid, open(f"/proc/{pid}/environ", "rb").read())
        except OSError as e:
            print(pid, type(e).__name__)
