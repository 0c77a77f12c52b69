/** What the budget says to one more command. */
export type CommandVerdict = 'allowed' | 'refused' | 'exhausted';

/**
 * A token bucket: `perSecond` commands on average, `burst` at once (a reconnecting client sends
 * connect and every subscribe in one frame, so the burst must cover a whole resubscribe).
 * Past the bucket a command is refused (111, temporary) but still costs: the bucket goes into
 * debt, which the refill pays back. A client that backs off on 111 is soon in credit again; one
 * that keeps sending sinks past `overdraft` and is cut off.
 */
export class CommandBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly overdraft: number,
    now: number,
  ) {
    this.tokens = burst;
    this.refilledAt = now;
  }

  take(now: number): CommandVerdict {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond);
    this.refilledAt = now;
    this.tokens -= 1;
    if (this.tokens >= 0) return 'allowed';
    return this.tokens >= -this.overdraft ? 'refused' : 'exhausted';
  }
}

/**
 * Counts the commands a client got wrong within a window. A well-behaved client makes a few
 * mistakes at most (a race with a server unsubscribe, a presence call on a channel just left);
 * one that keeps sending commands the server must refuse is broken or probing, and is cut off
 * rather than answered forever.
 */
export class ErrorBudget {
  private count = 0;
  private windowStartedAt: number;

  constructor(
    private readonly maxErrors: number,
    private readonly windowMs: number,
    now: number,
  ) {
    this.windowStartedAt = now;
  }

  /** Records one refused command; false once the client has used up its budget. */
  spend(now: number): boolean {
    if (now - this.windowStartedAt >= this.windowMs) {
      this.windowStartedAt = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.maxErrors;
  }
}
