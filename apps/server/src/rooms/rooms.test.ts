import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../realtime/test-support.js';
import { request } from '../test-support/http.js';
import { bonusBalance, classicRoom, createRoom, listen, newPlayer, startedRoom } from './test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';

let server: RoomsServer;
beforeAll(async () => {
  server = await startRoomsServer();
});
afterAll(async () => server?.close());

const rooms = () => `${server.url}/api/v1/rooms/`;

describe('creating a room', () => {
  it('seats the creator and returns the room without the password', async () => {
    const p = await newPlayer(server.url);
    const created = await request<Record<string, unknown>>(rooms(), {
      token: p.token,
      body: { ...classicRoom, bet_amount: 999, password: 'hunter22' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending',
      bet_amount: '999',
      is_private: true,
      seats_taken: 1,
      player_count: 2,
      bot_level: null,
    });
    expect(created.body.seats).toEqual([
      {
        position: 0,
        player_id: p.id,
        username: p.username,
        avatar_url: null,
        country: null,
        is_ready: false,
        is_bot: false,
        user_id: p.id,
        avatar: null,
      },
    ]);
    // The lobby names the table's host (FEATURES.md §11).
    expect(created.body.host).toEqual({ user_id: p.id, username: p.username, avatar: null });
    expect(JSON.stringify(created.body)).not.toContain('hunter22');
  });

  it.each([
    ['bet below min_bet', { bet_amount: '99' }, 'bet_amount'],
    ['bet above max_bet', { bet_amount: '10000001' }, 'bet_amount'],
    ['7 players', { player_count: 7 }, 'player_count'],
    ['a 24-card deck for 5', { deck_size: 24, player_count: 5 }, 'player_count'],
    ['a 48-card deck', { deck_size: 48 }, 'deck_size'],
    ['two against two for 3', { player_count: 3, is_team_mode: true }, 'is_team_mode'],
    ['both endings', { is_death_match_allowed: true }, 'is_death_match_allowed'],
    ['no ending', { is_classic_mode_allowed: false }, 'is_death_match_allowed'],
    ['an unknown permission', { card_transfer_permission: 'EVERYONE' }, 'card_transfer_permission'],
    ['an unknown wallet', { balance_type: 'GOLD' }, 'balance_type'],
  ])('refuses %s with 400 naming the field', async (_name, patch, field) => {
    const p = await newPlayer(server.url);
    const answer = await request<{ error: { code: string; details: { field: string } } }>(rooms(), {
      token: p.token,
      body: { ...classicRoom, ...patch },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('request/invalid');
    expect(answer.body.error.details.field).toBe(field);
  });

  it('refuses a stake the creator cannot cover', async () => {
    const p = await newPlayer(server.url);
    const answer = await request<{ error: { code: string } }>(rooms(), { token: p.token, body: { ...classicRoom, bet_amount: '10001' } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('wallet/insufficient_funds');
    const real = await request<{ error: { code: string } }>(rooms(), { token: p.token, body: { ...classicRoom, balance_type: 'BALANCE' } });
    expect(real.body.error.code).toBe('wallet/insufficient_funds');
  });

  it('needs a signed-in user', async () => {
    expect((await request(rooms(), { body: classicRoom })).status).toBe(401);
  });
});

describe('the lobby', () => {
  it('lists open rooms newest first, filters by every list and the bet range, pages with links', async () => {
    const p = await newPlayer(server.url);
    const ids: number[] = [];
    for (const options of [
      { player_count: 3, bet_amount: 4999, is_speed_mode: true },
      { player_count: 4, deck_size: 24, bet_amount: 5000, card_transfer_permission: 'NEIGHBORS_ONLY' },
      { player_count: 2, bet_amount: 4998, is_death_match_allowed: true, is_classic_mode_allowed: false },
    ])
      ids.push(await createRoom(server.url, p, options));
    const list = async (query: string) =>
      (
        await request<{ items: { id: number }[]; links: { next: string | null; previous: string | null } }>(`${rooms()}?${query}`, {
          token: p.token,
        })
      ).body;
    const mine = (body: { items: { id: number }[] }) => body.items.map((r) => r.id).filter((id) => ids.includes(id));

    expect(mine(await list('min_bet=4998&max_bet=5000'))).toEqual([ids[2], ids[1], ids[0]]);
    expect(mine(await list('min_bet=4998&max_bet=5000&player_count=3,4'))).toEqual([ids[1], ids[0]]);
    expect(mine(await list('min_bet=4998&max_bet=5000&player_count=2&player_count=3'))).toEqual([ids[2], ids[0]]);
    expect(mine(await list('min_bet=4998&max_bet=5000&deck_size=24'))).toEqual([ids[1]]);
    expect(mine(await list('min_bet=4998&max_bet=5000&is_speed_mode=true'))).toEqual([ids[0]]);
    expect(mine(await list('min_bet=4998&max_bet=5000&card_transfer_permission=NEIGHBORS_ONLY'))).toEqual([ids[1]]);
    expect(mine(await list('min_bet=4998&max_bet=5000&is_death_match_allowed=true'))).toEqual([ids[2]]);
    expect(mine(await list('min_bet=4998&max_bet=5000&status=in_progress'))).toEqual([]);
    expect(mine(await list('min_bet=4998&max_bet=5000&balance_type=BALANCE'))).toEqual([]);

    const first = await list('min_bet=4998&max_bet=5000&limit=2');
    expect(mine(first)).toEqual([ids[2], ids[1]]);
    expect(first.links.previous).toBeNull();
    expect(first.links.next).toContain('page=2');
    const second = (
      await request<{ items: { id: number }[]; links: { next: string | null; previous: string | null } }>(
        `${server.url}${first.links.next}`,
        { token: p.token },
      )
    ).body;
    expect(mine(second)).toEqual([ids[0]]);
    expect(second.links.next).toBeNull();
    expect(second.links.previous).toContain('page=1');

    const bad = await request<{ error: { details: { field: string } } }>(`${rooms()}?deck_size=48`, { token: p.token });
    expect(bad.status).toBe(400);
  });

  it('shows and filters the 52-card deck and two against two (FEATURES.md §16)', async () => {
    const p = await newPlayer(server.url);
    const team = await createRoom(server.url, p, { player_count: 4, deck_size: 52, is_team_mode: true, bet_amount: 6121 });
    const plain = await createRoom(server.url, p, { player_count: 4, bet_amount: 6121 });
    const list = async (query: string) =>
      (
        await request<{ items: { id: number; deck_size: number; is_team_mode: boolean }[] }>(
          `${rooms()}?min_bet=6121&max_bet=6121&${query}`,
          { token: p.token },
        )
      ).body.items;
    expect((await list('deck_size=52')).map((r) => r.id)).toEqual([team]);
    expect((await list('is_team_mode=true')).map((r) => [r.id, r.deck_size, r.is_team_mode])).toEqual([[team, 52, true]]);
    expect((await list('is_team_mode=false')).map((r) => r.id)).toEqual([plain]);
    expect((await list('deck_size=24,36')).map((r) => r.id)).toEqual([plain]);
  });

  it('never lists a closed room', async () => {
    const p = await newPlayer(server.url);
    const id = await createRoom(server.url, p, { bet_amount: 7777 });
    expect((await request(`${server.url}/api/v1/rooms/${id}/leave`, { token: p.token, method: 'POST' })).status).toBe(200);
    const list = await request<{ items: { id: number }[] }>(`${rooms()}?min_bet=7777&max_bet=7777`, { token: p.token });
    expect(list.body.items.map((r) => r.id)).not.toContain(id);
    const room = await request<{ status: string }>(`${rooms()}${id}`, { token: p.token });
    expect(room.body.status).toBe('FINISHED');
  });
});

describe('seats', () => {
  it('refuses a taken seat, a second seat, a full room, a wrong password and an uncovered stake', async () => {
    const [a, b, c] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, a, { player_count: 2, password: 'pw' });
    const seat = (p: typeof a, body: Record<string, unknown>) =>
      request<{ error: { code: string }; position: number }>(`${rooms()}${id}/seat`, { token: p.token, body });
    expect((await seat(b, { position: 1 })).body.error.code).toBe('room/wrong_password');
    expect((await seat(b, { position: 0, password: 'pw' })).body.error.code).toBe('room/seat_taken');
    expect((await seat(a, { password: 'pw' })).body.error.code).toBe('room/already_seated');
    const seated = await seat(b, { password: 'pw' });
    expect(seated.status).toBe(200);
    expect(seated.body.position).toBe(1);
    expect((await request<{ status: string }>(`${rooms()}${id}`, { token: a.token })).body.status).toBe('ready');
    expect((await seat(c, { password: 'pw' })).body.error.code).toBe('room/full');

    const poor = await newPlayer(server.url);
    const rich = await createRoom(server.url, a, { bet_amount: '10000' });
    await request(`${rooms()}${rich}/leave`, { token: a.token, method: 'POST' });
    const open = await createRoom(server.url, b, { bet_amount: '5000' });
    // Spend most of poor's chips on a stake elsewhere first.
    const other = await createRoom(server.url, poor, { bet_amount: '6000' });
    expect(other).toBeGreaterThan(0);
    const answer = await request<{ error: { code: string } }>(`${rooms()}${open}/seat`, { token: poor.token, body: {} });
    expect(answer.status).toBe(200); // stakes move only at the start: 10000 still covers 5000
    expect(await bonusBalance(server.url, poor)).toBe(10_000n);
  });

  it('ready starts the game when every seat is ready: stakes move, the seed hash is published', async () => {
    const [a, b] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, a, { bet_amount: '500' });
    await request(`${rooms()}${id}/seat`, { token: b.token, body: {} });
    const first = await request<{ status: string }>(`${rooms()}${id}/ready`, { token: a.token, method: 'POST' });
    expect(first.body.status).toBe('ready');
    const second = await request<{ status: string }>(`${rooms()}${id}/ready`, { token: b.token, method: 'POST' });
    expect(second.body.status).toBe('in_progress');
    expect(await bonusBalance(server.url, a)).toBe(9_500n);
    const watch = await request<{ seed_hash: string; seed: string | null; seats: Record<string, { card_count: number }> }>(
      `${rooms()}${id}/watch`,
      { token: a.token },
    );
    expect(watch.body.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(watch.body.seed).toBeNull();
    expect(watch.body.seats[String(a.id)]!.card_count).toBe(6);
    const cards = await request<{ items: unknown[]; seq: number }>(`${rooms()}${id}/cards`, { token: b.token });
    expect(cards.body.items).toHaveLength(6);
    expect(
      (await request<{ error: { code: string } }>(`${rooms()}${id}/seat`, { token: (await newPlayer(server.url)).token, body: {} })).body
        .error.code,
    ).toBe('room/already_started');
    expect((await request<{ error: { code: string } }>(`${rooms()}${id}/record`, { token: a.token })).body.error.code).toBe(
      'room/not_finished',
    );
    // A spectator gets no cards and the public view; a player's view holds its own hand.
    const spectator = await newPlayer(server.url, 's');
    expect((await request<{ items: unknown[] }>(`${rooms()}${id}/cards`, { token: spectator.token })).body.items).toEqual([]);
    const publicView = await request<{ viewer: string | null; hand: unknown[] }>(`${rooms()}${id}/view`, { token: spectator.token });
    expect(publicView.body).toMatchObject({ viewer: null, hand: [] });
    const own = await request<{ viewer: string; hand: unknown[] }>(`${rooms()}${id}/view`, { token: b.token });
    expect(own.body.viewer).toBe(String(b.id));
    expect(own.body.hand).toEqual(cards.body.items);
  });

  it('leave before the start frees the seat; the last one out closes the room', async () => {
    const [a, b] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, a);
    await request(`${rooms()}${id}/seat`, { token: b.token, body: {} });
    await request(`${rooms()}${id}/leave`, { token: a.token, method: 'POST' });
    const room = await request<{ status: string; seats: { player_id: number }[] }>(`${rooms()}${id}`, { token: b.token });
    expect(room.body.status).toBe('pending');
    expect(room.body.seats.map((s) => s.player_id)).toEqual([b.id]);
    expect((await request<{ error: { code: string } }>(`${rooms()}${id}/leave`, { token: a.token, method: 'POST' })).body.error.code).toBe(
      'room/not_seated',
    );
  });

  it('answers 404 for an unknown room', async () => {
    const p = await newPlayer(server.url);
    expect((await request<{ error: { code: string } }>(`${rooms()}999999`, { token: p.token })).body.error.code).toBe('room/not_found');
    expect((await request(`${rooms()}999999/attack`, { token: p.token, body: { cards: [{ suit: 'hearts', rank: '6' }] } })).status).toBe(
      404,
    );
  });
});

describe('connection state', () => {
  it('presence/connect hands out the realtime endpoint and a token the gateway accepts', async () => {
    const p = await newPlayer(server.url);
    const connect = await request<{ url: string; token: string }>(`${server.url}/api/v1/presence/connect`, {
      token: p.token,
      method: 'POST',
    });
    expect(connect.status).toBe(200);
    expect(connect.body.url).toBe('/connection/websocket');
    const client = await listen(server.wsUrl, { ...p, token: connect.body.token }, ['lobby'], []);
    expect(client.state).toBe('connected');
    client.disconnect();
  });

  it("a seat shows is_connected while its player is on the room's channel; a player who drops keeps the seat", async () => {
    const [a, b] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, [a, b]);
    const watch = async () =>
      (
        await request<{ status: string; seats: Record<string, { is_connected: boolean }> }>(`${server.url}/api/v1/rooms/${id}/watch`, {
          token: a.token,
        })
      ).body;
    expect(Object.values((await watch()).seats).map((s) => s.is_connected)).toEqual([false, false]);
    const client = await listen(server.wsUrl, a, [`room:${id}`], []);
    await until(async () => (await watch()).seats[String(a.id)]?.is_connected === true);
    expect((await watch()).seats[String(b.id)]?.is_connected).toBe(false);
    client.disconnect();
    await until(async () => (await watch()).seats[String(a.id)]?.is_connected === false);
    const after = await watch();
    expect(after.status).toBe('in_progress');
    expect(Object.keys(after.seats).sort()).toEqual([String(a.id), String(b.id)].sort());
  });
});

describe('a stake spent before the start', () => {
  it('the player who can no longer cover it loses the seat when the last one readies; the game waits and nothing moves', async () => {
    const [a, b, c] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const x = await createRoom(server.url, a, { bet_amount: '10000' });
    await request(`${server.url}/api/v1/rooms/${x}/seat`, { token: b.token, body: {} });
    // b stakes 100 of the 10,000 in another game meanwhile.
    await startedRoom(server.url, [b, c]);
    expect(await bonusBalance(server.url, b)).toBe(9_900n);
    await request(`${server.url}/api/v1/rooms/${x}/ready`, { token: b.token, method: 'POST' });
    const last = await request<{ status: string; seats: { player_id: number }[] }>(`${server.url}/api/v1/rooms/${x}/ready`, {
      token: a.token,
      method: 'POST',
    });
    expect(last.status).toBe(200);
    expect(last.body.status).toBe('pending');
    expect(last.body.seats.map((s) => s.player_id)).toEqual([a.id]);
    expect(await bonusBalance(server.url, a)).toBe(10_000n);
    expect(await bonusBalance(server.url, b)).toBe(9_900n);
  });
});
