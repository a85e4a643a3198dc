# Writing outside the run dir.
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError
# expect-no-file: {{SECRET_DIR}}/pwned.txt
# covered-by: landlock namespaces
open("{{SECRET_DIR}}/pwned.txt", "w").write("pwned")
