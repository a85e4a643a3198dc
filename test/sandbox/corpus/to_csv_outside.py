# DataFrame.to_csv to a path outside the run dir.
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError|OSError
# expect-no-file: {{SECRET_DIR}}/pwned.csv
# covered-by: landlock namespaces
import pandas as pd
pd.read_csv("data.csv").to_csv("{{SECRET_DIR}}/pwned.csv")
