# A signal to the supervisor itself (the warm parent).
# expect-status: error
# expect-traceback: PermissionError
# covered-by: seccomp landlock
# check: next-run-clean
import os, signal
os.kill(os.getppid(), signal.SIGKILL)
