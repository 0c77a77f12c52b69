import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusBalance, createClock, ledgerSum, newPlayer, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';
import { adminToken, createTournament, playTournament, registerAll, tournamentBody } from './test-support.js';

const clock = createClock(Date.parse('2026-11-01T12:00:00Z'));
let server: RoomsServer;
let admin: string;

beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { tournamentBreakSeconds: 10 } });
  admin = await adminToken(server.url);
});
afterAll(async () => server?.close());

async function players(n: number, prefix = 't'): Promise<TestPlayer[]> {
  return Promise.all(Array.from({ length: n }, () => newPlayer(server.url, prefix)));
}

async function startNow() {
  clock.advance(61_000);
  await server.services.tournaments.fireDue();
}

async function tournament(id: number, token = admin) {
  return (
    await request<Record<string, unknown> & { player_info: Record<string, unknown> }>(`${server.url}/api/v1/tournament/${id}`, { token })
  ).body;
}

describe('creating a tournament', () => {
  it.each([
    ['a room of seven', { room_size: 7 }, 'room_size'],
    ['more minimum than maximum players', { min_players: 10, max_players: 4 }, 'min_players'],
    ['six players on a 24-card deck', { room_size: 6, deck_size: 24 }, 'room_size'],
    ['a buy-in that is not a whole number', { buy_in: '10.5' }, 'buy_in'],
    ['a negative buy-in', { buy_in: '-1' }, 'buy_in'],
    ['a buy-in as a JSON number', { buy_in: 100 }, 'buy_in'],
    ['rebuys without a price', { rebuy_rounds: 2, rebuy_price: '0' }, 'rebuy_price'],
    ['both endings at once', { is_death_match_allowed: true, is_classic_mode_allowed: true }, 'is_death_match_allowed'],
    ['a payout preset that does not exist', { payout_preset_id: 999 }, 'payout_preset_id'],
    ['a start in the past', { starts_at: '2020-01-01T00:00:00Z' }, 'starts_at'],
  ])('refuses %s with 400 naming the field', async (_name, overrides, field) => {
    const answer = await request<{ error: { code: string; details: { field: string } } }>(`${server.url}/api/v1/tournament/`, {
      token: admin,
      body: tournamentBody(clock, overrides),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('request/invalid');
    expect(answer.body.error.details.field).toBe(field);
  });

  it('only an admin creates, pins, pauses and cancels; a player gets 403', async () => {
    const [p] = await players(1);
    const id = await createTournament(server.url, admin, clock);
    const calls = [
      request(`${server.url}/api/v1/tournament/`, { token: p!.token, body: tournamentBody(clock) }),
      request(`${server.url}/api/v1/tournament/update/${id}/is_pinned`, { token: p!.token, method: 'PATCH', body: { is_pinned: true } }),
      request(`${server.url}/api/v1/tournament/${id}/pause`, { token: p!.token, method: 'POST' }),
      request(`${server.url}/api/v1/tournament/delete`, { token: p!.token, method: 'DELETE', body: { tournament_id: id } }),
      request(`${server.url}/api/v1/admin/tournament/info`, { token: p!.token }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(403);
  });

  it('lists pinned tournaments first', async () => {
    const later = await createTournament(server.url, admin, clock, {
      name: 'Pinned later',
      starts_at: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    await request(`${server.url}/api/v1/tournament/update/${later}/is_pinned`, {
      token: admin,
      method: 'PATCH',
      body: { is_pinned: true },
    });
    const list = await request<{ items: { id: number; is_pinned: boolean }[] }>(
      `${server.url}/api/v1/tournament/?status=registration&limit=100`,
      { token: admin },
    );
    expect(list.body.items[0]!.id).toBe(later);
    expect(list.body.items[0]!.is_pinned).toBe(true);
  });
});

describe('registration', () => {
  it('takes the buy-in once, refuses twice, a full field and a closed one, and refunds a withdrawal exactly', async () => {
    const [a, b, c] = await players(3);
    const id = await createTournament(server.url, admin, clock, { max_players: 2, buy_in: '250' });
    const before = await bonusBalance(server.url, a!);
    const url = `${server.url}/api/v1/tournament/registration`;
    expect((await request(url, { token: a!.token, body: { tournament_id: id } })).status).toBe(200);
    expect(await bonusBalance(server.url, a!)).toBe(before - 250n);
    const twice = await request<{ error: { code: string } }>(url, { token: a!.token, body: { tournament_id: id } });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'tournament/already_registered']);
    expect((await request(url, { token: b!.token, body: { tournament_id: id } })).status).toBe(200);
    const full = await request<{ error: { code: string } }>(url, { token: c!.token, body: { tournament_id: id } });
    expect([full.status, full.body.error.code]).toEqual([409, 'tournament/full']);
    expect((await tournament(id)).pool).toBe('500');

    const withdrawn = await request<{ player_info: { is_registered: boolean } }>(`${server.url}/api/v1/tournament/cancel`, {
      token: a!.token,
      body: { tournament_id: id },
    });
    expect(withdrawn.body.player_info.is_registered).toBe(false);
    expect(await bonusBalance(server.url, a!)).toBe(before);
    expect((await tournament(id)).pool).toBe('250');
    expect(await ledgerSum(server.store)).toBe(0n);
  });

  it('charges a concurrent double registration once', async () => {
    const [a] = await players(1);
    const id = await createTournament(server.url, admin, clock, { buy_in: '300' });
    const before = await bonusBalance(server.url, a!);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(`${server.url}/api/v1/tournament/registration`, { token: a!.token, body: { tournament_id: id } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await bonusBalance(server.url, a!)).toBe(before - 300n);
  });

  it('refuses a player who cannot pay, and bad ids, without moving anything', async () => {
    const [a] = await players(1);
    const id = await createTournament(server.url, admin, clock, { buy_in: '99999999' });
    const poor = await request<{ error: { code: string } }>(`${server.url}/api/v1/tournament/registration`, {
      token: a!.token,
      body: { tournament_id: id },
    });
    expect(poor.body.error.code).toBe('wallet/insufficient_funds');
    expect((await tournament(id)).players_count).toBe(0);
    for (const body of [{ tournament_id: 'x' }, { tournament_id: -1 }, { tournament_id: 1.5 }, {}]) {
      const bad = await request<{ error: { details: { field: string } } }>(`${server.url}/api/v1/tournament/registration`, {
        token: a!.token,
        body,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details.field).toBe('tournament_id');
    }
    const missing = await request<{ error: { code: string } }>(`${server.url}/api/v1/tournament/registration`, {
      token: a!.token,
      body: { tournament_id: 999_999 },
    });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'tournament/not_found']);
  });
});

describe('a whole tournament played by bots', () => {
  it.each([
    [7, 4],
    [13, 6],
    [36, 6],
  ])('%i players at tables of %i: every player placed, the pool paid out to the chip', async (n, roomSize) => {
    const field = await players(n, 'k');
    const id = await createTournament(server.url, admin, clock, { room_size: roomSize, buy_in: '100', payout_preset_id: 3 });
    await registerAll(server.url, id, field);
    const before = new Map(await Promise.all(field.map(async (p) => [p.id, await bonusBalance(server.url, p)] as const)));
    await startNow();
    const played = await playTournament(server, server.services.tournaments, id, clock);
    expect(played.rounds).toBeGreaterThanOrEqual(2);

    const t = await tournament(id);
    expect(t.status).toBe('finished');
    const standings = await request<{ items: { place: number; user_id: number; prize: string }[] }>(
      `${server.url}/api/v1/admin/tournament/${id}/place/info`,
      { token: admin },
    );
    expect(standings.body.items).toHaveLength(n);
    expect(standings.body.items[0]!.place).toBe(1);
    const prizes = standings.body.items.reduce((sum, i) => sum + BigInt(i.prize), 0n);
    expect(prizes).toBe(BigInt(n) * 100n);
    // What each player's wallet shows is exactly their prize (the buy-in was taken before `before`).
    for (const item of standings.body.items) {
      const p = field.find((f) => f.id === item.user_id)!;
      expect(await bonusBalance(server.url, p)).toBe(before.get(p.id)! + BigInt(item.prize));
    }
    const pool = (await server.store.db.execute(
      sql`select balance::text as b from accounts where system_key = ${`tournament:${id}`}`,
    )) as unknown as { rows: { b: string }[] };
    expect(pool.rows[0]!.b).toBe('0');
    expect(await ledgerSum(server.store)).toBe(0n);
  });
});
