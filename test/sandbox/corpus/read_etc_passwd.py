# Reading a host file outside the run dir.
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError
# expect-absent: root:x:0:0
# covered-by: landlock namespaces
print(open("/etc/passwd").read())
