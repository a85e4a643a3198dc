# An object array whose loading starts a process, loaded by np.load(allow_pickle=True).
# expect-status: error
# covered-by: seccomp landlock
# expect-traceback: PermissionError
import subprocess
import numpy as np
class Evil:
    def __reduce__(self):
        return (subprocess.check_call, (["/bin/true"],))
np.save("evil.npy", np.array([Evil()], dtype=object), allow_pickle=True)
np.load("evil.npy", allow_pickle=True)
