# Listing the root of the filesystem.
# expect-status: error
# expect-traceback: PermissionError
# covered-by: landlock
import os
print(os.listdir("/"))
