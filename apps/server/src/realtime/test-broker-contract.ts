import { afterEach, expect, it } from 'vitest';
import type { Broker, BrokerEvent, BrokerLimits } from './broker.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What every broker must do, run against the in-memory one and against Redis. `pass` lets time
 * go by: the in-memory broker's clock is moved; Redis expires keys on its own clock, so there it
 * is a real wait (the default).
 */
export function brokerContract(make: (limits: Partial<BrokerLimits>) => Broker, pass: (ms: number) => Promise<void> = sleep): void {
  const brokers: Broker[] = [];
  const broker = (historySize = 10, limits: Partial<BrokerLimits> = {}) => {
    const made = make({ historySize, ...limits });
    brokers.push(made);
    return made;
  };
  afterEach(async () => {
    for (const made of brokers.splice(0)) await made.close();
  });

  it('numbers publications of a channel 1, 2, 3 within one epoch', async () => {
    const b = broker();
    const positions = [await b.publish('lobby', { n: 1 }), await b.publish('lobby', { n: 2 }), await b.publish('lobby', { n: 3 })];
    expect(positions.map((p) => p.offset)).toEqual([1, 2, 3]);
    expect(new Set(positions.map((p) => p.epoch)).size).toBe(1);
    const other = await b.publish('room:1', {});
    expect(other.offset).toBe(1);
  });

  it('publishes once per idempotency key', async () => {
    const b = broker();
    const first = await b.publish('lobby', { n: 1 }, { idempotencyKey: 'k1' });
    const again = await b.publish('lobby', { n: 1 }, { idempotencyKey: 'k1' });
    expect(again).toEqual(first);
    const history = await b.history('lobby', { limit: -1 });
    expect(history.ok && history.publications.length).toBe(1);
  });

  it('keeps the last publications and refuses a position older than what is kept', async () => {
    const b = broker(3);
    for (let n = 1; n <= 5; n++) await b.publish('room:1', { n });
    const all = await b.history('room:1', { limit: -1 });
    if (!all.ok) throw new Error('history failed');
    expect(all.publications.map((p) => p.offset)).toEqual([3, 4, 5]);
    expect(all.position.offset).toBe(5);
    const epoch = all.position.epoch;
    const recent = await b.history('room:1', { limit: -1, since: { offset: 3, epoch } });
    expect(recent.ok && recent.publications.map((p) => p.data)).toEqual([{ n: 4 }, { n: 5 }]);
    const upToDate = await b.history('room:1', { limit: -1, since: { offset: 5, epoch } });
    expect(upToDate.ok && upToDate.publications).toEqual([]);
    expect((await b.history('room:1', { limit: -1, since: { offset: 1, epoch } })).ok).toBe(false);
    expect((await b.history('room:1', { limit: -1, since: { offset: 4, epoch: 'other' } })).ok).toBe(false);
  });

  it('gives a channel without publications a stable position to recover from', async () => {
    const b = broker();
    const before = await b.history('room:2', { limit: 0 });
    await b.publish('room:2', { n: 1 });
    const recovered = await b.history('room:2', { limit: -1, since: before.position });
    expect(recovered.ok && recovered.publications.map((p) => p.data)).toEqual([{ n: 1 }]);
  });

  it('delivers publications, joins and leaves of the channels listened to', async () => {
    const b = broker();
    const events: BrokerEvent[] = [];
    b.listen((event) => events.push(event));
    await b.subscribe('room:3');
    await b.publish('room:3', { n: 1 });
    await b.publish('room:4', { n: 2 });
    await b.publishJoin('room:3', { client: 'c1', user: 'u1' });
    await b.publishLeave('room:3', { client: 'c1', user: 'u1' });
    const deadline = Date.now() + 2000;
    while (events.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.map((e) => e.type)).toEqual(['pub', 'join', 'leave']);
    expect(events[0]).toMatchObject({ channel: 'room:3', pub: { offset: 1, data: { n: 1 } } });
  });

  it('publishes a batch in order, once each, with idempotency keys kept per publication', async () => {
    const b = broker();
    const events: BrokerEvent[] = [];
    b.listen((event) => events.push(event));
    await b.subscribe('room:5');
    const positions = await b.publishMany([
      { channel: 'room:5', data: { n: 1 } },
      { channel: '#5', data: { n: 2 } },
      { channel: 'room:5', data: { n: 3 }, options: { idempotencyKey: 'k' } },
      { channel: 'room:5', data: { n: 4 }, options: { idempotencyKey: 'k' } },
    ]);
    expect(positions.map((p) => p.offset)).toEqual([1, 1, 2, 2]);
    // A join travels behind the batch's own copies on pub/sub: once it is here, any second copy would be too.
    await b.publishJoin('room:5', { client: 'c1', user: 'u1' });
    const deadline = Date.now() + 2000;
    while (!events.some((e) => e.type === 'join') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.map((e) => (e.type === 'pub' ? e.pub.data : e.type))).toEqual([{ n: 1 }, { n: 3 }, 'join']);
    const kept = await b.history('room:5', { limit: -1 });
    expect(kept.ok && kept.publications.map((p) => p.data)).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('keeps presence until a client leaves', async () => {
    const b = broker();
    await b.addPresence('room:5', { client: 'c1', user: 'u1' });
    await b.addPresence('room:5', { client: 'c2', user: 'u2' });
    await b.removePresence('room:5', 'c1');
    expect(await b.presence('room:5')).toEqual({ c2: { client: 'c2', user: 'u2' } });
  });

  it('counts a user online once however many tabs they have, until their last one leaves', async () => {
    const b = broker();
    await b.addPresence('#1', { client: 'tab1', user: '1' });
    await b.addPresence('#1', { client: 'tab2', user: '1' });
    await b.addPresence('#2', { client: 'c3', user: '2' });
    await b.addPresence('room:9', { client: 'c4', user: '3' }); // a room is not a sign of being online
    expect(await b.onlineUsers()).toBe(2);
    await b.removePresence('#1', 'tab1');
    expect(await b.onlineUsers()).toBe(2);
    await b.removePresence('#1', 'tab2');
    expect(await b.onlineUsers()).toBe(1);
  });

  it('renews the epoch of a channel whose history aged out, so a client that was away that long re-reads', async () => {
    const b = broker(10, { historyTtlSeconds: 1 });
    const before = await b.publish('room:6', { n: 1 });
    await pass(1500);
    const after = await b.history('room:6', { limit: -1, since: before });
    expect(after.ok).toBe(false);
    expect(after.position.epoch).not.toBe(before.epoch);
    expect(after.position.offset).toBe(0);
    const next = await b.publish('room:6', { n: 2 });
    expect(next).toEqual({ offset: 1, epoch: after.position.epoch });
  });

  it('keeps the epoch of a channel that keeps publishing within the history lifetime', async () => {
    const b = broker(10, { historyTtlSeconds: 2 });
    const first = await b.publish('room:7', { n: 1 });
    await pass(1200);
    await b.publish('room:7', { n: 2 });
    await pass(1200); // past the first publication's lifetime, not the second's
    const third = await b.publish('room:7', { n: 3 });
    expect(third).toEqual({ offset: 3, epoch: first.epoch });
    const recovered = await b.history('room:7', { limit: -1, since: first });
    expect(recovered.ok && recovered.publications.map((p) => p.data)).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('forgets a client whose presence was not refreshed, while another in the channel refreshes its own', async () => {
    const b = broker(10, { presenceTtlSeconds: 2 });
    await b.addPresence('room:8', { client: 'gone', user: 'u1' });
    await b.addPresence('room:8', { client: 'alive', user: 'u2' });
    await pass(1000);
    await b.addPresence('room:8', { client: 'alive', user: 'u2' }); // the ping wheel's refresh
    await pass(1300);
    expect(await b.presence('room:8')).toEqual({ alive: { client: 'alive', user: 'u2' } });
  });
}
