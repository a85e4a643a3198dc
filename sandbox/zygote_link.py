"""The supervisor's end of the zygote (zygote.py): starts it with fork and exec, so that nothing
of the supervisor's memory (which holds every request) reaches the process runs are forked
from, and talks to it over a Unix socket pair. I/O shell.

Calls that need an answer (fork, discard) wait for it, keeping every other message it reads on
the way (a child's exit, the end of a later warm-up) for the request loop to handle. A zygote
that died or stopped answering raises ZygoteGone; the request loop then fails the runs in flight
with a sentence and starts a new zygote (which is a new warm-up, a second or two)."""

from __future__ import annotations

import array
import collections
import json
import os
import select
import socket
import subprocess
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
Message = dict[str, Any]


class ZygoteGone(Exception):
    pass


class ZygoteLink:
    def __init__(self, host: dict[str, Any], start_timeout: float = 600.0) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        ours.set_inheritable(False)
        theirs.set_inheritable(True)
        self.sock = ours
        self.pending = b""
        self.events: collections.deque[Message] = collections.deque()
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-B", os.path.join(HERE, "zygote.py"), str(theirs.fileno())],
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            close_fds=True,
        )
        theirs.close()
        self.pid: int = self.proc.pid
        self.send({"op": "host", "host": host})
        first = self.wait_for(("ready", "fatal"), start_timeout)
        if first["op"] == "fatal":
            self.close()
            raise ZygoteGone(f"the sandbox could not warm up: {first.get('message')}")
        self.warm_ms: int = int(first.get("warmMs") or 0)

    def fileno(self) -> int:
        return self.sock.fileno()

    def send(self, obj: Message, fds: list[int] | None = None) -> None:
        data = (json.dumps(obj) + "\n").encode()
        try:
            if fds:
                self.sock.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))])
            else:
                self.sock.sendall(data)
        except OSError as e:
            raise ZygoteGone(f"the zygote is gone ({e.strerror})") from e

    def _read(self, timeout: float | None) -> None:
        if not select.select([self.sock], [], [], timeout)[0]:
            return
        try:
            data = self.sock.recv(1 << 16)
        except OSError as e:
            raise ZygoteGone(f"the zygote is gone ({e.strerror})") from e
        if not data:
            raise ZygoteGone("the zygote exited")
        self.pending += data
        while b"\n" in self.pending:
            line, _, self.pending = self.pending.partition(b"\n")
            self.events.append(json.loads(line))

    def wait_for(self, ops: tuple[str, ...], timeout: float = 60.0) -> Message:
        """The first message whose op is one of ops; every other one stays queued in order."""
        end = time.monotonic() + timeout
        while True:
            for i, msg in enumerate(self.events):
                if msg.get("op") in ops:
                    del self.events[i]
                    return msg
            left = end - time.monotonic()
            if left <= 0:
                raise ZygoteGone(f"the zygote did not answer within {timeout:.0f} s")
            self._read(left)

    def poll(self) -> list[Message]:
        """Every message already readable, without waiting, plus those queued before."""
        while select.select([self.sock], [], [], 0)[0]:
            self._read(0)
        out = list(self.events)
        self.events.clear()
        return out

    def fork(self, run_dir: str, pipes: dict[str, int], quota: dict[str, Any]) -> int:
        """A new child confining itself for run_dir, with these child-side pipe ends (the caller
        closes its copies); returns its pid."""
        names = list(pipes)
        self.send({"op": "fork", "dir": run_dir, "pipes": names, "quota": quota}, [pipes[n] for n in names])
        answer = self.wait_for(("forked",))
        if answer.get("error"):
            raise OSError(f"the zygote could not fork the run's child: {answer['error']}")
        return int(answer["pid"])

    def discard(self, pid: int) -> None:
        """Kill and reap a child (a spare that will not be used)."""
        self.send({"op": "discard", "pid": pid})
        self.wait_for(("discarded",))

    def reap(self, pid: int) -> None:
        """The supervisor is done with an exited child: reaped (its pid may be reused from now on,
        and its process group holds no zombie any more) when this returns."""
        self.send({"op": "reap", "pid": pid})
        self.wait_for(("reaped",))

    def load(self, name: str) -> None:
        """Start a later warm-up; its end arrives as a "loaded" message."""
        self.send({"op": "load", "name": name})

    def close(self, kill: bool = False) -> None:
        """End of file for the zygote, which then kills its children and exits; reaped here. With
        kill (the sandbox is closing), it is not waited for: it may be busy loading seaborn, and
        its children die with it (PR_SET_PDEATHSIG, or their lifeline once this process exits)."""
        try:
            self.sock.close()
        except OSError:
            pass
        if kill:
            self.proc.kill()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
