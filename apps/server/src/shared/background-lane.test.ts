import { describe, expect, it } from 'vitest';
import { createBackgroundLane } from './background-lane.js';

const noError = (error: unknown) => {
  throw error;
};

describe('the background lane', () => {
  it('runs a burst one job at a time, with a turn of the event loop before each: what arrives meanwhile is not held to the end', async () => {
    const lane = createBackgroundLane({ concurrency: 1, logError: noError });
    const log: string[] = [];
    let running = 0;
    let most = 0;
    for (let i = 0; i < 50; i++) {
      lane.add(`job${i}`, async () => {
        most = Math.max(most, ++running);
        log.push(`job${i}`);
        await Promise.resolve();
        running--;
      });
    }
    // A request read from a socket is an I/O callback; setImmediate stands for it: it runs before the burst ends.
    setImmediate(() => log.push('request'));
    await lane.idle();
    expect(most).toBe(1);
    expect(log).toHaveLength(51);
    expect(log.indexOf('request')).toBeLessThan(3);
    expect(lane.waiting).toBe(0);
  });

  it('a job still waiting is replaced by a newer one of its key, in its place; a started job is not', async () => {
    const lane = createBackgroundLane({ concurrency: 1, logError: noError });
    const ran: string[] = [];
    lane.add('a', async () => ran.push('a: leave'));
    lane.add('b', async () => ran.push('b: leave'));
    lane.add('a', async () => ran.push('a: join'));
    expect(lane.waiting).toBe(2);
    await lane.idle();
    expect(ran).toEqual(['a: join', 'b: leave']);

    let release: () => void = () => {};
    lane.add('a', () => new Promise<void>((resolve) => (release = () => (ran.push('a: first'), resolve()))));
    while (lane.waiting > 0) await new Promise((resolve) => setImmediate(resolve));
    lane.add('a', async () => ran.push('a: second'));
    release();
    await lane.idle();
    expect(ran.slice(2)).toEqual(['a: first', 'a: second']);
  });

  it('runs at most `concurrency` jobs at once, and a failing job is told and does not stop the others', async () => {
    const errors: unknown[] = [];
    const lane = createBackgroundLane({ concurrency: 3, logError: (error) => errors.push(error) });
    let running = 0;
    let most = 0;
    let done = 0;
    for (let i = 0; i < 20; i++) {
      lane.add(String(i), async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        if (i === 7) throw new Error('seven');
        done++;
      });
    }
    await lane.idle();
    expect(most).toBe(3);
    expect(done).toBe(19);
    expect(errors).toEqual([new Error('seven')]);
  });

  it('idle() resolves at once when nothing is queued, and waits for jobs queued while it waits', async () => {
    const lane = createBackgroundLane({ concurrency: 1, logError: noError });
    await lane.idle();
    const ran: number[] = [];
    lane.add('1', async () => {
      ran.push(1);
      lane.add('2', async () => ran.push(2));
    });
    await lane.idle();
    expect(ran).toEqual([1, 2]);
  });
});
