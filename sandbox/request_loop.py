"""The warm parent's request loop (I/O shell): reads JSON-line requests on stdin, runs up to
`limit` of them at once, each forked and watched without blocking the others, and queues the rest
in order. Replies carry the request id, so they may come back in any order. One spare child is
kept forked and confined ahead of the next request (supervisor.Spare)."""

from __future__ import annotations

import collections
import json
import os
import selectors
import time
from collections.abc import Callable
from typing import Any

import reaper
import supervisor

Reply = Callable[[dict[str, Any]], None]
STDIN = 0


def usable_cores(host: dict[str, Any]) -> int:
    """The cores this process may really use (Linux affinity, read only where /proc is used),
    else the machine's count."""
    cores = None
    if host["use"]["proc"]:
        try:
            cores = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            pass
    return cores or os.cpu_count() or 1


class RequestLoop:
    """The loop's state, named: `active` runs (by id), runs `waiting` for a slot, the `spare`
    child, and the bytes of a request line not yet complete (`pending`)."""

    def __init__(self, host: dict[str, Any], reply: Reply, limit: int) -> None:
        self.host = host
        self.reply = reply
        self.limit = limit
        self.sel = selectors.DefaultSelector()
        self.sel.register(STDIN, selectors.EVENT_READ, None)
        self.active: dict[Any, supervisor.Run] = {}
        self.waiting: collections.deque[supervisor.Run] = collections.deque()
        self.pending = b""
        self.spare: supervisor.Spare | None = None  # a child forked and confined ahead of the next request
        self.prefaulting = "prefault" not in (host.get("off") or ())
        self.cores = usable_cores(host)

    def let_spare_draw(self) -> None:
        """The spare's throwaway draw (prefault.py) only while a core is free of running snippets."""
        if self.spare is not None and len(self.active) < self.cores and self.prefaulting:
            self.spare.prefault()

    def refill(self) -> None:
        if self.spare is None:
            try:
                self.spare = supervisor.Spare(self.host)
            except Exception:
                self.spare = None  # the next run forks its own child; same isolation, a little slower
        self.let_spare_draw()

    def untouchable(self) -> list[int]:
        """Children (and sessions) a run's sweep must leave alone: other runs and the spare."""
        pids = [r.pid for r in self.active.values() if r.pid is not None]
        return pids + ([self.spare.pid] if self.spare else [])

    def finish(self, run: supervisor.Run) -> None:
        for fd in run.fds:
            try:
                self.sel.unregister(fd)
            except (KeyError, ValueError):
                pass
        self.active.pop(run.id, None)
        self.let_spare_draw()
        others = self.untouchable()
        try:
            res = run.finish(spare_pids=others, spare_sids=others)
            self.reply({"type": "result", "id": run.id, "result": res})
        except Exception as e:
            reaper.sweep(self.host, others, others)
            self.reply(
                {"type": "error", "id": run.id, "message": f"the sandbox supervisor failed: {type(e).__name__}: {e}"}
            )

    def begin(self, run: supervisor.Run) -> None:
        if run.blocked:
            self.reply({"type": "result", "id": run.id, "result": run.finish()})
            return
        taken, self.spare = self.spare, None
        try:
            fds = run.start(taken)
        except Exception as e:
            self.reply(
                {
                    "type": "error",
                    "id": run.id,
                    "message": f"the sandbox could not start the run: {type(e).__name__}: {e}",
                }
            )
            return
        self.active[run.id] = run
        for fd in fds:
            self.sel.register(fd, selectors.EVENT_READ, run)
        self.refill()  # the next request finds a child already forked and confined

    def cancel(self, rid: Any) -> None:
        if rid in self.active:
            self.active[rid].cancel()
            return
        for run in self.waiting:
            if run.id == rid:
                self.waiting.remove(run)
                self.reply({"type": "result", "id": rid, "result": run.cancelled_while_waiting()})
                return
        # otherwise it arrived after its run ended

    def handle(self, line: bytes) -> None:
        try:
            req = json.loads(line)
        except ValueError:
            self.reply({"type": "error", "id": None, "message": "the request line was not JSON"})
            return
        if not isinstance(req, dict):
            self.reply({"type": "error", "id": None, "message": "the request line was not a JSON object"})
            return
        rid = req.get("id")
        if req.get("op") == "ping":
            self.reply({"type": "pong", "id": rid, "active": len(self.active), "waiting": len(self.waiting)})
            return
        if req.get("op") == "cancel":
            self.cancel(rid)
            return
        if rid in self.active or any(r.id == rid for r in self.waiting):
            self.reply(
                {
                    "type": "error",
                    "id": rid,
                    "message": f"a run with id {rid!r} is already in progress; each request needs its own id",
                }
            )
            return
        try:
            run = supervisor.Run(req, self.host)
        except supervisor.BadRequest as e:
            self.reply({"type": "error", "id": rid, "message": str(e)})
            return
        if run.blocked or len(self.active) < self.limit:
            self.begin(run)
        else:
            self.waiting.append(run)

    def parent_gone(self) -> None:
        """stdin closed: the parent is gone. End every run, then sweep what is left."""
        if self.spare is not None:
            self.spare.discard()
            self.spare = None
        for run in list(self.active.values()):
            run.parent_went_away()
        for run in list(self.active.values()):
            try:
                self.finish(run)
            except OSError:
                pass  # nobody reads the replies any more
        reaper.sweep(self.host)

    def read_requests(self) -> bool:
        """stdin is readable: handle every complete line. False once stdin has closed."""
        chunk = os.read(STDIN, 1 << 20)
        if not chunk:
            return False
        self.pending += chunk
        while b"\n" in self.pending:
            line, _, self.pending = self.pending.partition(b"\n")
            if line.strip():
                self.handle(line)
        return True

    def serve(self) -> int:
        """Runs until stdin closes; returns the process exit code."""
        self.refill()
        while True:
            now = time.monotonic()
            wake = now + 1.0
            for run in list(self.active.values()):
                wake = min(wake, run.tick(now))
                if run.done:
                    self.finish(run)
            while self.waiting and len(self.active) < self.limit:
                self.begin(self.waiting.popleft())
            if any(r.done for r in self.active.values()):
                continue
            timeout = max(0.0, wake - time.monotonic()) if self.active else None
            for key, _ in self.sel.select(timeout):
                if key.data is None:
                    if not self.read_requests():
                        self.parent_gone()
                        return 0
                else:
                    run = key.data
                    if run.id in self.active and run.on_ready(key.fd):
                        self.sel.unregister(key.fd)
