# The friendly static check reports an import of subprocess without running anything.
# static: on
# expect-status: blocked
# expect-violation: blocked-import@5
import subprocess
subprocess.run(["/bin/sh", "-c", "touch {{SECRET_DIR}}/marker-static"])
