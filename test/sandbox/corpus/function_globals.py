# os.fork through the __globals__ of a pandas function.
# expect-status: error
# covered-by: seccomp
# expect-traceback: PermissionError|OSError
import pandas as pd
os_mod = pd.io.common.get_handle.__globals__["os"]
pid = os_mod.fork()
if pid == 0:
    os_mod._exit(0)
os_mod.waitpid(pid, 0)
