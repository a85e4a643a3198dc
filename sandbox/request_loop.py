"""The warm parent's request loop (I/O shell): reads JSON-line requests on stdin, runs up to
`limit` of them at once, each forked and watched without blocking the others, and queues the rest
in order. Replies carry the request id, so they may come back in any order. One spare child is
kept forked and confined ahead of the next request (supervisor.Spare). A warm-up left out of the
start (seaborn: LaterWarmUp) is loaded on a thread once the first run has been answered.

What an observer outside sees changes only while a run is in flight: whenever none is (from the
ready line on: server.py forks the first spare before it), the processes under the warm parent
are its spare child and nothing else. The later warm-up keeps to that: while it loads, no
process is forked or killed (a fork beside a thread that is importing would hand the child
half-imported modules and held import locks), runs that need a child wait for it, and the spare
forked before it is replaced only inside a request."""

from __future__ import annotations

import collections
import gc
import json
import os
import select
import selectors
import threading
import time
from collections.abc import Callable
from typing import Any

import reaper
import supervisor

Reply = Callable[[dict[str, Any]], None]
STDIN = 0
LOADED = "later warm-up ended"  # selector data of the pipe the loader thread signals on


class LaterWarmUp:
    """A warm-up left out of the start so the first run does not wait for it (`load`, which
    returns what happened), run once on a thread while nothing runs. `name` is the module it
    loads: a run whose code names it is never given a child forked before the load. `state` is
    reported by ping: pending, loading, then what `load` returned, or failed."""

    def __init__(self, name: str, load: Callable[[], str]) -> None:
        self.name = name
        self.load = load
        self.state = "pending"
        self.thread: threading.Thread | None = None
        self.done_r = -1

    @property
    def loading(self) -> bool:
        return self.thread is not None

    def start(self) -> int:
        """Starts the loader thread; returns the fd that becomes readable when it has ended."""
        self.done_r, done_w = os.pipe()

        def work() -> None:
            try:
                self.state = self.load()
            except BaseException as e:  # costs only speed: a snippet that needs it sees the real error
                self.state = f"failed: {type(e).__name__}: {e}"
            finally:
                os.write(done_w, b"x")
                os.close(done_w)

        self.state = "loading"
        self.thread = threading.Thread(target=work, name="duellab-warm-later", daemon=True)
        try:
            self.thread.start()
        except BaseException:
            self.thread = None
            for fd in (self.done_r, done_w):
                os.close(fd)
            raise
        return self.done_r

    def finish(self) -> None:
        """The loader has signalled: join it. From here on forking is safe again; what it loaded
        joins the frozen generation, so children do not copy it on the collector's first pass."""
        assert self.thread is not None
        self.thread.join()
        self.thread = None
        os.close(self.done_r)
        self.done_r = -1
        gc.collect()
        gc.freeze()


def stdin_waiting() -> bool:
    """A request (or part of one) is already in the pipe."""
    return bool(select.select([STDIN], [], [], 0)[0])


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

    def __init__(self, host: dict[str, Any], reply: Reply, limit: int, later: LaterWarmUp | None = None) -> None:
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
        self.later = later
        self.answered = False  # a run has finished: the later warm-up may start once all is quiet
        self.stale: supervisor.Spare | None = None  # the spare forked before the later warm-up

    @property
    def loading(self) -> bool:
        """The later warm-up's thread is running: nothing may be forked."""
        return self.later is not None and self.later.loading

    def may_start_later(self) -> bool:
        return (
            self.later is not None
            and self.later.state == "pending"
            and self.answered
            and not self.active
            and not self.waiting
            and not self.pending
            and not stdin_waiting()
        )

    def can_begin(self) -> bool:
        """A slot is free and a child may be had: never while the later warm-up loads."""
        return len(self.active) < self.limit and not self.loading

    def let_spare_draw(self) -> None:
        """The spare's throwaway draw (prefault.py) only while a core is free of running snippets."""
        if self.spare is not None and len(self.active) < self.cores and self.prefaulting:
            self.spare.prefault()

    def refill(self) -> None:
        if self.spare is None and not self.loading:
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
        self.answered = True
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
        assert not self.loading, "no fork while the later warm-up's thread imports"
        taken, self.spare = self.spare, None
        if taken is not None and taken is self.stale:
            self.stale = None
            if self.later is not None and self.later.name in run.req["code"]:
                # it lacks what the later warm-up loaded and this run would import it: a child
                # forked now has it (about 15 ms, once); any other run takes the old spare as is
                taken.discard()
                taken = None
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
            self.reply(
                {
                    "type": "pong",
                    "id": rid,
                    "active": len(self.active),
                    "waiting": len(self.waiting),
                    "later": {self.later.name: self.later.state} if self.later else {},
                }
            )
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
        if run.blocked or (self.can_begin() and not self.waiting):
            self.begin(run)
        else:
            self.waiting.append(run)

    def later_done(self) -> None:
        """The later warm-up has ended. The spare (forked before it) stays where it is: replacing
        it now, with no request in flight, would change the process tree under an observer's
        eyes. The next run takes it or, if that run names the module, has it replaced."""
        assert self.later is not None
        self.sel.unregister(self.later.done_r)
        self.later.finish()
        self.stale = self.spare

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
                self.handle_safely(line)
        return True

    def handle_safely(self, line: bytes) -> None:
        """handle(), but nothing a request holds may end the loop (and with it every run in
        flight): a failure answers that request alone, with what went wrong."""
        try:
            self.handle(line)
        except Exception as e:
            rid = None
            try:
                rid = json.loads(line).get("id")
            except Exception:
                pass
            self.reply(
                {
                    "type": "error",
                    "id": rid,
                    "message": f"the sandbox could not take the request: {type(e).__name__}: {e}",
                }
            )

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
            while self.waiting and self.can_begin():
                self.begin(self.waiting.popleft())
            if any(r.done for r in self.active.values()):
                continue
            if self.may_start_later():
                assert self.later is not None
                try:
                    self.sel.register(self.later.start(), selectors.EVENT_READ, LOADED)
                except Exception as e:  # no thread or pipe to be had: runs stay as fast as before it
                    self.later.state = f"failed: {type(e).__name__}: {e}"
            timeout = max(0.0, wake - time.monotonic()) if self.active else None
            for key, _ in self.sel.select(timeout):
                if key.data is None:
                    if not self.read_requests():
                        self.parent_gone()
                        if self.loading:
                            # the loader may be inside an import: finalizing the interpreter
                            # under it could hang or crash; the runs and dirs are already gone
                            os._exit(0)
                        return 0
                elif key.data is LOADED:
                    self.later_done()
                else:
                    run = key.data
                    if run.id in self.active and run.on_ready(key.fd):
                        self.sel.unregister(key.fd)
