// FEATURES.md §17: a player banned mid-game had the computer play their seat, and it won +95
// chips for them. §8 says their seat is timed out: the stand-in never plays for a banned account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdmin } from '../test-support/credentials.js';
import { createClock, newPlayer, rng, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../store/schema.js';
import { moveOf as playOneMove } from './test-support.js';

const clock = createClock(Date.parse('2026-11-02T12:00:00Z'));
let server: RoomsServer;
let adminToken: string;
beforeAll(async () => {
  // A stand-in 20 s after a drop, as in production: an absent, unbanned player would be played for.
  server = await startRoomsServer({ clock, rooms: { standInSeconds: 20, turnSeconds: 30, botDelayMs: { min: 600, max: 1500 } } });
  adminToken = (await request<{ access_token: string }>(`${server.url}/api/user/login`, { body: testAdmin })).body.access_token;
});
afterAll(async () => server?.close());

interface Watch {
  status: string;
  seats: Record<string, { stand_in: boolean; result: string | null; result_reason: string | null }>;
}
const watch = async (id: number) => (await request<Watch>(`${server.url}/api/v1/rooms/${id}/watch`, { token: adminToken })).body;

/** Read from the store: a banned player's own token no longer reads their wallet. */
async function bonusOf(player: TestPlayer): Promise<bigint> {
  const [row] = await server.store.db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.userId, player.id), eq(accounts.walletType, 'BONUS_BALANCE')));
  return row!.balance;
}

const moveOf = (player: TestPlayer, roomId: number, random: () => number) => playOneMove(server, player, roomId, random);

describe('a player banned mid-game', () => {
  it('is never played for by the stand-in: their turn times out, and they win nothing', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, [ann, bob]);
    const annAfterStake = await bonusOf(ann);
    const ban = await request(`${server.url}/api/admin/users/${ann.id}/ban`, { token: adminToken, body: { reason: 'abuse' } });
    expect(ban.status).toBe(200);

    const random = rng(5);
    let stoodIn = false;
    for (let i = 0; i < 500; i++) {
      const moved = await moveOf(bob, id, random);
      if (!moved) {
        clock.advance(5_000);
        await server.module.games.fireDue();
      }
      const now = await watch(id);
      stoodIn ||= now.seats[String(ann.id)]!.stand_in;
      if (now.status === 'FINISHED') break;
    }
    const end = await watch(id);
    expect(end.status).toBe('FINISHED');
    expect(stoodIn).toBe(false);
    expect(end.seats[String(ann.id)]).toMatchObject({ result_reason: 'timeout' });
    expect(end.seats[String(bob.id)]!.result).not.toBe('defeat');
    expect(await bonusOf(ann)).toBeLessThanOrEqual(annAfterStake);
  });
});
