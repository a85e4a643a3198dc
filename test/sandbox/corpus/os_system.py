# os.system hides the failure in its return value; the command must still not run.
# expect-status: no-figure
# covered-by: seccomp landlock
# expect-no-file: {{SECRET_DIR}}/marker-system
# expect-stdout: status -?[1-9]
import os
print("status", os.system("touch {{SECRET_DIR}}/marker-system"))
