# A URL fetched with urllib.
# expect-status: error
# covered-by: seccomp landlock namespaces
# expect-traceback: PermissionError|URLError|OSError
# check: no-connection
import urllib.request
urllib.request.urlopen("http://127.0.0.1:{{TCP_PORT}}/", timeout=2)
