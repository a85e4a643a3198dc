# os through pandas' io module.
# expect-status: error
# covered-by: seccomp landlock
# expect-traceback: PermissionError|OSError
# expect-no-file: {{SECRET_DIR}}/marker-pandas
import pandas as pd
pd.io.common.os.execv("/bin/sh", ["sh", "-c", "touch {{SECRET_DIR}}/marker-pandas"])
