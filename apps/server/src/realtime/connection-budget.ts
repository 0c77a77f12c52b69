/**
 * A token bucket: `perSecond` commands on average, `burst` at once (a reconnecting client sends
 * connect and every subscribe in one frame, so the burst must cover a whole resubscribe).
 */
export class CommandBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.refilledAt = now;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
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
    now = Date.now(),
  ) {
    this.windowStartedAt = now;
  }

  /** Records one refused command; false once the client has used up its budget. */
  spend(now = Date.now()): boolean {
    if (now - this.windowStartedAt >= this.windowMs) {
      this.windowStartedAt = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.maxErrors;
  }
}
