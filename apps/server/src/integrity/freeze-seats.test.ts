// FEATURES.md §12: a frozen account "can sign in and read, but cannot sit down, bet ...; their
// running games go on with stand-ins". The freeze hands the account's running seats to the
// stand-in, which keeps them until the case closes: no own move, no return, no surrender.
import { chooseAction, legalActions } from '@durak/engine';
import { asRoomId, asUserId } from '@durak/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMove } from '../games/test-support.js';
import { createClock, newPlayer, rng, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { queryRows } from '../store/db.js';
import { request } from '../test-support/http.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { adminToken } from '../tournaments/test-support.js';
import { openTestCase } from './test-cases.js';

const clock = createClock(Date.parse('2026-11-28T09:00:00Z'));
let server: RoomsServer;
let admin: string;
beforeAll(async () => {
  server = await startRoomsServer({ clock });
  admin = await adminToken(server.url);
});
afterAll(async () => server?.close());

interface Watch {
  status: string;
  seats: Record<string, { stand_in: boolean; result: string | null }>;
}
const watch = async (id: number) => (await request<Watch>(`${server.url}/api/v1/rooms/${id}/watch`, { token: admin })).body;
const codeOf = (answer: { status: number; body: unknown }) => [answer.status, (answer.body as { error?: { code: string } }).error?.code];

/** One legal move of the player's own; false when the table does not wait for them. */
async function moveOf(player: TestPlayer, roomId: number, random: () => number): Promise<boolean> {
  const view = await server.module.games.view(asUserId(player.id), asRoomId(roomId));
  if (!view.ok || view.value.status === 'FINISHED') return false;
  const legal = legalActions(view.value, String(player.id)).filter((a) => a.type !== 'surrender');
  const choice = chooseAction(view.value, legal, random);
  if (!choice) return false;
  return (await server.module.games.act(asUserId(player.id), asRoomId(roomId), toMove(choice), view.value.seq)).ok;
}

describe('freezing a case with a running game', () => {
  it('hands the frozen seat to the stand-in, which plays it to the end; the player cannot take it back', async () => {
    const [ann, bob] = [await newPlayer(server.url, 'frz'), await newPlayer(server.url, 'frz')];
    const roomId = await startedRoom(server.url, [ann, bob]);
    // Ann plays her own seat and is connected before the freeze.
    await server.module.games.presenceChanged(ann.id, roomId, true);
    expect((await watch(roomId)).seats[String(ann.id)]!.stand_in).toBe(false);

    const caseId = await openTestCase(server.store, [ann.id], clock.now());
    const frozen = await request(`${server.url}/api/admin/integrity/cases/${caseId}/freeze`, {
      token: admin,
      method: 'POST',
      headers: { 'x-audit-reason': 'ring' },
    });
    expect(frozen.status).toBe(200);
    expect((await watch(roomId)).seats[String(ann.id)]!.stand_in).toBe(true);

    // No way back while frozen: "I'm back", a reconnect, her own move or a surrender.
    const back = await request(`${server.url}/api/v1/rooms/${roomId}/autoplay`, { token: ann.token, body: { on: false } });
    expect(codeOf(back)).toEqual([403, 'account/frozen']);
    const left = await request(`${server.url}/api/v1/rooms/${roomId}/leave`, { token: ann.token, body: {} });
    expect(codeOf(left)).toEqual([403, 'account/frozen']);
    await server.module.games.presenceChanged(ann.id, roomId, true);
    expect((await watch(roomId)).seats[String(ann.id)]!.stand_in).toBe(true);

    const random = rng(11);
    for (let i = 0; i < 600 && (await watch(roomId)).status !== 'FINISHED'; i++) {
      expect(await moveOf(ann, roomId, random)).toBe(false);
      if (!(await moveOf(bob, roomId, random))) {
        clock.advance(3_000);
        await server.module.games.fireDue();
      }
    }
    expect((await watch(roomId)).status).toBe('FINISHED');
    const [played] = await queryRows<{ own: number; stand_in: number }>(
      server.store.db,
      sql`select count(*) filter (where cause is null)::int as own, count(*) filter (where cause = 'stand_in')::int as stand_in
          from game_events where room_id = ${roomId} and action->>'player' = ${String(ann.id)}`,
    );
    expect(played!.own).toBe(0);
    expect(played!.stand_in).toBeGreaterThan(0);
  });
});
