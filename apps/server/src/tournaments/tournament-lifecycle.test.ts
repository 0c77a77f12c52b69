import { parseMessage } from '@durak/protocol';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bonusBalance, createClock, ledgerSum, listen, newPlayer, type Captured, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { rooms } from '../store/rooms-schema.js';
import { request } from '../test-support/http.js';
import { createTestStore } from '../test-support/store.js';
import type { Store } from '../store/db.js';
import { adminToken, createTournament, playGame, playTournament, registerAll } from './test-support.js';

const clock = createClock(Date.parse('2026-11-02T12:00:00Z'));
let server: RoomsServer;
let admin: string;

beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { tournamentBreakSeconds: 10 } });
});
// The clock moves on through the file: each test signs the admin in afresh (tokens last 15 minutes).
beforeEach(async () => {
  admin = await adminToken(server.url);
});
afterAll(async () => server?.close());

const players = (n: number) => Promise.all(Array.from({ length: n }, () => newPlayer(server.url, 'l')));
const detail = async (id: number, token = admin) =>
  (
    await request<{
      status: string;
      round: number;
      pool: string;
      player_info: { is_eliminated: boolean; rebuys: number; room_id: number | null; bye_round: number | null };
    }>(`${server.url}/api/v1/tournament/${id}`, { token })
  ).body;
const runningRooms = (id: number) =>
  server.store.db
    .select({ id: rooms.id, round: rooms.tournamentRound })
    .from(rooms)
    .where(and(eq(rooms.tournamentId, id), sql`${rooms.status} <> 'FINISHED'`));

async function start() {
  clock.advance(61_000);
  await server.services.tournaments.fireDue();
}

async function playRound(id: number) {
  for (const room of await runningRooms(id)) await playGame(server, room.id);
}

describe('the start', () => {
  it('cancels at starts_at when too few registered, refunding every buy-in', async () => {
    const field = await players(2);
    const before = await Promise.all(field.map((p) => bonusBalance(server.url, p)));
    const id = await createTournament(server.url, admin, clock, { min_players: 3, buy_in: '400' });
    await registerAll(server.url, id, field);
    await start();
    expect((await detail(id)).status).toBe('cancelled');
    expect(await Promise.all(field.map((p) => bonusBalance(server.url, p)))).toEqual(before);
    expect(await ledgerSum(server.store)).toBe(0n);
  });

  it('seats every player in a game of the tournament, with a link from the tournament page', async () => {
    const field = await players(5);
    const id = await createTournament(server.url, admin, clock, { room_size: 3 });
    await registerAll(server.url, id, field);
    const late = await request<{ error: { code: string } }>(`${server.url}/api/v1/tournament/registration`, {
      token: (await players(1))[0]!.token,
      body: { tournament_id: id },
    });
    expect(late.status).toBe(200); // still open before the start
    await start();
    const t = await detail(id, field[0]!.token);
    expect([t.status, t.round]).toEqual(['running', 1]);
    expect(t.player_info.room_id).not.toBeNull();
    const closed = await request<{ error: { code: string } }>(`${server.url}/api/v1/tournament/registration`, {
      token: (await players(1))[0]!.token,
      body: { tournament_id: id },
    });
    expect([closed.status, closed.body.error.code]).toEqual([409, 'tournament/not_open']);
    const list = await request<{ items: { round: number; player_count: number }[] }>(
      `${server.url}/api/v1/tournament/${id}/rooms?round=1`,
      { token: field[0]!.token },
    );
    expect(list.body.items.map((r) => r.player_count).sort()).toEqual([3, 3]);
    // Tournament games are not lobby rooms.
    const lobby = await request<{ items: { id: number }[] }>(`${server.url}/api/v1/rooms/?limit=100`, { token: field[0]!.token });
    expect(lobby.body.items.map((r) => r.id)).not.toContain(t.player_info.room_id);
  });
});

describe('a bye', () => {
  it('the odd one out at the draw is told, and their page says which round they sit out', async () => {
    const field = await players(3);
    const id = await createTournament(server.url, admin, clock, { room_size: 2 });
    const captured: Captured[] = [];
    const clients = await Promise.all(field.map((p) => listen(server.wsUrl, p, [`#${p.id}`], captured)));
    try {
      await registerAll(server.url, id, field);
      await start();
      const infos = await Promise.all(field.map(async (p) => (await detail(id, p.token)).player_info));
      // Three heads-up players: one table of two and one player without a table.
      expect(infos.map((i) => i.room_id === null).filter(Boolean)).toHaveLength(1);
      const byeSeat = infos.findIndex((i) => i.room_id === null);
      expect(infos.map((i) => i.bye_round)).toEqual(field.map((_, seat) => (seat === byeSeat ? 1 : null)));
      const bye = field[byeSeat]!;
      await expect
        .poll(() => captured.filter((c) => c.data.type === 'tournament_bye').map((c) => [c.receiver, c.data.round]))
        .toEqual([[bye.id, 1]]);
      for (const c of captured) expect(parseMessage(c.channel, c.data), JSON.stringify(c.data)).toMatchObject({ ok: true });
      // The table's game ends: the bye player is still in and goes on to the final.
      await playRound(id);
      expect((await detail(id, bye.token)).player_info).toMatchObject({ is_eliminated: false, bye_round: 1 });
      clock.advance(11_000);
      await server.services.tournaments.fireDue();
      const next = (await detail(id, bye.token)).player_info;
      expect([next.room_id === null, next.bye_round]).toEqual([false, null]);
    } finally {
      for (const client of clients) client.disconnect();
    }
  });
});

describe('a knocked-out player', () => {
  it('holds a place at once, the first of the block the players out in that round share, as the end gives it', async () => {
    // Eight heads-up players: four go out in round 1 (places 5-8), two in round 2 (3-4).
    const field = await players(8);
    const id = await createTournament(server.url, admin, clock, { room_size: 2 });
    await registerAll(server.url, id, field);
    await start();
    const placeOf = async (p: TestPlayer) =>
      (
        await request<{ player_info: { is_eliminated: boolean; place: number | null } }>(`${server.url}/api/v1/tournament/${id}`, {
          token: p.token,
        })
      ).body.player_info;
    const [first] = await runningRooms(id);
    await playGame(server, first!.id);
    const infos = await Promise.all(field.map(placeOf));
    // The first game's loser: the other three games are still to give their losers, who share 5-8.
    expect(infos.filter((i) => i.is_eliminated).map((i) => i.place)).toEqual([5]);
    expect(infos.filter((i) => !i.is_eliminated).map((i) => i.place)).toEqual(Array(7).fill(null));
    await playRound(id);
    const places = await request<{ items: { place: number; user_id: number }[] }>(
      `${server.url}/api/v1/admin/tournament/${id}/place/info`,
      {
        token: admin,
      },
    );
    expect(places.body.items.map((r) => r.place).sort()).toEqual([0, 0, 0, 0, 5, 5, 5, 5]);
    clock.advance(11_000);
    await server.services.tournaments.fireDue();
    await playRound(id);
    expect((await Promise.all(field.map(placeOf))).map((i) => i.place).sort()).toEqual([3, 3, 5, 5, 5, 5, null, null]);
    await playTournament(server, server.services.tournaments, id, clock);
    expect((await Promise.all(field.map(placeOf))).map((i) => i.place).sort()).toEqual([1, 2, 3, 3, 5, 5, 5, 5]);
  });
});

describe('between rounds', () => {
  it('an eliminated player rebuys into the next round while round <= rebuy_rounds, and the pool grows by the price', async () => {
    // Six heads-up players: three go on, and with the rebuy four fill two tables (no bye).
    const field = await players(6);
    const id = await createTournament(server.url, admin, clock, { room_size: 2, rebuy_rounds: 1, rebuy_price: '150', buy_in: '100' });
    await registerAll(server.url, id, field);
    await start();
    const early = await request<{ error: { code: string } }>(`${server.url}/api/v1/tournament/${id}/rebuy`, {
      token: field[0]!.token,
      method: 'POST',
    });
    expect(early.body.error.code).toBe('tournament/not_eliminated');
    await playRound(id);
    const statuses = await Promise.all(field.map((p) => detail(id, p.token)));
    const outIndex = statuses.findIndex((s) => s.player_info.is_eliminated);
    const out = field[outIndex]!;
    const before = await bonusBalance(server.url, out);
    const rebought = await request<{ pool: string; player_info: { is_eliminated: boolean; rebuys: number } }>(
      `${server.url}/api/v1/tournament/${id}/rebuy`,
      { token: out.token, method: 'POST' },
    );
    expect(rebought.status).toBe(200);
    expect(rebought.body.player_info).toMatchObject({ is_eliminated: false, rebuys: 1 });
    expect(rebought.body.pool).toBe('750');
    expect(await bonusBalance(server.url, out)).toBe(before - 150n);
    clock.advance(11_000);
    await server.services.tournaments.fireDue();
    const seatedAgain = await detail(id, out.token);
    expect(seatedAgain.round).toBe(2);
    expect(seatedAgain.player_info.room_id).not.toBeNull();
    // Round 2 is past rebuy_rounds: whoever goes out now stays out.
    await playRound(id);
    const nowOut = (await Promise.all(field.map(async (p) => [p, await detail(id, p.token)] as const))).find(
      ([, s]) => s.player_info.is_eliminated,
    );
    const closed = await request<{ error: { code: string } }>(`${server.url}/api/v1/tournament/${id}/rebuy`, {
      token: nowOut![0].token,
      method: 'POST',
    });
    expect(closed.body.error.code).toBe('tournament/rebuy_closed');
    await playTournament(server, server.services.tournaments, id, clock);
    expect((await detail(id)).status).toBe('finished');
    expect(await ledgerSum(server.store)).toBe(0n);
  });

  it('a pause lets the running games finish and seats nothing until the admin continues', async () => {
    const field = await players(6);
    const id = await createTournament(server.url, admin, clock, { room_size: 2 });
    await registerAll(server.url, id, field);
    await start();
    const paused = await request<{ status: string }>(`${server.url}/api/v1/tournament/${id}/pause`, { token: admin, method: 'POST' });
    expect(paused.body.status).toBe('paused');
    await playRound(id);
    clock.advance(300_000); // far past the 10 s break
    await server.services.tournaments.fireDue();
    expect(await detail(id)).toMatchObject({ status: 'paused', round: 1 });
    const continued = await request<{ status: string; round: number }>(`${server.url}/api/v1/tournament/${id}/continue`, {
      token: admin,
      method: 'POST',
    });
    expect(continued.body).toMatchObject({ status: 'running', round: 2 });
    expect((await runningRooms(id)).length).toBeGreaterThan(0);
    const again = await request<{ error: { code: string } }>(`${server.url}/api/v1/tournament/${id}/continue`, {
      token: admin,
      method: 'POST',
    });
    expect(again.body.error.code).toBe('tournament/not_paused');
  });

  it('an admin cancel refunds every entry and rebuy and stops the running games', async () => {
    const field = await players(4);
    const before = await Promise.all(field.map((p) => bonusBalance(server.url, p)));
    const id = await createTournament(server.url, admin, clock, { room_size: 2, rebuy_rounds: 2, rebuy_price: '70', buy_in: '200' });
    await registerAll(server.url, id, field);
    await start();
    await playRound(id);
    const out = (await Promise.all(field.map(async (p) => [p, await detail(id, p.token)] as const))).find(
      ([, s]) => s.player_info.is_eliminated,
    )![0];
    expect((await request(`${server.url}/api/v1/tournament/${id}/rebuy`, { token: out.token, method: 'POST' })).status).toBe(200);
    clock.advance(11_000);
    await server.services.tournaments.fireDue();
    const live = await runningRooms(id);
    expect(live.length).toBeGreaterThan(0);
    const cancelled = await request<{ status: string }>(`${server.url}/api/v1/tournament/delete`, {
      token: admin,
      method: 'DELETE',
      body: { tournament_id: id },
    });
    expect(cancelled.body.status).toBe('cancelled');
    expect(await runningRooms(id)).toEqual([]);
    expect(await Promise.all(field.map((p) => bonusBalance(server.url, p)))).toEqual(before);
    expect(await ledgerSum(server.store)).toBe(0n);
    const twice = await request<{ error: { code: string } }>(`${server.url}/api/v1/tournament/delete`, {
      token: admin,
      method: 'DELETE',
      body: { tournament_id: id },
    });
    expect(twice.body.error.code).toBe('tournament/over');
  });
});

describe('every game ends', () => {
  it('a player who never acts is played by the computer (FEATURES.md §11) and the tournament finishes', async () => {
    const field = await players(2);
    const id = await createTournament(server.url, admin, clock, { room_size: 2, buy_in: '100', payout_preset_id: 1 });
    await registerAll(server.url, id, field);
    await start();
    const [room] = await runningRooms(id);
    await playGame(server, room!.id, undefined, new Set([field[1]!.id]), clock);
    const watch = await request<{ seats: Record<string, { result_reason: string | null }> }>(
      `${server.url}/api/v1/rooms/${room!.id}/watch`,
      { token: field[0]!.token },
    );
    // Never counted out by the timer: the absent player's game ended like anyone's.
    expect(watch.body.seats[String(field[1]!.id)]!.result_reason).toBe('normal');
    const t = await detail(id, field[0]!.token);
    expect(t.status).toBe('finished');
    const places = await request<{ items: { user_id: number; place: number; prize: string }[] }>(
      `${server.url}/api/v1/admin/tournament/${id}/place/info?place=1`,
      { token: admin },
    );
    // Who wins is the cards' (the absent player may); the pool of 200 goes to first place.
    expect(places.body.items.length).toBeGreaterThan(0);
    for (const item of places.body.items) expect(field.map((p) => p.id)).toContain(item.user_id);
    expect(places.body.items.reduce((sum, item) => sum + Number(item.prize), 0)).toBe(200);
  });
});

describe('the tournament channel', () => {
  it('publishes registrations, the round start and the end on tournament:{id}', async () => {
    const field = await players(2);
    const id = await createTournament(server.url, admin, clock, { room_size: 2 });
    const captured: Captured[] = [];
    const client = await listen(server.wsUrl, field[0]!, [`tournament:${id}`, `#${field[0]!.id}`], captured);
    try {
      await registerAll(server.url, id, field);
      await start();
      await playTournament(server, server.services.tournaments, id, clock);
      await expect
        .poll(() => captured.filter((c) => c.channel === `tournament:${id}`).map((c) => c.data.type))
        .toEqual(expect.arrayContaining(['players_changed', 'tournament_changed', 'round_started']));
      await expect
        .poll(() =>
          captured.some((c) => c.data.type === 'tournament_changed' && (c.data.tournament as { status: string }).status === 'finished'),
        )
        .toBe(true);
      await expect.poll(() => captured.some((c) => c.channel === `#${field[0]!.id}` && c.data.type === 'tournament_seated')).toBe(true);
      // Every publication the player heard is one the protocol declares (the web parses them so).
      for (const c of captured) expect(parseMessage(c.channel, c.data), JSON.stringify(c.data)).toMatchObject({ ok: true });
    } finally {
      client.disconnect();
    }
  });
});

describe('a node restart', () => {
  it('a tournament survives its node: another node on the same database finishes it', async () => {
    const store: Store = await createTestStore();
    const shared = createClock(Date.parse('2026-11-03T12:00:00Z'));
    const first = await startRoomsServer({ store, clock: shared, rooms: { tournamentBreakSeconds: 5 } });
    const token = await adminToken(first.url);
    const field: TestPlayer[] = await Promise.all(Array.from({ length: 6 }, () => newPlayer(first.url, 'r')));
    const id = await createTournament(first.url, token, shared, { room_size: 2 });
    await registerAll(first.url, id, field);
    shared.advance(61_000);
    await first.services.tournaments.fireDue();
    const [one] = await first.store.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.tournamentId, id));
    await playGame(first, one!.id);
    await first.close(); // mid-round: the other games of round 1 are still running
    const second = await startRoomsServer({
      store,
      clock: shared,
      rooms: { tournamentBreakSeconds: 5 },
      config: { jwtSecret: first.config.jwtSecret },
    });
    try {
      await playTournament(second, second.services.tournaments, id, shared);
      const t = await request<{ status: string }>(`${second.url}/api/v1/tournament/${id}`, { token: field[0]!.token });
      expect(t.body.status).toBe('finished');
      expect(await ledgerSum(store)).toBe(0n);
    } finally {
      await second.close();
      await store.close();
    }
  });
});
