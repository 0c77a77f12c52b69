import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createClock, ledgerSum, newPlayer, rng } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import type { Store } from '../store/db.js';
import { ledgerTransfers } from '../store/schema.js';
import { createTestStore } from '../test-support/store.js';
import { arenaEntries, arenaRow, arenaTables, createArena, doublySeated, surrender } from './arena-test-support.js';
import { adminToken, registerAll } from './test-support.js';

// With DATABASE_URL set the two nodes share a PostgreSQL database through their own connection
// pools (the sweeps really race); with PGlite they share one embedded database.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function sharedStore(): Promise<Store> {
  const store = await createTestStore();
  cleanups.push(() => store.close());
  return store;
}

async function node(store: Store, clock: ReturnType<typeof createClock>, jwtSecret?: string): Promise<RoomsServer> {
  const server = await startRoomsServer({
    store,
    clock,
    rooms: { arenaMinuteSeconds: 6 },
    ...(jwtSecret ? { config: { jwtSecret } } : {}),
  });
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= server.close());
  cleanups.push(close);
  return { ...server, close };
}

const prizeTransfers = (store: Store, id: number) =>
  store.db
    .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)::text` })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.kind, 'tournament_prize'), sql`${ledgerTransfers.memo}->>'tournament_id' = ${String(id)}`));

describe('an arena across nodes', () => {
  it('ends on the node that is left when its node stops at the end, and pays once', async () => {
    const store = await sharedStore();
    const clock = createClock(Date.parse('2026-11-07T12:00:00Z'));
    const first = await node(store, clock);
    const field = await Promise.all(Array.from({ length: 4 }, () => newPlayer(first.url, 'n')));
    const id = await createArena(first.url, await adminToken(first.url), clock, { buy_in: '200' });
    await registerAll(first.url, id, field);
    clock.advance(61_000);
    await first.services.tournaments.fireDue();
    for (const table of await arenaTables(first, id)) await surrender(first, table.players[1]!, table.roomId);
    // The clock runs out while the players wait for their next pairing; the node stops before its sweep.
    clock.advance((await arenaRow(first, id)).endsAt!.getTime() - clock.now().getTime() + 1_000);
    await first.close();
    const second = await node(store, clock, first.config.jwtSecret);
    const third = await node(store, clock, first.config.jwtSecret);
    await Promise.all([second.services.tournaments.fireDue(), third.services.tournaments.fireDue()]);
    await Promise.all([second.services.tournaments.fireDue(), third.services.tournaments.fireDue()]);
    const t = await arenaRow(second, id);
    expect(t.status).toBe('finished');
    expect(t.paidOut).toBe(800n);
    const [prizes] = await prizeTransfers(store, id);
    expect(prizes?.total).toBe('800');
    const placed = [...(await arenaEntries(second, id)).values()].filter((e) => e.prize !== null && e.prize > 0n);
    expect(prizes?.n).toBe(placed.length);
    expect(await arenaTables(second, id)).toEqual([]);
    expect(await ledgerSum(store)).toBe(0n);
  });

  it('two nodes sweeping one arena never seat a player at two tables', async () => {
    const store = await sharedStore();
    const clock = createClock(Date.parse('2026-11-08T12:00:00Z'));
    const a = await node(store, clock);
    const b = await node(store, clock, a.config.jwtSecret);
    const field = await Promise.all(Array.from({ length: 12 }, () => newPlayer(a.url, 'm')));
    const id = await createArena(a.url, await adminToken(a.url), clock, { table_size: 3 });
    await registerAll(a.url, id, field);
    clock.advance(61_000);
    const random = rng(3);
    let seatings = 0;
    for (let step = 0; step < 60; step++) {
      await Promise.all([a.services.tournaments.fireDue(), b.services.tournaments.fireDue(), a.services.tournaments.fireDue()]);
      expect(await doublySeated(a, id)).toBe(0);
      const tables = await arenaTables(a, id);
      seatings += tables.length;
      // Some tables end at once, on either node; the others play on.
      for (const table of tables) if (random() < 0.5) await surrender(random() < 0.5 ? a : b, table.players[0]!, table.roomId);
      clock.advance(1_000);
    }
    expect(seatings).toBeGreaterThan(40);
    const games = [...(await arenaEntries(a, id)).values()].map((e) => e.games);
    expect(Math.min(...games)).toBeGreaterThan(0);
  });
});
