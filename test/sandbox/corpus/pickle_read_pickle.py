# A pickle whose loading starts a process, loaded by pd.read_pickle.
# expect-status: error
# covered-by: seccomp landlock
# expect-traceback: PermissionError
# expect-no-file: {{SECRET_DIR}}/marker-pickle
import pickle, subprocess
import pandas as pd
class Evil:
    def __reduce__(self):
        return (subprocess.check_call, (["/bin/sh", "-c", "touch {{SECRET_DIR}}/marker-pickle"],))
with open("evil.pkl", "wb") as f:
    pickle.dump(Evil(), f)
pd.read_pickle("evil.pkl")
