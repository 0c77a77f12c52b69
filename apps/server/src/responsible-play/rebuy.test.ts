import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, newPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { queryRows } from '../store/db.js';
import { request } from '../test-support/http.js';
import { fund } from '../test-support/responsible.js';
import { adminToken, createTournament, playGame, registerAll } from '../tournaments/test-support.js';

// A rebuy is a stake like a buy-in (FEATURES.md §13): the guard judges it with its fee.
const clock = createClock(Date.now());
let server: RoomsServer;

beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { tournamentBreakSeconds: 10 } });
});
afterAll(async () => server?.close());

const errorCode = (answer: { status: number; body: unknown }) => [answer.status, (answer.body as { error?: { code: string } }).error?.code];

describe('rebuys', () => {
  it('are refused past the loss limit (the buy-in already lost counts), and for a frozen account', async () => {
    const admin = await adminToken(server.url);
    const field = await Promise.all([0, 1, 2, 3].map(() => newPlayer(server.url, 'rb')));
    for (const p of field) await fund(server.store, p.id, 1000n);
    const id = await createTournament(server.url, admin, clock, {
      room_size: 2,
      rebuy_rounds: 1,
      rebuy_price: '150',
      buy_in: '100',
      fee: '10',
      balance_type: 'BALANCE',
    });
    await registerAll(server.url, id, field);
    clock.advance(61_000);
    await server.services.tournaments.fireDue();
    const tables = await queryRows<{ id: string }>(server.store.db, sql`select id from rooms where tournament_id = ${id}`);
    for (const table of tables) await playGame(server, Number(table.id));
    const statuses = await Promise.all(
      field.map(
        async (p) =>
          (await request<{ player_info: { is_eliminated: boolean } }>(`${server.url}/api/v1/tournament/${id}`, { token: p.token })).body,
      ),
    );
    const out = field[statuses.findIndex((s) => s.player_info.is_eliminated)]!;
    const rebuy = () => request(`${server.url}/api/v1/tournament/${id}/rebuy`, { token: out.token, method: 'POST' });

    await request(`${server.url}/api/user/limits`, { token: out.token, method: 'PUT', body: { loss: { day: '200' } } });
    // 110 lost to the buy-in and its fee; a rebuy of 150 + 10 could make 270.
    const refused = await rebuy();
    expect(errorCode(refused)).toEqual([403, 'limits/loss_exceeded']);
    expect((refused.body as { error: { details: unknown } }).error.details).toMatchObject({ limit: '200', used: '110' });

    await server.store.db.execute(sql`update users set frozen_case_id = 7 where id = ${out.id}`);
    expect(errorCode(await rebuy())).toEqual([403, 'account/frozen']);
  });
});
