# An output "PNG" that is a hard link to a secret.
# expect-status: no-figure|error
# expect-pngs: 0
import os
try:
    os.link("{{SECRET_FILE}}", "chart.png")
    print("hard link made")
except OSError as e:
    print("link refused:", type(e).__name__)
