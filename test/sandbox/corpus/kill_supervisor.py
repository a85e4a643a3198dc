# A signal to the supervisor itself (the warm parent).
# expect-status: error
# expect-traceback: PermissionError
# check: next-run-clean
import os, signal
os.kill(os.getppid(), signal.SIGKILL)
