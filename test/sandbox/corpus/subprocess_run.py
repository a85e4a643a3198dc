# Starting a program.
# expect-status: error
# covered-by: seccomp landlock
# expect-traceback: PermissionError
# expect-no-file: {{SECRET_DIR}}/marker-subprocess
import subprocess
subprocess.run(["/bin/sh", "-c", "touch {{SECRET_DIR}}/marker-subprocess"], check=True)
