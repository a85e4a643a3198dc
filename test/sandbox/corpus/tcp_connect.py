# A TCP connection to a server on the host's loopback.
# expect-status: error
# covered-by: seccomp landlock namespaces
# expect-traceback: PermissionError|OSError|ConnectionRefusedError
# check: no-connection
import socket
s = socket.create_connection(("127.0.0.1", {{TCP_PORT}}), timeout=2)
s.sendall(b"leak")
