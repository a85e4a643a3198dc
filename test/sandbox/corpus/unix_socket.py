# A Unix socket on the host filesystem.
# expect-status: error
# covered-by: seccomp namespaces
# expect-traceback: PermissionError|FileNotFoundError|OSError
# check: no-connection
import socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect("{{UNIX_SOCK}}")
s.sendall(b"leak")
