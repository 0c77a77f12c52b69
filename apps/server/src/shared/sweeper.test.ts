import { describe, expect, it } from 'vitest';
import { createSweeper, type SweepTimer } from './sweeper.js';

/** A timer the test fires by hand: the loop runs without waiting for real time. */
function handTimer() {
  let pending: { tick: () => void; ms: number } | null = null;
  const timer: SweepTimer = {
    set: (tick, ms) => (pending = { tick, ms }),
    clear: () => (pending = null),
  };
  return {
    timer,
    get pendingMs() {
      return pending?.ms ?? null;
    },
    fire() {
      const due = pending;
      pending = null;
      due?.tick();
    },
  };
}

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the sweeper', () => {
  it('runs every registered task once a tick, in the order they registered', async () => {
    const ran: string[] = [];
    const sweeper = createSweeper({ intervalMs: 250, logError: () => {} });
    sweeper.register('room deadlines', async () => ran.push('rooms'));
    sweeper.register('tournament starts', async () => ran.push('tournaments'));
    await sweeper.sweep();
    expect(ran).toEqual(['rooms', 'tournaments']);
  });

  it('schedules the next tick only after the previous one ended', async () => {
    const clock = handTimer();
    const slow = gate();
    let runs = 0;
    const sweeper = createSweeper({ intervalMs: 250, logError: () => {}, timer: clock.timer });
    sweeper.register('slow', async () => {
      runs++;
      await slow.opened;
    });
    sweeper.start();
    expect(clock.pendingMs).toBe(250);
    clock.fire();
    expect(clock.pendingMs).toBeNull(); // no tick is due while this one runs
    const joined = sweeper.sweep(); // a sweep asked for meanwhile joins the running one
    slow.open();
    await joined;
    expect(runs).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.pendingMs).toBe(250);
    await sweeper.close();
  });

  it('logs a failing task and still runs the others', async () => {
    const logged: string[] = [];
    let isRun = false;
    const sweeper = createSweeper({ intervalMs: 250, logError: (_error, message) => logged.push(message) });
    sweeper.register('tournament starts', async () => Promise.reject(new Error('boom')));
    sweeper.register('referral bonuses', async () => (isRun = true));
    await sweeper.sweep();
    expect(logged).toEqual(['tournament starts sweep failed']);
    expect(isRun).toBe(true);
  });

  it('on close waits for the running tick and schedules no other', async () => {
    const clock = handTimer();
    const slow = gate();
    let isDone = false;
    const sweeper = createSweeper({ intervalMs: 250, logError: () => {}, timer: clock.timer });
    sweeper.register('slow', async () => {
      await slow.opened;
      isDone = true;
    });
    sweeper.start();
    clock.fire();
    const closed = sweeper.close();
    slow.open();
    await closed;
    expect(isDone).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.pendingMs).toBeNull();
  });

  it('keeps no timer when the interval is 0', () => {
    const clock = handTimer();
    createSweeper({ intervalMs: 0, logError: () => {}, timer: clock.timer }).start();
    expect(clock.pendingMs).toBeNull();
  });
});
