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

describe('referrals', () => {
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
