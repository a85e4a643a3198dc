"""The supervisor's request loop (I/O shell): reads JSON-line requests on stdin, runs up to
`limit` of them at once, each in a child the zygote forked and each watched without blocking the
others, and queues the rest in order. Replies carry the request id, so they may come back in any
order. One spare child is kept forked and confined ahead of the next request (supervisor.Spare).
A warm-up left out of the start (seaborn: LaterWarmUp) is loaded by the zygote once the first run
has been answered.

What an observer outside sees changes only while a run is in flight: whenever none is (from the
ready line on: server.py has the first spare forked before it), the processes under the
supervisor are the zygote and its spare child and nothing else. The later warm-up keeps to that:
while the zygote loads, nothing is forked or killed (the zygote is busy on its only thread), runs
that need a child wait for it, and the spare forked before it is replaced only inside a request.

Nothing a snippet does ends this loop: a request that fails to be taken is answered alone, and a
zygote that died (a run killed it where no layer stops that, or it ran out of memory) fails the
runs in flight with a sentence and is replaced by a new one (a new warm-up)."""

from __future__ import annotations

import collections
import json
import os
import select
import selectors
import time
from collections.abc import Callable
from typing import Any

import reaper
import supervisor
from zygote_link import ZygoteGone, ZygoteLink

Reply = Callable[[dict[str, Any]], None]
STDIN = 0
ZYGOTE = "zygote"  # selector data of the zygote's control socket


class LaterWarmUp:
    """A warm-up left out of the start so the first run does not wait for it, loaded once by the
    zygote while nothing runs. `name` is the module it loads: a run whose code names it is never
    given a child forked before the load. `state` is reported by ping: pending, loading, then what
    the load returned (loaded, not installed) or failed: ..."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.state = "pending"

    @property
    def loading(self) -> bool:
        return self.state == "loading"


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

    def __init__(
        self,
        ctx: supervisor.Context,
        reply: Reply,
        limit: int,
        later: LaterWarmUp | None = None,
        new_zygote: Callable[[], ZygoteLink] | None = None,
    ) -> None:
        self.ctx = ctx
        self.host = ctx.host
        self.reply = reply
        self.limit = limit
        self.sel = selectors.DefaultSelector()
        self.sel.register(STDIN, selectors.EVENT_READ, None)
        self.active: dict[Any, supervisor.Run] = {}
        self.waiting: collections.deque[supervisor.Run] = collections.deque()
        self.pending = b""
        self.spare: supervisor.Spare | None = None  # a child forked and confined ahead of the next request
        self.prefaulting = "prefault" not in (self.host.get("off") or ())
        self.cores = usable_cores(self.host)
        self.later = later
        self.answered = False  # a run has finished: the later warm-up may start once all is quiet
        self.stale: supervisor.Spare | None = None  # the spare forked before the later warm-up
        self.new_zygote = new_zygote
        self.zygote_down: str | None = None  # why the last zygote failed to start, if it did
        if ctx.link is not None:
            self.sel.register(ctx.link.fileno(), selectors.EVENT_READ, ZYGOTE)

    @property
    def loading(self) -> bool:
        """The zygote is busy with the later warm-up: nothing may be forked."""
        return self.later is not None and self.later.loading

    def may_start_later(self) -> bool:
        return (
            self.later is not None
            and self.later.state == "pending"
            and self.ctx.link is not None
            and self.answered
            and not self.active
            and not self.waiting
            and not self.pending
            and not stdin_waiting()
        )

    def can_begin(self) -> bool:
        """A slot is free and a child may be had: never while the zygote loads."""
        return len(self.active) < self.limit and not self.loading

    def let_spare_draw(self) -> None:
        """The spare's throwaway draw (prefault.py) only while a core is free of running snippets."""
        if self.spare is not None and len(self.active) < self.cores and self.prefaulting:
            self.spare.prefault()

    def refill(self) -> None:
        if self.spare is None and not self.loading and self.ctx.link is not None:
            try:
                self.spare = supervisor.Spare(self.ctx)
            except ZygoteGone:
                self.zygote_lost()
            except Exception:
                self.spare = None  # the next run forks its own child; same isolation, a little slower
        self.let_spare_draw()

    def untouchable(self) -> list[int]:
        """Children (and process groups) a run's sweep must leave alone: the zygote, other runs, the spare."""
        pids = [r.pid for r in self.active.values() if r.pid is not None]
        zygote = [self.ctx.link.pid] if self.ctx.link is not None else []
        return zygote + pids + ([self.spare.pid] if self.spare else [])

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
            res = run.finish(spare_pids=others, spare_groups=others)
            self.reply({"type": "result", "id": run.id, "result": res})
        except Exception as e:
            reaper.sweep(self.host, others, others)
            self.reply(
                {"type": "error", "id": run.id, "message": f"the sandbox supervisor failed: {type(e).__name__}: {e}"}
            )

    def begin(self, run: supervisor.Run) -> None:
        assert not self.loading, "no fork while the zygote loads"
        if self.ctx.link is None:
            self.reply(
                {
                    "type": "error",
                    "id": run.id,
                    "message": f"the sandbox could not start the run: {self.zygote_down or 'no zygote'}",
                }
            )
            return
        self.handle_zygote_events()  # a spare that died while it waited is known before it is used
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
        except ZygoteGone as e:
            self.reply({"type": "error", "id": run.id, "message": f"the sandbox could not start the run: {e}"})
            self.zygote_lost()
            return
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

    def pong(self, rid: Any) -> dict[str, Any]:
        runs = []
        for run in self.active.values():
            runs.append({"id": run.id, "diskBytes": run.disk_now()})
        return {
            "type": "pong",
            "id": rid,
            "active": len(self.active),
            "waiting": len(self.waiting),
            "later": {self.later.name: self.later.state} if self.later else {},
            "runs": runs,
        }

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
            self.reply(self.pong(rid))
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
            run = supervisor.Run(req, self.ctx)
        except supervisor.BadRequest as e:
            self.reply({"type": "error", "id": rid, "message": str(e)})
            return
        if self.can_begin() and not self.waiting:
            self.begin(run)
        else:
            self.waiting.append(run)

    def handle_zygote_events(self) -> None:
        """A child's exit, or the end of the later warm-up, as the zygote told it."""
        link = self.ctx.link
        if link is None:
            return
        try:
            events = link.poll()
        except ZygoteGone:
            self.zygote_lost()
            return
        for msg in events:
            op = msg.get("op")
            if op == "exit":
                self.child_exited(int(msg["pid"]), int(msg.get("status") or 0))
            elif op == "loaded":
                self.later_done(str(msg.get("state")))

    def child_exited(self, pid: int, status: int) -> None:
        for run in self.active.values():
            if run.pid == pid:
                run.on_exit(status)
                return
        if self.spare is not None and self.spare.pid == pid:
            # killed while it waited (from outside): replaced inside the next request, never used
            self.spare.exited, self.spare.wstatus = True, status

    def zygote_lost(self) -> None:
        """The zygote is gone: every run in flight ends with a sentence, the spare with it, and a
        new zygote is started (a fresh warm-up) for the runs to come."""
        link = self.ctx.link
        if link is None:
            return
        try:
            self.sel.unregister(link.fileno())
        except (KeyError, ValueError):
            pass
        link.close()
        self.ctx.link = None
        for run in self.active.values():
            run.zygote_died()
        if self.spare is not None:
            self.spare.discard(ask_zygote=False)
            self.spare = None
        self.stale = None
        if self.later is not None:
            self.later.state = "pending"  # the new zygote has not loaded it
        self.answered = False
        if self.new_zygote is None:
            self.zygote_down = "the zygote died"
            return
        try:
            self.ctx.link = self.new_zygote()
            self.zygote_down = None
            self.sel.register(self.ctx.link.fileno(), selectors.EVENT_READ, ZYGOTE)
        except Exception as e:
            self.zygote_down = f"the zygote died and a new one could not start ({e})"
        self.refill()

    def later_done(self, state: str) -> None:
        """The zygote has loaded the later warm-up. The spare (forked before it) stays where it
        is: replacing it now, with no request in flight, would change the process tree under an
        observer's eyes. The next run takes it or, if that run names the module, has it replaced."""
        assert self.later is not None
        self.later.state = state
        self.stale = self.spare

    def parent_gone(self) -> None:
        """stdin closed: the parent is gone. End every run, then sweep what is left."""
        if self.spare is not None:
            self.spare.discard(ask_zygote=False)  # it may be busy loading; it is killed below anyway
            self.spare = None
        for run in list(self.active.values()):
            run.parent_went_away()
        if not self.loading:
            self.handle_zygote_events()
        for run in list(self.active.values()):
            if not run.exited:
                run.on_exit(9)  # killed above; the zygote may be too slow to say so
            try:
                self.finish(run)
            except OSError:
                pass  # nobody reads the replies any more
        if self.ctx.link is not None:
            self.ctx.link.close(kill=True)
            self.ctx.link = None
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
            self.handle_zygote_events()
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
                assert self.later is not None and self.ctx.link is not None
                try:
                    self.ctx.link.load(self.later.name)
                    self.later.state = "loading"
                except ZygoteGone:
                    self.zygote_lost()
                    continue
            timeout = max(0.0, wake - time.monotonic()) if self.active else None
            for key, _ in self.sel.select(timeout):
                if key.data is None:
                    if not self.read_requests():
                        self.parent_gone()
                        return 0
                elif key.data is ZYGOTE:
                    pass  # handled at the top of the loop
                else:
                    run = key.data
                    if run.id in self.active and run.on_ready(key.fd):
                        self.sel.unregister(key.fd)
