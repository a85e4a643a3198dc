# kill(-1): every process the sandbox's user may signal.
# expect-status: error|no-figure
# covered-by: seccomp landlock
# check: sleeper-alive next-run-clean
import os, signal
os.kill(-1, signal.SIGKILL)
