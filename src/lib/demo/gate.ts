// A gate on the demo server's answers, so a test can hold calls and let them return when it says
// so, instead of picking latencies and hoping two answers do not finish together. A hold matches
// calls (by model and prompt, or all of them); a matching call waits until the test releases it.
// Pure bookkeeping of promises: no timers, no I/O; the server asks `pass` for each answer.

/** What a hold can see of a call to decide whether to hold it. */
export interface GateCall {
  model: string;
  /** The last user message. */
  prompt: string;
}

export interface Hold {
  /** Calls held by this hold right now. */
  readonly waiting: number;
  /** Calls this hold has held so far (released or not). */
  readonly held: number;
  /** Resolves once at least `n` calls are held at the same time (at once if they already are). */
  arrived(n: number): Promise<void>;
  /** Lets the oldest `n` held calls return (all of them when `n` is left out); later calls are still held. */
  release(n?: number): void;
  /** Lets every held call return and holds no more. */
  open(): void;
}

interface Waiter {
  go: () => void;
}

class HoldImpl implements Hold {
  private queue: Waiter[] = [];
  private arrivals: Array<{ n: number; resolve: () => void }> = [];
  held = 0;
  opened = false;
  constructor(readonly match: (c: GateCall) => boolean) {}

  get waiting(): number {
    return this.queue.length;
  }

  arrived(n: number): Promise<void> {
    if (this.queue.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.arrivals.push({ n, resolve }));
  }

  release(n = Infinity): void {
    for (const w of this.queue.splice(0, n)) w.go();
  }

  open(): void {
    this.opened = true;
    this.release();
  }

  /** Queues a call; the returned `drop` takes it out again (the caller hung up). */
  add(): { ready: Promise<void>; drop: () => void } {
    let w!: Waiter;
    const ready = new Promise<void>((go) => (w = { go }));
    this.queue.push(w);
    this.held++;
    // Arrivals are checked after the push so `arrived(n)` means "n are waiting now".
    this.arrivals = this.arrivals.filter((a) => (this.queue.length >= a.n ? (a.resolve(), false) : true));
    return { ready, drop: () => void (this.queue = this.queue.filter((x) => x !== w)) };
  }
}

export class Gate {
  private holds: HoldImpl[] = [];

  /** Starts holding calls that `match` accepts (every call when left out). */
  hold(match: (c: GateCall) => boolean = () => true): Hold {
    const h = new HoldImpl(match);
    this.holds.push(h);
    return h;
  }

  /** null: answer now. Otherwise answer once `ready` resolves; call `drop` if the caller hangs up. */
  pass(call: GateCall): { ready: Promise<void>; drop: () => void } | null {
    this.holds = this.holds.filter((h) => !h.opened);
    const h = this.holds.find((x) => x.match(call));
    return h ? h.add() : null;
  }
}
