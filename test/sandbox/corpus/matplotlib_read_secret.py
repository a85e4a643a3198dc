# matplotlib's own file helpers read any path too.
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError
# covered-by: landlock namespaces
import matplotlib.cbook as cbook
with cbook.open_file_cm("{{SECRET_FILE}}", "r") as f:
    print(f.read())
