import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/db.js';
import { rooms } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';
import { createTestStore } from '../test-support/store.js';
import { completeRoom, lockRoom, lockRoomForMove } from './room-store.js';

let store: Store;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(async () => store.close());

const options = {
  balanceType: 'BONUS_BALANCE',
  playerCount: 2,
  deckSize: 36,
  isSpeedMode: false,
  isTransferAllowed: true,
  isCheatingAllowed: false,
  isDrawAllowed: false,
  isDeathMatchAllowed: false,
  isClassicModeAllowed: true,
  cardTransferPermission: 'ALL_PLAYERS',
  secretTrumpMode: false,
};

describe('lockRoom (a named statement on the driver, mapped by the schema)', () => {
  const cases = [
    ['a room before its game', { status: 'pending' }],
    [
      'a running game with its timers, banks and a big bet',
      {
        status: 'in_progress',
        betAmount: 9_007_199_254_740_993n,
        gameState: { seq: 7, players: ['1', '2'], nested: { a: [1, 'x', null] } },
        seq: 7,
        timerStartedAt: new Date('2026-11-26T07:00:00.123Z'),
        expiresAt: new Date('2026-11-26T07:00:30.456Z'),
        bankStartedAt: new Date('2026-11-26T07:00:31Z'),
        timeBanks: { '1': 5000 },
        exitReasons: { '2': 'left' },
      },
    ],
    [
      'a finished practice game',
      {
        status: 'FINISHED',
        botLevel: 'hard',
        results: [{ player_id: '1', amount: '-100' }],
        finishedAt: new Date('2026-11-26T08:00:00Z'),
        passwordHash: 'salt:hash',
      },
    ],
  ] as const;
  it.each(cases)('reads %s exactly as the query builder does', async (_name, values) => {
    const [user] = await store.db
      .insert(users)
      .values({ username: `lock_${Math.random().toString(36).slice(2, 10)}` })
      .returning({ id: users.id });
    const [room] = await store.db
      .insert(rooms)
      .values({ creatorId: user!.id, betAmount: 100n, ...options, ...values })
      .returning({ id: rooms.id });
    const locked = await store.withTransaction((tx) => lockRoom(tx, room!.id));
    const [built] = await store.db.select().from(rooms).where(eq(rooms.id, room!.id));
    expect(locked).toEqual(built);
    expect(Object.keys(locked!)).toEqual(Object.keys(built!));
  });

  it.each(cases)('locks %s for a move with only the columns a move reads, and completes it to the whole row', async (_name, values) => {
    const [user] = await store.db
      .insert(users)
      .values({ username: `move_${Math.random().toString(36).slice(2, 10)}` })
      .returning({ id: users.id });
    const [room] = await store.db
      .insert(rooms)
      .values({ creatorId: user!.id, betAmount: 100n, ...options, ...values })
      .returning({ id: rooms.id });
    const [built] = await store.db.select().from(rooms).where(eq(rooms.id, room!.id));
    const { locked, whole } = await store.withTransaction(async (tx) => {
      const locked = (await lockRoomForMove(tx, room!.id))!;
      return { locked, whole: await completeRoom(tx, locked) };
    });
    expect(Object.keys(locked)).not.toContain('passwordHash');
    expect(Object.keys(locked)).toContain('gameState');
    for (const [key, value] of Object.entries(locked)) expect(value).toEqual(built![key as keyof typeof built]);
    expect(whole).toEqual(built);
  });

  it('finds no room that does not exist', async () => {
    expect(await store.withTransaction((tx) => lockRoom(tx, 987_654_321))).toBeUndefined();
  });
});
