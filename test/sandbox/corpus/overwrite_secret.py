# Overwriting a host file.
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError
# check: secret-unchanged
# covered-by: landlock namespaces
open("{{SECRET_FILE}}", "w").write("overwritten")
