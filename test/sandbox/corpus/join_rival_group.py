# A run moves itself into a newer run's process group. Where seccomp holds, the runs share the
# sandbox's one session (sandbox/README.md, "One session, one scheduling group"), where setpgid
# may join any group in it; seccomp allows only a group of its own. Without seccomp each run leads
# its own session, whose groups no other session may join. The group it would find is the waiting
# spare's, which the chart started beside it takes; when that chart ends, its leftovers are
# killed by its group, and this run would be killed and reported there as that chart's leftovers.
# source: https://man7.org/linux/man-pages/man2/setpgid.2.html (a process may join any process group in its own session)
# expect-status: no-figure
# expect-stdout: joined none
# check: rival-completes
# timeout-ms: 30000
import os
import time

me = os.getpid()
joined = "none"
end = time.monotonic() + 2
while joined == "none" and time.monotonic() < end:
    for p in range(me + 1, me + 400):
        try:
            os.setpgid(0, p)
            joined = str(p)
            break
        except OSError:
            pass
    time.sleep(0.01)
print("joined", joined, flush=True)
time.sleep(3)  # still in that group when the chart beside it ends
