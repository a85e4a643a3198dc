# pandas reads any path it is given.
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError
# covered-by: landlock namespaces
import pandas as pd
print(pd.read_csv("{{SECRET_FILE}}", header=None).to_string())
