import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, ledgerSum, newPlayer, rng } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { arenaEntries, arenaRow, arenaTables, createArena, surrender } from './arena-test-support.js';
import { adminToken, registerAll } from './test-support.js';

const clock = createClock(Date.parse('2026-11-06T12:00:00Z'));
let server: RoomsServer;

beforeAll(async () => {
  // An arena minute of 30 s: the shortest arena (10 minutes) is five minutes of the test's clock.
  server = await startRoomsServer({ clock, rooms: { arenaMinuteSeconds: 30 } });
});
afterAll(async () => server?.close());

const STEP_MS = 500;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

describe('an arena of 30 players, games of 15 to 60 s, the sweeper every 500 ms', () => {
  it('seats a free player within 5 s of a partner being free, and never at the same table again while others are free', async () => {
    const admin = await adminToken(server.url);
    const field = await Promise.all(Array.from({ length: 30 }, () => newPlayer(server.url, 'f')));
    const id = await createArena(server.url, admin, clock, { buy_in: '50' });
    await registerAll(server.url, id, field);
    clock.advance(60_000);
    const random = rng(39);
    /** When each running game ends (its loser surrenders then). */
    const endsAt = new Map<number, number>();
    /** Since when each free player had another free player beside them. */
    const partnerSince = new Map<number, number>();
    const waits: number[] = [];
    let rematches = 0;
    let rematchesWithOthersFree = 0;

    for (let step = 0; step < 2_000; step++) {
      const at = clock.now().getTime();
      for (const table of await arenaTables(server, id)) {
        if (!endsAt.has(table.roomId)) endsAt.set(table.roomId, at + 15_000 + Math.floor(random() * 45_000));
        if (endsAt.get(table.roomId)! <= at)
          await surrender(server, table.players[Math.floor(random() * table.players.length)]!, table.roomId);
      }
      const before = await arenaEntries(server, id);
      const freeBefore = [...before.values()].filter((e) => e.currentRoomId === null && !e.isPaused);
      await server.services.tournaments.fireDue();
      const after = await arenaEntries(server, id);
      for (const [userId, entry] of after) {
        const was = before.get(userId)!;
        if (was.currentRoomId !== null || entry.currentRoomId === null) continue;
        // Seated in this sweep: how long they waited with a partner free, and whom they met.
        waits.push(at - (partnerSince.get(userId) ?? at));
        partnerSince.delete(userId);
        const opponents = [...after.values()].filter((o) => o.userId !== userId && o.currentRoomId === entry.currentRoomId);
        if (opponents.some((o) => o.lastRoomId !== null && o.lastRoomId === was.lastRoomId)) {
          rematches++;
          if (freeBefore.length > opponents.length + 1) rematchesWithOthersFree++;
        }
      }
      const free = [...after.values()].filter((e) => e.currentRoomId === null && !e.isPaused);
      if (free.length >= 2) for (const e of free) if (!partnerSince.has(e.userId)) partnerSince.set(e.userId, at);
      if (free.length < 2) partnerSince.clear();
      const t = await arenaRow(server, id);
      if (t.status === 'finished') break;
      clock.advance(STEP_MS);
    }

    const t = await arenaRow(server, id);
    expect(t.status).toBe('finished');
    const games = [...(await arenaEntries(server, id)).values()].map((e) => e.games);
    console.log(
      `arena of 30: ${waits.length} seatings, wait with a partner free p50 ${percentile(waits, 50)} ms, p99 ${percentile(waits, 99)} ms, ` +
        `max ${Math.max(...waits)} ms; games per player ${Math.min(...games)}-${Math.max(...games)}; rematches ${rematches} ` +
        `(${rematchesWithOthersFree} with others free)`,
    );
    expect(waits.length).toBeGreaterThan(100);
    expect(percentile(waits, 99)).toBeLessThanOrEqual(5_000);
    expect(rematchesWithOthersFree).toBe(0);
    expect(Math.min(...games)).toBeGreaterThanOrEqual(4);
    expect(t.paidOut).toBe(1_500n);
    expect(await ledgerSum(server.store)).toBe(0n);
  });
});
