# Listing the directory above the run dir (other runs, the sandbox's home).
# expect-status: error
# expect-traceback: PermissionError
# covered-by: landlock
import os
print(os.listdir(".."))
print(os.listdir(os.path.expanduser("~")))
