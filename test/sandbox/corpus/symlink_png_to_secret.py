# An output "PNG" that is a symbolic link to a secret.
# expect-status: no-figure|error
# expect-pngs: 0
import os
try:
    os.symlink("{{SECRET_FILE}}", "chart.png")
    print("symlink made")
except OSError as e:
    print("symlink refused:", type(e).__name__)
