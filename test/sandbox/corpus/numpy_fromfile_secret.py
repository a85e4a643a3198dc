# numpy reads any path it is given.
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError
# covered-by: landlock namespaces
import numpy as np
print(np.fromfile("{{SECRET_FILE}}", dtype=np.uint8).tobytes())
