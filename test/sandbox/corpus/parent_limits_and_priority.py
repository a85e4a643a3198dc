# Every way a run could change the processes that fork and watch later runs: prlimit on the
# parent and grandparent, setpriority on the parent, its process group and the whole user,
# sched_setaffinity and sched_setscheduler on the parent, ioprio_set.
# source: https://man7.org/linux/man-pages/man2/prlimit.2.html (prlimit sets another process's limits, same credentials)
# source: https://man7.org/linux/man-pages/man2/setpriority.2.html (PRIO_PGRP and PRIO_USER reach every process of a group or user)
# source: https://man7.org/linux/man-pages/man2/sched_setscheduler.2.html (scheduling policy of another process)
# expect-status: no-figure
# covered-by: seccomp
# check: parent-unchanged
import ctypes
import os
import resource

me, parent = os.getpid(), os.getppid()
try:
    grand = int(open(f"/proc/{parent}/stat").read().rsplit(")", 1)[1].split()[1])
except OSError:
    grand = parent
for pid in (parent, grand):
    for res, value in ((resource.RLIMIT_NOFILE, (16, 16)), (resource.RLIMIT_AS, (1 << 30, 1 << 30)), (resource.RLIMIT_CPU, (1, 1))):
        try:
            resource.prlimit(pid, res, value)
            print("prlimit changed", pid, res)
        except (OSError, ValueError) as e:
            print("prlimit refused", pid, res, e)
for which, who in ((os.PRIO_PROCESS, parent), (os.PRIO_PGRP, 0), (os.PRIO_PGRP, os.getpgid(parent)), (os.PRIO_USER, 0)):
    try:
        os.setpriority(which, who, 9)
        print("setpriority changed", which, who)
    except OSError as e:
        print("setpriority refused", which, who, e)
for call in (lambda: os.sched_setaffinity(parent, {0}), lambda: os.sched_setscheduler(parent, os.SCHED_BATCH, os.sched_param(0))):
    try:
        call()
        print("sched changed")
    except OSError as e:
        print("sched refused", e)
libc = ctypes.CDLL(None, use_errno=True)
IOPRIO_WHO_PROCESS, IOPRIO_CLASS_IDLE = 1, 3
import platform
NR_IOPRIO_SET = 251 if platform.machine() == "x86_64" else 30
print("ioprio_set", libc.syscall(NR_IOPRIO_SET, IOPRIO_WHO_PROCESS, parent, IOPRIO_CLASS_IDLE << 13), ctypes.get_errno())
