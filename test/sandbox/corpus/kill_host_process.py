# A signal to a process on the host.
# expect-status: error
# covered-by: seccomp landlock namespaces
# expect-traceback: PermissionError|ProcessLookupError
# check: sleeper-alive
import os, signal
os.kill({{SLEEPER_PID}}, signal.SIGKILL)
