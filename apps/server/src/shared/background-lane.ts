import { workCounters } from './work-counters.js';

/**
 * Work that no request waits on, run a few jobs at a time with a turn of the event loop between
 * one job and the next. A burst (400 players leaving their tables at once when a node restarts or
 * a network drops) then costs every table's move the wait of one job, not of the burst: on PGlite a
 * statement never waits on I/O, so 400 transactions started together would run as one block of
 * a second or more before a player's request is even read.
 */
export interface BackgroundLane {
  /**
   * Queues `job` under `key`. A job of the same key still waiting is replaced, keeping its place:
   * a job reads what is true when it runs, so the newer one covers both.
   */
  add(key: string, job: () => Promise<unknown>): void;
  /** Resolves when nothing is queued or running (what was queued meanwhile included). */
  idle(): Promise<void>;
  /** Jobs queued and not yet started. */
  readonly waiting: number;
}

export interface BackgroundLaneOptions {
  /** Jobs running at once: 1 on the embedded database (one connection), a few on PostgreSQL. */
  readonly concurrency: number;
  /** A job that throws is told here; the lane goes on. */
  readonly logError: (error: unknown) => void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createBackgroundLane(options: BackgroundLaneOptions): BackgroundLane {
  // Insertion order is queue order; replacing a key's job keeps its place.
  const queue = new Map<string, () => Promise<unknown>>();
  let running = 0;
  let idleWaiters: (() => void)[] = [];

  async function work(): Promise<void> {
    running++;
    try {
      for (;;) {
        // Back to the event loop before every job: what arrived meanwhile (a player's move) is read
        // and queued for the database before the next job of the burst.
        await nextTurn();
        const next = queue.entries().next();
        if (next.done) return;
        const [key, job] = next.value;
        queue.delete(key);
        workCounters.backgroundWaiting--;
        workCounters.backgroundJobs++;
        await job().catch(options.logError);
      }
    } finally {
      running--;
      if (running === 0 && queue.size === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }
  }

  return {
    add(key, job) {
      if (!queue.has(key)) workCounters.backgroundWaiting++;
      queue.set(key, job);
      if (running < options.concurrency) void work();
    },
    idle() {
      if (running === 0 && queue.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get waiting() {
      return queue.size;
    },
  };
}
