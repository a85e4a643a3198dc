# A plain fork.
# expect-status: error
# expect-traceback: PermissionError
# covered-by: seccomp
import os
pid = os.fork()
if pid == 0:
    os._exit(0)
os.waitpid(pid, 0)
