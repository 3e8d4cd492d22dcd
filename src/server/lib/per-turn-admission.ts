/** How many requests one session, API key or address begins a turn (decision 053). */
export const REQUESTS_BEGUN_PER_TURN = 2;

/**
 * How many of one account's requests begin in one turn of the event loop (decision 053).
 *
 * On the embedded database a statement answers within the turn that sends it, so a request runs
 * from its start to its first real wait (a worker thread, a carrier) without the loop reading any
 * other socket. Forty requests of one shop arriving together then run back to back before another
 * shop's request is even read, and while the shop keeps forty in flight every turn is that long.
 * Here each account begins at most `perTurn` requests a turn; the rest wait, in the order they came,
 * for the turns that follow, in each of which every waiting account begins its next few. Requests
 * already under way are not held back: a shop's slow carrier calls do not keep its next request
 * waiting.
 */
export class PerTurnAdmission {
  /** Requests begun this turn, by account. */
  private readonly begun = new Map<string, number>();
  /** Requests waiting for a later turn, by account, each account's in order. */
  private readonly waiting = new Map<string, (() => void)[]>();
  private turnScheduled = false;

  constructor(private readonly perTurn: number) {}

  /** Calls `begin` now, or in a later turn when `account` has begun its share of this one. */
  admit(account: string, begin: () => void): void {
    const begun = this.begun.get(account) ?? 0;
    if (begun < this.perTurn && !this.waiting.has(account)) {
      this.begun.set(account, begun + 1);
      this.scheduleTurn();
      begin();
      return;
    }
    const queue = this.waiting.get(account);
    if (queue) queue.push(begin);
    else this.waiting.set(account, [begin]);
    this.scheduleTurn();
  }

  /** How many requests wait for a later turn (tests). */
  get queued(): number {
    let n = 0;
    for (const q of this.waiting.values()) n += q.length;
    return n;
  }

  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    // setImmediate runs after the loop has polled the sockets: what arrived meanwhile is read first.
    setImmediate(() => this.nextTurn());
  }

  private nextTurn(): void {
    this.turnScheduled = false;
    this.begun.clear();
    const begin: (() => void)[] = [];
    for (const [account, queue] of this.waiting) {
      const batch = queue.splice(0, this.perTurn);
      if (queue.length === 0) this.waiting.delete(account);
      this.begun.set(account, batch.length);
      begin.push(...batch);
    }
    if (this.begun.size > 0) this.scheduleTurn();
    for (const b of begin) b();
  }
}
