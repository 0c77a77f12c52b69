import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Short pauses and a quick sweeper: the bots finish a game in seconds, on the server's own timers.
  server = await startServer({ BOT_DELAY_MS: '0-40', TIMER_SWEEP_MS: '50' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function register(): Promise<Tokens> {
  const res = await fetch(`${server.baseUrl}/api/user/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: uniqueName('pr'), password: 'correct-horse-1' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Tokens;
}

async function call<T>(tokens: Tokens, method: string, path: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    ...(method === 'GET' ? {} : { body: '{}' }),
  });
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Watch {
  status: string;
  seq: number;
  timers: { timer_response: { player_id: string } }[];
  round: { slots: unknown[] };
  turn: { current_attacker_user_id: string; current_defender_user_id: string } | null;
}

async function post(tokens: Tokens, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Plays the person's side until the game is over; returns the game's record. */
async function playAsPerson(
  page: Page,
  tokens: Tokens,
  roomId: number,
  me: string,
): Promise<{ actions: { action: { player?: string } }[] }> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const watch = await call<Watch>(tokens, 'GET', `/v1/rooms/${roomId}/watch`);
    if (watch.status === 'FINISHED') return call(tokens, 'GET', `/v1/rooms/${roomId}/record`);
    if (watch.timers.some((t) => t.timer_response.player_id === me) && watch.turn) {
      const room = `/v1/rooms/${roomId}`;
      if (watch.round.slots.length === 0 && watch.turn.current_attacker_user_id === me) {
        const hand = await call<{ items: unknown[] }>(tokens, 'GET', `${room}/cards`);
        await post(tokens, `${room}/attack`, { cards: [hand.items[0]], seq: watch.seq });
      } else if (watch.turn.current_defender_user_id === me) {
        await post(tokens, `${room}/take`, { seq: watch.seq });
      } else {
        await post(tokens, `${room}/beat`, { seq: watch.seq });
      }
    } else {
      // The bots move on the server's own timers: wait until the table on the page shows a later
      // move (or the results); a turn timer may change nothing on the page, so look again after 5 s.
      await page
        .waitForFunction(
          (seen) =>
            document.querySelector('[data-testid="results"]') !== null ||
            Number(document.querySelector('[data-testid="table-page"]')?.getAttribute('data-seq') ?? -1) > seen,
          watch.seq,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
    }
  }
  throw new Error('the practice game did not end in 90 s');
}

describe('play against the computer', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('%s: from the home page to a table of bots, which answer every move of the person to the end', async (name, viewport) => {
    const tokens = await register();
    const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
    await signInContext(context, server.baseUrl, tokens);
    await page.goto('/');
    await page.getByTestId('open-practice').click();
    await page.getByTestId('practice-bots').getByRole('radio', { name: '2' }).click();
    await page.getByTestId('practice-level').getByRole('radio', { name: 'Лёгкий' }).click();
    await screenshot(page, `practice-dialog-${name}`);
    await page.getByTestId('practice-submit').click();
    await page.waitForURL(/\/durak\/\d+$/);
    const roomId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByTestId('seat-bot').count()).toBe(2);
    // A screen reader hears which table this is (the heading is hidden on screen).
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Стол ${roomId}`);
    await screenshot(page, `practice-table-${name}`);

    const lobby = await call<{ items: { id: number }[] }>(tokens, 'GET', '/v1/rooms/');
    expect(lobby.items.map((r) => r.id)).not.toContain(roomId);

    // The person plays the plainest game through the API (leads their first card, takes, says
    // beat); the bots answer on the server's own sweeper, nothing here drives them.
    const me = await call<{ id: number }>(tokens, 'GET', '/user/users/me');
    const record = await playAsPerson(page, tokens, roomId, String(me.id));
    expect(record.actions.filter((a) => a.action.player !== String(me.id)).length).toBeGreaterThan(5);
    await expect.poll(() => page.getByTestId('seat-label').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await screenshot(page, `practice-over-${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('took every picture', () => {
    expectScreenshots(
      'practice-dialog-phone',
      'practice-table-phone',
      'practice-over-phone',
      'practice-dialog-desktop',
      'practice-table-desktop',
      'practice-over-desktop',
    );
  });
});
