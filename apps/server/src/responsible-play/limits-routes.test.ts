import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adultPlayer,
  call,
  errorOf,
  newPlayer,
  signInAgain,
  startResponsibleServer,
  type ResponsibleServer,
} from '../test-support/responsible.js';

let server: ResponsibleServer;
beforeAll(async () => {
  server = await startResponsibleServer();
});
afterAll(async () => {
  await server.close();
});

const HOUR = 3_600_000;

describe('GET and PUT /api/user/limits', () => {
  it('starts with no limits, nothing used and the age not confirmed', async () => {
    const player = await newPlayer(server.url, 'lim');
    const limits = await call(server, player, 'limits');
    expect(limits.status).toBe(200);
    expect(limits.body).toMatchObject({
      deposit: { day: null, week: null, month: null },
      loss: { day: null, week: null, month: null },
      session_minutes: null,
      reality_check_minutes: null,
      pending: [],
      timeout_until: null,
      excluded_until: null,
      age_confirmed: false,
      used: { deposit: { day: '0', week: '0', month: '0' }, loss: { day: '0', week: '0', month: '0' }, session_minutes: 0 },
      reality_check: null,
    });
  });

  it('a new or lower limit applies at once; a higher one or its removal only after 24 hours', async () => {
    let player = await adultPlayer(server);
    const set = await call(server, player, 'limits', { loss: { day: '1000' }, deposit: { week: 5000 }, session_minutes: 120 }, 'PUT');
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ loss: { day: '1000' }, deposit: { week: '5000' }, session_minutes: 120, pending: [] });

    const raised = await call(server, player, 'limits', { loss: { day: '3000' }, deposit: { week: null } }, 'PUT');
    expect(raised.body.loss.day).toBe('1000');
    expect(raised.body.deposit.week).toBe('5000');
    const effectiveAt = new Date(server.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(raised.body.pending).toEqual(
      expect.arrayContaining([
        { name: 'loss.day', value: '3000', effective_at: effectiveAt },
        { name: 'deposit.week', value: null, effective_at: effectiveAt },
      ]),
    );

    server.clock.advance(24 * HOUR - 1000);
    player = await signInAgain(server, player);
    expect((await call(server, player, 'limits')).body.loss.day).toBe('1000');
    server.clock.advance(1000);
    const after = await call(server, player, 'limits');
    expect(after.body).toMatchObject({ loss: { day: '3000' }, deposit: { week: null }, pending: [] });
  });

  it('a later lower value cancels the raise that waits', async () => {
    const player = await adultPlayer(server);
    await call(server, player, 'limits', { loss: { month: '1000' } }, 'PUT');
    await call(server, player, 'limits', { loss: { month: '9000' } }, 'PUT');
    const lowered = await call(server, player, 'limits', { loss: { month: '800' } }, 'PUT');
    expect(lowered.body).toMatchObject({ loss: { month: '800' }, pending: [] });
  });

  it.each([
    ['a negative chip limit', { loss: { day: '-5' } }, 'loss.day'],
    ['a reality check under 15 minutes', { reality_check_minutes: 5 }, 'reality_check_minutes'],
    ['a reality check over 240 minutes', { reality_check_minutes: 241 }, 'reality_check_minutes'],
    ['an unknown period', { deposit: { year: '5' } }, 'deposit'],
    ['an unknown field', { bet_limit: '5' }, ''],
  ])('refuses %s with 400 naming the field, changing nothing', async (_name, body, field) => {
    const player = await adultPlayer(server);
    const answer = await call(server, player, 'limits', body, 'PUT');
    expect(answer.status).toBe(400);
    expect(errorOf(answer)?.code).toBe('request/invalid');
    if (field) expect(JSON.stringify(errorOf(answer))).toContain(field);
    expect((await call(server, player, 'limits')).body).toMatchObject({ loss: { day: null }, reality_check_minutes: null });
  });

  it('is for signed-in players only', async () => {
    const { request } = await import('../test-support/http.js');
    expect((await request(`${server.url}/api/user/limits`)).status).toBe(401);
  });
});

describe('the age gate', () => {
  it('confirms an adult once', async () => {
    const player = await newPlayer(server.url, 'age');
    const confirmed = await call(server, player, 'age-confirmation', { birth_date: '2000-01-31' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.age_confirmed).toBe(true);
  });

  it('closes an account under 18 to money play for good, whatever it says next', async () => {
    const player = await newPlayer(server.url, 'kid');
    const birth = new Date(server.clock.now().getTime() - 17 * 365 * 24 * HOUR).toISOString().slice(0, 10);
    const refused = await call(server, player, 'age-confirmation', { birth_date: birth });
    expect([refused.status, errorOf(refused)?.code]).toEqual([403, 'limits/underage']);
    const again = await call(server, player, 'age-confirmation', { birth_date: '1980-01-01' });
    expect([again.status, errorOf(again)?.code]).toEqual([403, 'limits/underage']);
    const deposit = await call(server, player, '../payments/deposit/sandbox/BALANCE', { amount: '100', idempotency_key: 'kid-deposit-1' });
    expect(errorOf(deposit)?.code).toBe('limits/underage');
    expect((await call(server, player, 'limits')).body).toMatchObject({ is_underage: true, age_confirmed: false });
  });

  it.each([
    ['not a date', '17/05/1990'],
    ['a day in the future', '2999-01-01'],
  ])('refuses a birth date that is %s with 400', async (_name, birth) => {
    const player = await newPlayer(server.url, 'agebad');
    const answer = await call(server, player, 'age-confirmation', { birth_date: birth });
    expect([answer.status, errorOf(answer)?.code]).toEqual([400, 'request/invalid']);
  });
});
