# A setsid daemon that tries to outlive the run.
# expect-status: error|ok|no-figure
# covered-by: seccomp subreaper
# check: no-leftover
import os, time
pid = os.fork()
if pid == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(600)
    os._exit(0)
print("daemon started")
