import { describe, expect, it } from 'vitest';
import { createMemoryBroker } from './memory-broker.js';
import { brokerContract } from './test-broker-contract.js';

describe('in-memory broker', () => {
  // One clock for the contract's brokers, moved instead of waited for.
  let contractNow = 1_000_000;
  brokerContract(
    (limits) => createMemoryBroker(limits, () => contractNow),
    async (ms) => void (contractNow += ms),
  );

  it('forgets presence that was not refreshed, and history that aged out under a new epoch', async () => {
    let now = 1_000_000;
    const broker = createMemoryBroker({ presenceTtlSeconds: 60, historyTtlSeconds: 600 }, () => now);
    await broker.addPresence('room:1', { client: 'c1', user: 'u1' });
    const first = await broker.publish('room:1', {});
    now += 61_000;
    expect(await broker.presence('room:1')).toEqual({});
    now += 600_000;
    const history = await broker.history('room:1', { limit: -1, since: first });
    expect(history.ok).toBe(false);
    expect(history.position.epoch).not.toBe(first.epoch);
  });
});
