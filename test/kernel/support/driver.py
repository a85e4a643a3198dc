"""Drive a real Jupyter kernel as a frontend does, over jupyter_client, for the kernel tests.

stdin:  one JSON command per line  {"id": n, "op": "execute"|"send"|"bench"|"stop", ...}
stdout: one JSON event per line    {"ready": ...} | {"reply": n, ...} | {"msg": {...every shell/iopub message...}}
A single thread polls the kernel sockets and stdin, so message order is exactly what arrived.
"""
import base64
import json
import os
import sys
import time

import zmq
from jupyter_client import KernelManager
from jupyter_client.session import Session


def out(obj):
    sys.stdout.write(json.dumps(obj, default=str) + "\n")
    sys.stdout.flush()


def wire(channel, msg):
    return {
        "channel": channel,
        "msg_type": msg["header"]["msg_type"],
        "header": msg["header"],
        "parent_header": msg["parent_header"],
        "metadata": msg["metadata"],
        "content": msg["content"],
        "buffers": [base64.b64encode(bytes(b)).decode() for b in msg.get("buffers", [])],
    }


def main():
    kernel_name, cwd, log_path = sys.argv[1], sys.argv[2], sys.argv[3]
    km = KernelManager(kernel_name=kernel_name)
    log = open(log_path, "w")
    km.start_kernel(cwd=cwd, stdout=log, stderr=log)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=90)
    except RuntimeError as e:
        out({"error": f"kernel {kernel_name} did not become ready: {e}"})
        km.shutdown_kernel(now=True)
        return 1
    session = kc.session
    sockets = {"shell": kc.shell_channel.socket, "iopub": kc.iopub_channel.socket, "control": kc.control_channel.socket}
    poller = zmq.Poller()
    for s in sockets.values():
        poller.register(s, zmq.POLLIN)
    poller.register(sys.stdin.fileno(), zmq.POLLIN)
    out({"ready": True, "session": session.session})

    def read_ready(timeout_ms):
        got = []
        for sock_or_fd, _ in poller.poll(timeout_ms):
            for name, s in sockets.items():
                if sock_or_fd is s:
                    _, msg = session.recv(s, mode=zmq.NOBLOCK)
                    if msg is not None:
                        got.append((name, msg))
            if sock_or_fd == sys.stdin.fileno():
                got.append(("stdin", None))
        return got

    def bench(cmd):
        """Round trips timed here, next to the kernel, so pipe overhead to the test does not count."""
        timings = {"custom": [], "execute": []}
        for i in range(cmd["n"]):
            for kind in ("custom", "execute"):
                if kind == "custom":
                    content = {"comm_id": cmd["comm_id"], "data": {"method": "custom", "content": cmd["event"]}}
                    sent = session.send(sockets["shell"], "comm_msg", content)
                else:
                    sent = session.send(sockets["shell"], "execute_request", {"code": cmd["code"], "silent": False, "store_history": False, "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
                t0 = time.perf_counter()
                done = False
                while not done:
                    if time.perf_counter() - t0 > 30:
                        return {"error": f"no answer to {kind} round trip {i} within 30 s"}
                    for name, msg in read_ready(1000):
                        if msg is None or msg["parent_header"].get("msg_id") != sent["header"]["msg_id"]:
                            continue
                        if kind == "custom" and name == "iopub" and msg["header"]["msg_type"] == "comm_msg" and msg["content"]["data"].get("method") == "update":
                            done = True
                        if kind == "execute" and name == "shell" and msg["header"]["msg_type"] == "execute_reply":
                            done = True
                timings[kind].append((time.perf_counter() - t0) * 1000)
        return timings

    buf = b""
    running = True
    while running:
        for name, msg in read_ready(200):
            if name != "stdin":
                out({"msg": wire(name, msg)})
                continue
            chunk = os.read(sys.stdin.fileno(), 65536)
            if not chunk:
                running = False
                break
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if not line.strip():
                    continue
                cmd = json.loads(line)
                op = cmd["op"]
                if op == "execute":
                    out({"reply": cmd["id"], "msg_id": kc.execute(cmd["code"], store_history=False)})
                elif op == "send":
                    bufs = [base64.b64decode(b) for b in cmd.get("buffers", [])]
                    signer = session
                    if cmd.get("wrong_key"):
                        # A foreign or stale client: same session id, another HMAC key.
                        signer = Session(key=b"not-the-kernel-key", session=session.session, username=session.username)
                    sent = signer.send(sockets[cmd.get("channel", "shell")], cmd["msg_type"], cmd["content"], buffers=bufs or None)
                    out({"reply": cmd["id"], "msg_id": sent["header"]["msg_id"]})
                elif op == "alive":
                    out({"reply": cmd["id"], "alive": km.is_alive()})
                elif op == "bench":
                    out({"reply": cmd["id"], "bench": bench(cmd)})
                elif op == "stop":
                    running = False
                    break
    kc.stop_channels()
    km.shutdown_kernel(now=True)
    out({"stopped": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
