# A URL handed to pandas.
# expect-status: error
# covered-by: seccomp landlock namespaces
# expect-traceback: PermissionError|URLError|OSError
# check: no-connection
import pandas as pd
pd.read_csv("http://127.0.0.1:{{TCP_PORT}}/data.csv")
