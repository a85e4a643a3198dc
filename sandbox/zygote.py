"""The zygote: a clean process that never holds a request, from which every run's child is forked.

The supervisor (server.py, request_loop.py) reads every request, so any process it forks would
carry them: live in its frames and objects, freed but not overwritten in its heap, reachable from
the snippet through frames, gc, module globals or its own memory. So the supervisor forks nothing
that runs a snippet. It starts this program with fork and exec (a fresh image: nothing of the
supervisor's memory survives an exec), and this process imports pandas and matplotlib, draws a
few charts from a constant CSV, and from then on only forks children on command.

What it holds when it forks, and why nothing else can be in it:
- the warm-up: modules imported, caches filled and figures drawn (and closed) from constants of
  its own (and, later, seaborn, loaded the same way);
- the host description the supervisor sent at start (paths, which layers to apply, their text);
- its control socket to the supervisor, and the pids of its children with their exit statuses;
- at the moment of a fork, the child-side ends of that one child's pipes and the path of its
  empty run dir, which arrive with the command (SCM_RIGHTS), go to the child, and are closed here.
Commands carry no code, no CSV, no output: the supervisor writes the request into the child's
request pipe itself, and reads its output itself. The zygote is not dumpable (where the
privileges layer is used), so no run can read or write its memory through /proc either.

Protocol: JSON lines on the control socket. From the supervisor: host (first), fork (with the
child's fds), discard, reap, load. To the supervisor: ready or fatal, forked, exit (a child's
wait status, found with WNOWAIT so that its pid stays reserved until the supervisor says reap),
discarded, loaded. I/O shell; the warm-up and the child's code are in warmup.py and child.py."""

from __future__ import annotations

import array
import json
import os
import signal
import socket
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

PIPE_NAMES = ("out", "err", "rep", "req", "go", "life")
MAX_FDS = len(PIPE_NAMES)


def wait_status(info: Any) -> int | None:
    """A waitid() result as a waitpid()-style status (None: not exited)."""
    if info is None or not info.si_pid:
        return None
    code, value = int(info.si_code), int(info.si_status)
    if code == os.CLD_EXITED:
        return (value & 0xFF) << 8
    if code == os.CLD_KILLED:
        return value & 0x7F
    if code == os.CLD_DUMPED:
        return (value & 0x7F) | 0x80
    return None


class Channel:
    """JSON lines on a Unix stream socket; descriptors arrive with the bytes they were sent with
    (only one command carries them at a time: the supervisor waits for each fork's reply)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.pending = b""
        self.fds: list[int] = []

    def send(self, obj: dict[str, Any]) -> None:
        self.sock.sendall((json.dumps(obj) + "\n").encode())

    def receive(self) -> bool:
        """Reads what the socket has (with any descriptors); False at end of file."""
        fds = array.array("i")
        try:
            data, anc, _flags, _addr = self.sock.recvmsg(1 << 16, socket.CMSG_SPACE(MAX_FDS * fds.itemsize))
        except InterruptedError:
            return True
        for level, kind, payload in anc:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.frombytes(payload[: len(payload) - (len(payload) % fds.itemsize)])
        self.fds.extend(fds)
        if not data:
            return False
        self.pending += data
        return True

    def commands(self) -> list[dict[str, Any]]:
        out = []
        while b"\n" in self.pending:
            line, _, self.pending = self.pending.partition(b"\n")
            out.append(json.loads(line))
        return out

    def take_fds(self, n: int) -> list[int]:
        fds, self.fds = self.fds[:n], self.fds[n:]
        return fds


class Zygote:
    def __init__(self, chan: Channel, host: dict[str, Any]) -> None:
        self.chan = chan
        self.host = host
        self.children: dict[int, int | None] = {}  # pid -> pidfd (or None)
        self.reported: set[int] = set()
        self.use_pidfd = bool(host["use"].get("pidfd")) and hasattr(os, "pidfd_open")
        self.wake_r = -1
        if not self.use_pidfd:
            # portable: SIGCHLD wakes the loop through a pipe
            self.wake_r, wake_w = os.pipe()
            os.set_blocking(wake_w, False)
            os.set_blocking(self.wake_r, False)
            signal.signal(signal.SIGCHLD, lambda *_: None)
            signal.set_wakeup_fd(wake_w)

    def send(self, obj: dict[str, Any]) -> None:
        self.chan.send(obj)

    def fork(self, cmd: dict[str, Any]) -> None:
        names = cmd["pipes"]
        fds = self.chan.take_fds(len(names))
        pipes = dict(zip(names, fds, strict=True))
        host = dict(self.host, diskquota=cmd["quota"], parentPid=os.getpid())
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            try:  # the child never returns into the zygote's loop, whatever happens
                import child

                child.run(host, cmd["dir"], pipes, _vm_bytes(host))
            finally:
                os._exit(70)
        for fd in fds:
            os.close(fd)
        pidfd = None
        if self.use_pidfd:
            try:
                pidfd = os.pidfd_open(pid)
            except OSError:
                pidfd = None
        self.children[pid] = pidfd
        self.send({"op": "forked", "pid": pid})

    def check_exits(self) -> None:
        """Reports every child that has exited, leaving it a zombie (its pid stays reserved)."""
        for pid in list(self.children):
            if pid in self.reported:
                continue
            try:
                info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                info = None
                self.reported.add(pid)
                self.send({"op": "exit", "pid": pid, "status": 0})
                continue
            status = wait_status(info)
            if status is not None:
                self.reported.add(pid)
                self.send({"op": "exit", "pid": pid, "status": status})

    def reap(self, pid: int, answer: bool = False) -> None:
        pidfd = self.children.pop(pid, None)
        if pidfd is not None:
            os.close(pidfd)
        self.reported.discard(pid)
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
        if answer:
            self.send({"op": "reaped", "pid": pid})

    def discard(self, pid: int) -> None:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.reap(pid)
        self.send({"op": "discarded", "pid": pid})

    def load(self, name: str) -> None:
        import gc

        import warmup

        state = warmup.seaborn_later() if name == "seaborn" else f"failed: nothing named {name} to load"
        gc.collect()
        gc.freeze()  # what it loaded joins the frozen generation: children do not copy it on their first collection
        self.send({"op": "loaded", "name": name, "state": state})

    def serve(self) -> int:
        import select

        while True:
            sock = self.chan.sock.fileno()
            watch = [sock] + [fd for fd in self.children.values() if fd is not None]
            if self.wake_r >= 0:
                watch.append(self.wake_r)
            try:
                ready = select.select(watch, [], [])[0]
            except InterruptedError:
                ready = []
            if self.wake_r in ready:
                try:
                    while os.read(self.wake_r, 512):
                        pass
                except BlockingIOError:
                    pass
            self.check_exits()
            if sock in ready:
                if not self.chan.receive():
                    self.shutdown()
                    return 0
                for cmd in self.chan.commands():
                    self.command(cmd)
                self.check_exits()

    def command(self, cmd: dict[str, Any]) -> None:
        op = cmd.get("op")
        try:
            if op == "fork":
                self.fork(cmd)
            elif op == "reap":
                self.reap(int(cmd["pid"]), answer=True)
            elif op == "discard":
                self.discard(int(cmd["pid"]))
            elif op == "load":
                self.load(str(cmd.get("name")))
        except Exception as e:  # answered, so that the supervisor waiting for it is not left hanging
            if op == "fork":
                for fd in self.chan.take_fds(len(self.chan.fds)):
                    os.close(fd)
                self.send({"op": "forked", "pid": -1, "error": f"{type(e).__name__}: {e}"})
            elif op == "discard":
                self.send({"op": "discarded", "pid": cmd.get("pid")})
            elif op == "reap":
                self.send({"op": "reaped", "pid": cmd.get("pid")})

    def shutdown(self) -> None:
        """The supervisor is gone: nothing forked from here may outlive it."""
        for pid in list(self.children):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for pid in list(self.children):
            self.reap(pid)


def _vm_bytes(host: dict[str, Any]) -> int | None:
    """This process's address-space size from /proc (what a child's RLIMIT_AS is added to), or
    None where /proc is not used (the child then measures its own)."""
    if not host["use"]["proc"]:
        return None
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _guard(host: dict[str, Any]) -> None:
    """Dies with the supervisor (PR_SET_PDEATHSIG where used; the control socket's end of file
    everywhere) and, where the privileges layer is used, is not dumpable."""
    use = host["use"]
    if use.get("pdeathsig") or use.get("privileges"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if use.get("pdeathsig"):
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        if use.get("privileges"):
            import privileges

            privileges.not_dumpable()
    if os.getppid() != host["supervisorPid"]:
        os._exit(0)  # the supervisor died before the death signal was armed


def main() -> int:
    sock = socket.socket(fileno=int(sys.argv[1]))
    sock.setblocking(True)
    devnull = os.open("/dev/null", os.O_RDWR)
    for fd in (0, 1):
        os.dup2(devnull, fd)  # no request arrives on stdin here, and stdout is nobody's protocol
    os.close(devnull)
    chan = Channel(sock)
    while b"\n" not in chan.pending:
        if not chan.receive():
            return 0
    host = chan.commands()[0]["host"]
    _guard(host)
    t0 = time.monotonic()
    try:
        import warmup

        warmup.warm_up()
        import confine

        confine.seccomp_library(host)  # loaded once here, not in every child
        import prefault

        prefault.install()  # before the first fork: a child must never die of an early SIGUSR1
        import gc

        gc.collect()
        gc.freeze()  # fewer copy-on-write page faults in every forked child
    except BaseException as e:
        chan.send({"op": "fatal", "message": f"{type(e).__name__}: {e}"})
        return 1
    z = Zygote(chan, host)
    z.send({"op": "ready", "warmMs": round((time.monotonic() - t0) * 1000), "pid": os.getpid()})
    return z.serve()


if __name__ == "__main__":
    sys.exit(main())
