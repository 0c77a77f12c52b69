// Migration 0024 (issue 40): a game dealt before the seat-order fix keeps the old order, so its
// record replays as it was played; a room dealt afterwards plays the fixed rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom, newPlayer, startedRoom } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { rooms } from '../store/rooms-schema.js';
import { gameOptionsOf } from './start-game.js';

let server: RoomsServer;
beforeAll(async () => {
  server = await startRoomsServer();
});
afterAll(async () => server?.close());

/** The statements of 0024 after its ADD COLUMNs: what runs on the rows that exist at the upgrade. */
function upgradeStatements(): string[] {
  const file = readFileSync(join(import.meta.dirname, '../../drizzle/0024_team_mode.sql'), 'utf8');
  return file
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => !/ADD COLUMN/.test(s));
}

const rowOf = async (id: number) =>
  (await server.store.db.select({ legacy: rooms.isLegacySeatOrder, state: rooms.gameState }).from(rooms).where(eq(rooms.id, id)))[0]!;

describe('the seat order of games dealt before the fix (migration 0024)', () => {
  it('a room created now plays the fixed rule: no flag in its options', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    const row = await rowOf(id);
    expect(row.legacy).toBe(false);
    expect((row.state as { options: Record<string, unknown> }).options).not.toHaveProperty('is_legacy_seat_order');
  });

  it('at the upgrade a running game keeps the old order in its state and its record; a room not yet dealt does not', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const running = await startedRoom(server.url, players);
    const waiting = await createRoom(server.url, players[0]!, { bet_amount: 101 });
    // As the ADD COLUMN ... DEFAULT true leaves every existing row, then the rest of 0024.
    await server.store.db.update(rooms).set({ isLegacySeatOrder: true });
    for (const statement of upgradeStatements()) await server.store.db.execute(statement);
    expect((await rowOf(waiting)).legacy).toBe(false);
    const row = await rowOf(running);
    expect(row.legacy).toBe(true);
    expect((row.state as { options: Record<string, unknown> }).options.is_legacy_seat_order).toBe(true);
    // The options the record (and so every replay) is re-dealt with say so too.
    const [full] = await server.store.db.select().from(rooms).where(eq(rooms.id, running));
    expect(gameOptionsOf(full!).is_legacy_seat_order).toBe(true);
    // And a room created after the upgrade is dealt with the fixed rule again.
    expect((await rowOf(await createRoom(server.url, players[1]!, { bet_amount: 102 }))).legacy).toBe(false);
  });
});
