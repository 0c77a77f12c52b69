import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClock, newPlayer, type TestPlayer } from '../rooms/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { dailyRewardAmounts } from './catalogue.js';
import { expectBooksBalance, walletsOf, type ErrorAnswer } from './test-support.js';

type Available = { is_available: boolean; amount: string; streak_day: number; next_at: string };
const DAY = 24 * 60 * 60 * 1000;

// 21:30 UTC: the server's day turns in two and a half hours, whatever the machine's time zone.
const clock = createClock(Date.parse('2026-03-10T21:30:00Z'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { now: clock.now });
});
afterAll(async () => server?.close());
afterEach(async () => expectBooksBalance(server.services.store));

/** Moves the clock and signs the player in again: a day later their 15-minute token has long expired. */
async function later(p: TestPlayer, ms: number): Promise<TestPlayer> {
  clock.advance(ms);
  const login = await request<{ access_token: string }>(`${server.url}/api/user/login`, {
    body: { username: p.username, password: 'password-123' },
  });
  return { ...p, token: login.body.access_token };
}
const available = async (p: TestPlayer) =>
  (await request<Available>(`${server.url}/api/rewards/available_reward`, { token: p.token })).body;
const claim = (p: TestPlayer) =>
  request<{ amount: string; streak_day: number; wallet_type: string; next_at: string } & ErrorAnswer>(
    `${server.url}/api/rewards/claim_daily_reward`,
    { token: p.token, method: 'POST' },
  );

describe('the daily reward', () => {
  it('is claimed once per UTC day onto BONUS_BALANCE; a second claim is 409 and says when the next opens', async () => {
    const p = await newPlayer(server.url, 'daily');
    expect(await available(p)).toEqual({
      is_available: true,
      amount: dailyRewardAmounts[0]!.toString(),
      streak_day: 1,
      next_at: clock.now().toISOString(),
    });
    const before = await walletsOf(server.url, p.token);
    const claimed = await claim(p);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({
      amount: dailyRewardAmounts[0]!.toString(),
      streak_day: 1,
      wallet_type: 'BONUS_BALANCE',
      next_at: '2026-03-11T00:00:00.000Z',
    });
    expect((await walletsOf(server.url, p.token)).BONUS_BALANCE).toBe(before.BONUS_BALANCE! + dailyRewardAmounts[0]!);

    const second = await claim(p);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('reward/already_claimed');
    expect(await available(p)).toMatchObject({ is_available: false, streak_day: 2, next_at: '2026-03-11T00:00:00.000Z' });
    expect((await walletsOf(server.url, p.token)).BONUS_BALANCE).toBe(before.BONUS_BALANCE! + dailyRewardAmounts[0]!);
  });

  it('claims at the same moment credit once', async () => {
    const p = await newPlayer(server.url, 'race');
    const before = await walletsOf(server.url, p.token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(p)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await walletsOf(server.url, p.token)).BONUS_BALANCE! - before.BONUS_BALANCE!).toBe(dailyRewardAmounts[0]);
  });

  it('grows over a 7-day streak, starts the week again after day 7, and restarts after a missed day', async () => {
    let p = await newPlayer(server.url, 'streak');
    const days: number[] = [];
    const amounts: string[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await claim(p);
      days.push(answer.body.streak_day);
      amounts.push(answer.body.amount);
      p = await later(p, DAY);
    }
    expect(days).toEqual([1, 2, 3, 4, 5, 6, 7, 1]);
    expect(amounts.slice(0, 7)).toEqual(dailyRewardAmounts.map(String));
    expect(
      amounts
        .slice(0, 7)
        .map(BigInt)
        .every((a, i, all) => i === 0 || a > all[i - 1]!),
    ).toBe(true);

    // Day 9 is not claimed: on day 10 the streak starts again.
    p = await later(p, DAY);
    expect(await available(p)).toMatchObject({ is_available: true, streak_day: 1 });
    expect((await claim(p)).body.streak_day).toBe(1);
  });

  it('turns at midnight UTC: a claim at 23:59 and one at 00:00 are two days of a streak', async () => {
    let p = await newPlayer(server.url, 'midnight');
    const now = clock.now();
    const lastSecond = Date.parse(`${now.toISOString().slice(0, 10)}T23:59:59Z`);
    p = await later(p, lastSecond - now.getTime());
    expect((await claim(p)).body.streak_day).toBe(1);
    clock.advance(1000);
    expect((await claim(p)).body.streak_day).toBe(2);
    expect((await claim(p)).status).toBe(409);
  });
});
