# importlib reached through pyplot, then subprocess imported by a built name.
# expect-status: error
# covered-by: seccomp landlock
# expect-traceback: PermissionError
import matplotlib.pyplot as plt
sp = plt.importlib.import_module("sub" + "process")
sp.Popen(["/bin/true"])
