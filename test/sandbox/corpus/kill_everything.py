# kill(-1): every process the sandbox's user may signal.
# expect-status: error
# expect-traceback: PermissionError
# check: sleeper-alive next-run-clean
import os, signal
os.kill(-1, signal.SIGKILL)
