/**
 * Handles what is due by the clock it was built with (a room's deadline, a tournament's start, a
 * referral bonus) and resolves when done. Due work lives in rows, swept by any node with
 * `FOR UPDATE SKIP LOCKED` (STYLE.md "a timed thing"), so a task holds no state between ticks.
 */
export type SweepTask = () => Promise<unknown>;

/** When the next tick runs: Node's timer by default, one the test fires by hand otherwise. */
export interface SweepTimer {
  set(tick: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface SweeperOptions {
  /** The pause between the end of one tick and the start of the next; 0 or less: no timer (tests sweep by hand). */
  readonly intervalMs: number;
  readonly logError: (error: unknown, message: string) => void;
  readonly timer?: SweepTimer;
}

export interface Sweeper {
  /** Adds a task to every tick, after those registered before it. */
  register(name: string, task: SweepTask): void;
  /** One tick: every task once, in order; a tick already running is joined, not doubled. */
  sweep(): Promise<void>;
  /** Starts this node's timer (DESIGN.md §8); a no-op when the interval is 0 or it already runs. */
  start(): void;
  /** Stops the timer and waits for a running tick: nothing is swept after it resolves. */
  close(): Promise<void>;
}

const nodeTimer: SweepTimer = {
  set: (tick, ms) => setTimeout(tick, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

// Back to the event loop between tasks: on PGlite a statement never waits on I/O, so a long
// sweep would otherwise hold a player's request until its end.
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The node's one timer loop: every timed task registers with it, none keeps a loop of its own. */
export function createSweeper(options: SweeperOptions): Sweeper {
  const timer = options.timer ?? nodeTimer;
  const tasks: { name: string; task: SweepTask }[] = [];
  let handle: unknown;
  let isStarted = false;
  let isClosed = false;
  let running: Promise<void> | undefined;

  async function runTasks(): Promise<void> {
    for (const [index, { name, task }] of tasks.entries()) {
      if (isClosed) return;
      if (index > 0) await yieldToRequests();
      // One failing task is logged; the others still run in this tick.
      await task().catch((error: unknown) => options.logError(error, `${name} sweep failed`));
    }
  }

  function sweep(): Promise<void> {
    running ??= runTasks().finally(() => (running = undefined));
    return running;
  }

  // The next tick is timed from the end of this one: a slow sweep is never overlapped by the next.
  function schedule(): void {
    handle = timer.set(() => void sweep().finally(() => !isClosed && schedule()), options.intervalMs);
  }

  return {
    register(name, task) {
      tasks.push({ name, task });
    },
    sweep,
    start() {
      if (options.intervalMs <= 0 || isStarted || isClosed) return;
      isStarted = true;
      schedule();
    },
    async close() {
      isClosed = true;
      if (handle !== undefined) timer.clear(handle);
      await running;
    },
  };
}
