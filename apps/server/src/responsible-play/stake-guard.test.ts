import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTournament, adminToken } from '../tournaments/test-support.js';
import { request } from '../test-support/http.js';
import {
  adultPlayer,
  call,
  errorOf,
  freeze,
  fund,
  newPlayer,
  signInAgain,
  startResponsibleServer,
  type ResponsibleServer,
  type TestPlayer,
} from '../test-support/responsible.js';

let server: ResponsibleServer;
beforeAll(async () => {
  server = await startResponsibleServer();
});
afterAll(async () => {
  await server.close();
});

const HOUR = 3_600_000;
let keys = 0;
const deposit = (p: TestPlayer, amount: number | string, walletType = 'BALANCE') =>
  request(`${server.url}/api/payments/deposit/sandbox/${walletType}`, {
    token: p.token,
    body: { amount, idempotency_key: `guard-deposit-${++keys}` },
  });
const spin = (p: TestPlayer, bet: number, balanceType = 'BALANCE') => {
  server.clock.advance(2500);
  return request(`${server.url}/api/v1/bandit/spin`, {
    token: p.token,
    body: { bet, balance_type: balanceType, idempotency_key: `guard-spin-${++keys}` },
  });
};
const createRoom = (p: TestPlayer, bet: string, balanceType = 'BALANCE') =>
  request<{ id: number }>(`${server.url}/api/v1/rooms/`, {
    token: p.token,
    body: { bet_amount: bet, balance_type: balanceType, player_count: 2, deck_size: 36, game_mode: 'classic' },
  });
const seat = (p: TestPlayer, roomId: number) => request(`${server.url}/api/v1/rooms/${roomId}/seat`, { token: p.token, body: {} });
const codeOf = (answer: { status: number; body: unknown }) => [answer.status, errorOf(answer)?.code];

describe('deposit limits', () => {
  it('refuses a deposit past the day limit with what is used and when it frees, then allows it a rolling day later', async () => {
    let player = await adultPlayer(server);
    await call(server, player, 'limits', { deposit: { day: '1000' } }, 'PUT');
    expect((await deposit(player, 600)).status).toBe(200);
    const refused = await deposit(player, 500);
    expect(codeOf(refused)).toEqual([403, 'limits/deposit_exceeded']);
    expect(errorOf(refused)?.details).toMatchObject({ limit: '1000', used: '600', period: 'day' });
    expect(new Date(String(errorOf(refused)?.details?.resets_at)).getTime()).toBeGreaterThan(server.clock.now().getTime() + 23 * HOUR);
    expect((await deposit(player, 400)).status).toBe(200);

    server.clock.advance(24 * HOUR + 60_000);
    player = await signInAgain(server, player);
    expect((await deposit(player, 500)).status).toBe(200);
    expect((await call(server, player, 'limits')).body.used.deposit).toEqual({ day: '500', week: '1500', month: '1500' });
  });

  it('counts deposits into either wallet: the limit is on chips bought', async () => {
    const player = await adultPlayer(server);
    await call(server, player, 'limits', { deposit: { week: '300' } }, 'PUT');
    expect((await deposit(player, 200, 'BONUS_BALANCE')).status).toBe(200);
    expect(codeOf(await deposit(player, 200))).toEqual([403, 'limits/deposit_exceeded']);
  });
});

describe('loss limits', () => {
  it('refuses a spin that could pass the loss limit; a BONUS_BALANCE spin is not counted', async () => {
    const player = await adultPlayer(server, 5000n);
    await call(server, player, 'limits', { loss: { day: '100' } }, 'PUT');
    expect(codeOf(await spin(player, 200))).toEqual([403, 'limits/loss_exceeded']);
    const refused = await spin(player, 101);
    expect(errorOf(refused)?.details).toMatchObject({ limit: '100', used: '0', resets_at: null, period: 'day' });
    expect((await spin(player, 100)).status).toBe(200);
    expect((await spin(player, 200, 'BONUS_BALANCE')).status).toBe(200);
  });

  it('refuses a seat at a BALANCE table whose bet could pass it, and counts a waiting seat as staked', async () => {
    const host = await adultPlayer(server, 5000n);
    const player = await adultPlayer(server, 5000n);
    await call(server, player, 'limits', { loss: { week: '500' } }, 'PUT');
    const big = await createRoom(host, '600');
    expect(codeOf(await seat(player, big.body.id))).toEqual([403, 'limits/loss_exceeded']);
    const first = await createRoom(host, '300');
    expect((await seat(player, first.body.id)).status).toBe(200);
    const other = await adultPlayer(server, 5000n);
    const second = await createRoom(other, '300');
    // 300 already waits at the first table: another 300 could make 600.
    const refused = await seat(player, second.body.id);
    expect(codeOf(refused)).toEqual([403, 'limits/loss_exceeded']);
    expect(errorOf(refused)?.details).toMatchObject({ used: '300' });
    expect(codeOf(await createRoom(player, '300'))).toEqual([403, 'limits/loss_exceeded']);
  });

  it('refuses a tournament buy-in with its fee past the limit', async () => {
    const admin = await adminToken(server.url);
    const id = await createTournament(server.url, admin, server.clock, { buy_in: '400', fee: '200', balance_type: 'BALANCE' });
    const player = await adultPlayer(server, 5000n);
    await call(server, player, 'limits', { loss: { month: '500' } }, 'PUT');
    const body = { tournament_id: id };
    const refused = await request(`${server.url}/api/v1/tournament/registration`, { token: player.token, body });
    expect(codeOf(refused)).toEqual([403, 'limits/loss_exceeded']);
    const free = await adultPlayer(server, 5000n);
    expect((await request(`${server.url}/api/v1/tournament/registration`, { token: free.token, body })).status).toBe(200);
  });
});

describe('the age gate before money play', () => {
  it('asks before the first deposit and the first BALANCE spin or seat, never for free chips', async () => {
    const player = await newPlayer(server.url, 'noage');
    await fund(server.store, player.id, 1000n);
    expect(codeOf(await deposit(player, 100))).toEqual([403, 'limits/age_unconfirmed']);
    expect(codeOf(await spin(player, 10))).toEqual([403, 'limits/age_unconfirmed']);
    const host = await adultPlayer(server, 1000n);
    expect(codeOf(await seat(player, (await createRoom(host, '100')).body.id))).toEqual([403, 'limits/age_unconfirmed']);
    expect((await spin(player, 10, 'BONUS_BALANCE')).status).toBe(200);
    await call(server, player, 'age-confirmation', { birth_date: '1999-12-31' });
    expect((await deposit(player, 100)).status).toBe(200);
  });
});

describe('a frozen account (fair play) stakes nothing', () => {
  it('refuses every money path with 403 account/frozen, and plays again once unfrozen', async () => {
    const player = await adultPlayer(server, 5000n);
    const host = await adultPlayer(server, 5000n);
    const room = await createRoom(host, '100');
    const admin = await adminToken(server.url);
    const promo = await request(`${server.url}/api/admin/promocodes`, {
      token: admin,
      body: { code: 'FROZENTRY1', amount: '50', max_uses: 5 },
    });
    expect(promo.status).toBe(201);
    const offers = await request<{ items: { id: number }[] }>(`${server.url}/api/product/?kind=conversion`, { token: player.token });
    await freeze(server.store, player.id, 42);
    const tries = [
      await deposit(player, 100),
      await spin(player, 10, 'BONUS_BALANCE'),
      await seat(player, room.body.id),
      await createRoom(player, '100', 'BONUS_BALANCE'),
      await request(`${server.url}/api/assets/add-asset?asset_id=5`, { token: player.token, method: 'POST' }),
      await request(`${server.url}/api/rewards/claim_daily_reward`, { token: player.token, method: 'POST' }),
      await request(`${server.url}/api/promocode/use/FROZENTRY1`, { token: player.token, method: 'POST' }),
      await request(`${server.url}/api/payments/convert/${offers.body.items[0]!.id}`, {
        token: player.token,
        body: { idempotency_key: 'frozen-convert-1' },
      }),
    ];
    expect(tries.map(codeOf)).toEqual(tries.map(() => [403, 'account/frozen']));
    expect(errorOf(tries[0]!)?.details).toMatchObject({ case_id: 42 });
    // Signing in and reading still work.
    expect((await request(`${server.url}/api/user/users/me`, { token: player.token })).status).toBe(200);
    await freeze(server.store, player.id, null);
    expect((await seat(player, room.body.id)).status).toBe(200);
  });
});

describe('session time', () => {
  it('starts no new game after session_minutes of play in 24 hours', async () => {
    const a = await adultPlayer(server, 1000n);
    const b = await adultPlayer(server, 1000n);
    await call(server, a, 'limits', { session_minutes: 10 }, 'PUT');
    const room = await createRoom(a, '100', 'BONUS_BALANCE');
    await seat(b, room.body.id);
    for (const p of [a, b]) await request(`${server.url}/api/v1/rooms/${room.body.id}/ready`, { token: p.token, method: 'POST' });
    server.clock.advance(9 * 60_000);
    const host = await adultPlayer(server, 1000n);
    const next = await createRoom(host, '100', 'BONUS_BALANCE');
    const fresh = await signInAgain(server, a);
    expect((await seat(fresh, next.body.id)).status).toBe(200);
    await request(`${server.url}/api/v1/rooms/${next.body.id}/leave`, { token: fresh.token, method: 'POST', body: {} });
    server.clock.advance(60_000);
    const refused = await seat(fresh, next.body.id);
    expect(codeOf(refused)).toEqual([403, 'limits/session_exceeded']);
    expect(errorOf(refused)?.details).toMatchObject({ limit: 10, used: 10 });
    expect(codeOf(await spin(fresh, 10, 'BONUS_BALANCE'))).toEqual([403, 'limits/session_exceeded']);
  });
});

describe('the slot machine spacing', () => {
  it('refuses a spin sooner than 2.5 s after the last with 429 bandit/too_fast; a retried key still answers', async () => {
    const player = await adultPlayer(server);
    const key = `spacing-${++keys}`;
    const body = { bet: 10, balance_type: 'BONUS_BALANCE', idempotency_key: key };
    server.clock.advance(2500);
    expect((await request(`${server.url}/api/v1/bandit/spin`, { token: player.token, body })).status).toBe(200);
    expect((await request(`${server.url}/api/v1/bandit/spin`, { token: player.token, body })).status).toBe(200);
    server.clock.advance(2499);
    const tooFast = await request(`${server.url}/api/v1/bandit/spin`, {
      token: player.token,
      body: { ...body, idempotency_key: `spacing-${++keys}` },
    });
    expect(codeOf(tooFast)).toEqual([429, 'bandit/too_fast']);
    server.clock.advance(1);
    expect(
      (await request(`${server.url}/api/v1/bandit/spin`, { token: player.token, body: { ...body, idempotency_key: `spacing-${++keys}` } }))
        .status,
    ).toBe(200);
  });
});
