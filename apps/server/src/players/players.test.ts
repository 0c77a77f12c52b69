import { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bonusBalance, createClock, ledgerSum, newPlayer, playToEnd, rng, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { registerUser, request } from '../test-support/http.js';

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

describe('friends and referrals', () => {
  it('a friend registered through ?pr= is listed once, shows online while connected, and both get the bonus once after 5 games against 3 opponents', async () => {
    const inviter = await newPlayer(server.url, 'inv');
    const name = `friend${Date.now() % 100000}`;
    const { access_token: token } = await registerUser(server.url, name, 'password-123', { pr: inviter.id });
    const me = await request<{ id: number; parent_id: number }>(`${server.url}/api/user/users/me`, { token });
    expect(me.body.parent_id).toBe(inviter.id);
    const friend: TestPlayer = { id: me.body.id, username: name, token, url: server.url };

    const list = async () =>
      (
        await request<{ items: { user_id: number; is_online: boolean; games: number }[] }>(`${server.url}/api/user/referrals`, {
          token: inviter.token,
        })
      ).body.items;
    expect(await list()).toEqual([expect.objectContaining({ user_id: friend.id, is_online: false, games: 0 })]);
    // The friend sees who invited them; the inviter was invited by nobody.
    const invitedBy = async (token: string) =>
      (await request<{ invited_by: { user_id: number } | null }>(`${server.url}/api/user/referrals`, { token })).body.invited_by;
    expect([(await invitedBy(token))?.user_id, await invitedBy(inviter.token)]).toEqual([inviter.id, null]);
    const client = new Centrifuge(server.wsUrl, { websocket: WebSocket, token });
    const sub = client.newSubscription(`#${friend.id}`);
    const subscribed = new Promise((resolve) => sub.once('subscribed', resolve));
    sub.subscribe();
    client.connect();
    await subscribed;
    try {
      await expect.poll(async () => (await list())[0]?.is_online).toBe(true);
    } finally {
      client.disconnect();
    }

    const [inviterBefore, friendBefore] = [await bonusBalance(server.url, inviter), await bonusBalance(server.url, friend)];
    // The bonus waits for 5 finished games against 3 different opponents (FEATURES.md §12): three
    // games (side by side) pay nothing; two more do, and three sweeps race to pay.
    const opponents = [await newPlayer(server.url, 'op'), await newPlayer(server.url, 'op'), await newPlayer(server.url, 'op')];
    const playRound = async (against: readonly TestPlayer[], seed: number) => {
      const rooms = await Promise.all(against.map((o) => startedRoom(server.url, [friend, o], { bet_amount: '100' })));
      await Promise.all(rooms.map((roomId, i) => playToEnd(server.url, roomId, [friend, against[i]!], rng(seed + i))));
    };
    await playRound(opponents, 20);
    expect(await server.services.players.payDueReferrals()).toBe(0);
    await playRound(opponents.slice(0, 2), 30);
    // Both hear of the bonus on their own channel, each naming the other (FEATURES.md §10).
    const heard: Record<string, unknown[]> = {};
    const listeners = await Promise.all(
      [friend, inviter].map(async (p) => {
        const c = new Centrifuge(server.wsUrl, { websocket: WebSocket, token: p.token });
        const s = c.newSubscription(`#${p.id}`);
        heard[p.id] = [];
        s.on('publication', (ctx) => heard[p.id]!.push(ctx.data));
        const ready = new Promise((resolve) => s.once('subscribed', resolve));
        s.subscribe();
        c.connect();
        await ready;
        return c;
      }),
    );
    const paid = await Promise.all([1, 2, 3].map(() => server.services.players.payDueReferrals()));
    expect(paid.reduce((a, b) => a + b, 0)).toBe(1);
    try {
      const bonusOf = (id: number) => heard[id]!.filter((m) => (m as { type: string }).type === 'referral_bonus');
      await expect
        .poll(() => bonusOf(friend.id))
        .toEqual([
          { type: 'referral_bonus', role: 'friend', other_username: inviter.username, wallet_type: 'BONUS_BALANCE', amount: '1000' },
        ]);
      await expect
        .poll(() => bonusOf(inviter.id))
        .toEqual([{ type: 'referral_bonus', role: 'inviter', other_username: name, wallet_type: 'BONUS_BALANCE', amount: '1000' }]);
    } finally {
      for (const c of listeners) c.disconnect();
    }
    expect(await bonusBalance(server.url, inviter)).toBe(inviterBefore + 1000n);
    // The friend's balance moved by the five games' results too: compare with what they were paid.
    const games = await request<{ items: { amount: string }[] }>(`${server.url}/api/v1/player/games`, { token });
    const results = games.body.items.reduce((sum, g) => sum + BigInt(g.amount), 0n);
    expect(await bonusBalance(server.url, friend)).toBe(friendBefore + 1000n + results);
    expect(await server.services.players.payDueReferrals()).toBe(0);
    expect((await list())[0]!.games).toBe(5);
    expect(await ledgerSum(server.store)).toBe(0n);
  });

  it('an unknown inviter is ignored and a bad one refused, and nobody is their own inviter', async () => {
    const { access_token: token } = await registerUser(server.url, `lonely${Date.now() % 100000}`, 'password-123', { pr: 987654321 });
    const me = await request<{ id: number; parent_id: number | null }>(`${server.url}/api/user/users/me`, { token });
    expect(me.body.parent_id).toBeNull();
    const bad = await request<{ error: { details: { field: string } } }>(`${server.url}/api/user/registration`, {
      body: { username: 'badpr1', password: 'password-123', pr: 'me' },
    });
    expect([bad.status, bad.body.error.details.field]).toEqual([400, 'pr']);
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
    const bad = await request<{ error: { details: { field: string } } }>(`${server.url}/api/video/count?video_id=${'x'.repeat(70)}`, {
      token: p.token,
    });
    expect([bad.status, bad.body.error.details.field]).toEqual([400, 'video_id']);
  });
});
