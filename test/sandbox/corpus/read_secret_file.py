# Reading a secret file by absolute path.
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError
# covered-by: landlock namespaces
print(open("{{SECRET_FILE}}").read())
