import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, newPlayer, playToEnd, rng, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';

const clock = createClock(Date.parse('2026-11-10T12:00:00Z'));
let server: RoomsServer;

beforeAll(async () => {
  server = await startRoomsServer({ clock });
});
afterAll(async () => server?.close());

interface Line {
  place: number;
  user_id: number;
  rating: number;
  games: number;
  wins: number;
}
const rating = async (p: TestPlayer, query = '') =>
  (
    await request<{ items: Line[]; me: Line | null; links: { next: string | null } }>(`${server.url}/api/v1/player/rating${query}`, {
      token: p.token,
    })
  ).body;
const career = async (p: TestPlayer) =>
  (
    await request<{
      games: number;
      wins: number;
      defeats: number;
      win_rate: number;
      best_streak: number;
      rating: number;
      wallets: { wallet_type: string; won: string; lost: string }[];
      history: unknown[];
    }>(`${server.url}/api/v1/player/career`, { token: p.token })
  ).body;

async function playedGame(players: readonly TestPlayer[], seed: number, bet = '100') {
  const roomId = await startedRoom(server.url, players, { bet_amount: bet });
  await playToEnd(server.url, roomId, players, rng(seed));
  const watch = await request<{ results: { player_id: string; result: string; place: number }[] }>(
    `${server.url}/api/v1/rooms/${roomId}/watch`,
    { token: players[0]!.token },
  );
  return { roomId, results: watch.body.results };
}

describe('rating and career', () => {
  it('a finished game moves the winner up and the durak down, and the career counts it with the chips per wallet', async () => {
    const [a, b] = [await newPlayer(server.url, 'rt'), await newPlayer(server.url, 'rt')];
    const { results } = await playedGame([a, b], 3);
    const winner = results.find((r) => r.result === 'victory')!;
    const [w, l] = winner.player_id === String(a.id) ? [a, b] : [b, a];
    const [cw, cl] = [await career(w), await career(l)];
    expect(cw.rating).toBeGreaterThan(1500);
    expect(cl.rating).toBeLessThan(1500);
    expect(cw.rating - 1500).toBe(1500 - cl.rating);
    expect(cw).toMatchObject({ games: 1, wins: 1, defeats: 0, win_rate: 1, best_streak: 1 });
    expect(cl).toMatchObject({ games: 1, wins: 0, defeats: 1, win_rate: 0, best_streak: 0 });
    // 100 each staked; the winner gets the loser's 100 less the 5% rake.
    expect(cw.wallets.find((x) => x.wallet_type === 'BONUS_BALANCE')).toEqual({ wallet_type: 'BONUS_BALANCE', won: '95', lost: '0' });
    expect(cl.wallets.find((x) => x.wallet_type === 'BONUS_BALANCE')).toEqual({ wallet_type: 'BONUS_BALANCE', won: '0', lost: '100' });
    expect(cw.history).toHaveLength(1);
  });

  it('the table is ordered by rating, pages without repeats, and gives the caller their own place', async () => {
    const field = await Promise.all(Array.from({ length: 4 }, () => newPlayer(server.url, 'rl')));
    await playedGame(field, 5);
    await playedGame(field.slice(0, 2), 6);
    const all = await rating(field[0]!, '?limit=100');
    const ratings = all.items.map((i) => i.rating);
    expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
    expect(all.items.map((i) => i.place)).toEqual(all.items.map((_, i) => i + 1));
    const me = all.me!;
    expect(all.items.find((i) => i.user_id === field[0]!.id)).toEqual(me);
    const first = await rating(field[0]!, '?limit=2&page=1');
    const second = await rating(field[0]!, '?limit=2&page=2');
    expect(first.links.next).toContain('page=2');
    expect(new Set([...first.items, ...second.items].map((i) => i.user_id)).size).toBe(4);
    expect(second.items[0]!.place).toBe(3);
  });

  it('the week table counts only games of the last seven days', async () => {
    const [a, b] = [await newPlayer(server.url, 'wk'), await newPlayer(server.url, 'wk')];
    await playedGame([a, b], 9);
    expect((await rating(a, '?period=week&limit=100')).me?.games).toBe(1);
    clock.advance(8 * 24 * 3600 * 1000);
    const fresh = await newPlayer(server.url, 'wk'); // the old tokens expired with the clock
    expect((await rating(fresh, '?period=week&limit=100')).items.map((i) => i.user_id)).not.toContain(a.id);
    const all = await request<{ items: Line[] }>(`${server.url}/api/v1/player/rating?limit=100`, { token: fresh.token });
    expect(all.body.items.map((i) => i.user_id)).toContain(a.id);
  });

  it.each([
    ['period', '?period=month'],
    ['page', '?page=0'],
    ['limit', '?limit=1000'],
  ])('a bad %s is a 400 naming it', async (field, query) => {
    const p = await newPlayer(server.url, 'bad');
    const answer = await request<{ error: { code: string; details: { field: string } } }>(`${server.url}/api/v1/player/rating${query}`, {
      token: p.token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.field).toBe(field);
  });

  it("lists the player's finished games with the hash published at the deal, and the record reveals its seed", async () => {
    const [a, b] = [await newPlayer(server.url, 'gm'), await newPlayer(server.url, 'gm')];
    const { roomId } = await playedGame([a, b], 12);
    const games = await request<{ items: { room_id: number; seed_hash: string; result: string; amount: string }[] }>(
      `${server.url}/api/v1/player/games`,
      { token: a.token },
    );
    expect(games.body.items[0]).toMatchObject({ room_id: roomId });
    expect(games.body.items[0]!.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const record = await request<{ seed: string; seed_hash: string }>(`${server.url}/api/v1/rooms/${roomId}/record`, { token: a.token });
    expect(record.body.seed_hash).toBe(games.body.items[0]!.seed_hash);
  });
});

describe('the video counter', () => {
  it('counts a view sent with no body at all, as SPEC shows it, with or without a JSON content type', async () => {
    const count = async (p: { token: string }) =>
      (await request<{ count: number }>(`${server.url}/api/video/count?video_id=main`, { token: p.token })).body.count;
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const p = await newPlayer(server.url, 'vnb');
      const before = await count(p);
      const res = await fetch(`${server.url}/api/video/view`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.token}`, ...headers },
      });
      expect([res.status, await res.json()]).toEqual([200, { counted: true }]);
      expect(await count(p)).toBe(before + 1);
    }
    const p = await newPlayer(server.url, 'vnb');
    const broken = await fetch(`${server.url}/api/video/view`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe('request/invalid');
  });

  it('counts one view per player per video per day', async () => {
    const p = await newPlayer(server.url, 'vid');
    const view = () => request<{ counted: boolean }>(`${server.url}/api/video/view`, { token: p.token, body: { video_id: 'intro' } });
    const count = async () =>
      (await request<{ count: number }>(`${server.url}/api/video/count?video_id=intro`, { token: p.token })).body.count;
    const before = await count();
    expect((await view()).body.counted).toBe(true);
    expect((await view()).body.counted).toBe(false);
    expect(await count()).toBe(before + 1);
    clock.advance(24 * 3600 * 1000);
    const again = await newPlayer(server.url, 'vid');
    expect(
      (await request<{ counted: boolean }>(`${server.url}/api/video/view`, { token: again.token, body: { video_id: 'intro' } })).body
        .counted,
    ).toBe(true);
    // A day on, the first player's 15-minute token has lapsed: sign-in comes before the query's check.
    const bad = await request<{ error: { details: { field: string } } }>(`${server.url}/api/video/count?video_id=${'x'.repeat(70)}`, {
      token: again.token,
    });
    expect([bad.status, bad.body.error.details.field]).toEqual([400, 'video_id']);
  });
});
