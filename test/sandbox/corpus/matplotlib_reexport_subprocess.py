# matplotlib re-exports subprocess and os.
# expect-status: error
# covered-by: seccomp landlock
# expect-traceback: PermissionError
# expect-no-file: {{SECRET_DIR}}/marker-mpl
import matplotlib
matplotlib.subprocess.check_output(["/bin/sh", "-c", "touch {{SECRET_DIR}}/marker-mpl"])
