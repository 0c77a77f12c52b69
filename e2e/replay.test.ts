import { createHmac } from 'node:crypto';
import { chooseAction, legalActions, type GameView } from '@durak/engine';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// FEATURES.md §14: a finished game watched again in the browser, step by step, from one request;
// a shared step opened from the site's link and from Telegram's start parameter.
const BOT_TOKEN = '123456:E2E-replay-bot-token';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ TELEGRAM_BOT_TOKEN: BOT_TOKEN });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(tokens: Tokens, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Two players play a whole game by API, each move their engine's choice from their own view. */
async function finishedGame(players: Tokens[]): Promise<number> {
  const ids = await Promise.all(players.map(async (p) => (await api<{ id: number }>(p, '/user/users/me')).body.id));
  const created = await api<{ id: number }>(players[0]!, '/v1/rooms/', {
    bet_amount: '100',
    player_count: 2,
    deck_size: 36,
    balance_type: 'BONUS_BALANCE',
    is_transfer_allowed: true,
  });
  const roomId = created.body.id;
  expect((await api(players[1]!, `/v1/rooms/${roomId}/seat`, {})).status).toBe(200);
  for (const p of players) expect((await api(p, `/v1/rooms/${roomId}/ready`, {})).status).toBe(200);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let round = 0; round < 2000; round++) {
    for (const [i, p] of players.entries()) {
      const view = (await api<GameView>(p, `/v1/rooms/${roomId}/view`)).body;
      if (view.status === 'FINISHED') return roomId;
      const choice = chooseAction(view, legalActions(view, String(ids[i])), random);
      if (!choice) continue;
      const { type, player: _player, ...rest } = choice as typeof choice & { player?: string };
      const path = type === 'defence' ? 'defence' : type;
      await api(p, `/v1/rooms/${roomId}/${path}`, { ...rest, seq: view.seq });
    }
  }
  throw new Error('the game did not end');
}

const stepText = (page: Page) => page.getByTestId('replay-step').textContent();

describe('the replay of a finished game', () => {
  it('steps through the whole game from one request, and opens a shared step', { timeout: 240_000 }, async () => {
    const [anna, igor, stranger] = await Promise.all(
      ['anna', 'igor', 'viewer'].map((n) => registerByApi(server.baseUrl, uniqueName(n), 'replay-password-1')),
    );
    const roomId = await finishedGame([anna!, igor!]);
    const replay = await api<{ steps: unknown[] }>(anna!, `/v1/rooms/${roomId}/replay`);
    expect(replay.status).toBe(200);
    const total = replay.body.steps.length;
    expect(total).toBeGreaterThan(10);

    const { context, page, errors } = await newPage(browser, server.baseUrl, PHONE);
    await signInContext(context, server.baseUrl, anna!);
    const gameCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/rooms/')) gameCalls.push(new URL(r.url()).pathname);
    });
    await page.goto(`/replay/${roomId}`);
    await page.getByTestId('replay-board').waitFor();
    expect(await stepText(page)).toBe(`Ход 0 из ${total}`);
    expect(await page.getByTestId('replay-caption').textContent()).toContain('Раздача');

    // Every step, one tap each: the counter moves by one and the step is named.
    const captions = new Set<string>();
    for (let n = 1; n <= total; n++) {
      await page.getByTestId('replay-forward').click();
      await expect.poll(() => stepText(page)).toBe(`Ход ${n} из ${total}`);
      const caption = (await page.getByTestId('replay-caption').textContent()) ?? '';
      expect(caption).not.toMatch(/step\.|\?/);
      captions.add(caption.replace(/^Ход \d+ из \d+\s*/, ''));
      if (n === 12) await screenshot(page, 'replay-phone-all-hands');
    }
    expect(captions.size).toBeGreaterThan(total / 3);
    expect(await page.getByTestId('replay-caption').textContent()).toContain('Игра окончена');
    await expect.poll(() => page.getByTestId('replay-forward').isDisabled()).toBe(true);
    // One request for the whole game: no server call per step.
    expect(gameCalls).toEqual([`/api/v1/rooms/${roomId}/replay`]);

    // Back a few steps and from Igor's seat: only his cards are open, the address says so.
    const at = Math.min(15, total - 1);
    await page.getByTestId('replay-slider').fill(String(at));
    await expect.poll(() => stepText(page)).toBe(`Ход ${at} из ${total}`);
    await page.locator('[data-testid="replay-view-seat"]').nth(1).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('seat')).not.toBeNull();
    await screenshot(page, 'replay-phone-seat-view');

    // Share from here (outside Telegram): the site's link to this step.
    await page.getByTestId('replay-share').click();
    const link = await page.getByTestId('replay-share-link').inputValue();
    expect(link).toBe(`${server.baseUrl}/replay/${roomId}?step=${at}`);
    expect(errors).toEqual([]);
    await context.close();

    // Someone else opens the link: the same step of the same game.
    const other = await newPage(browser, server.baseUrl, DESKTOP);
    await signInContext(other.context, server.baseUrl, stranger!);
    await other.page.goto(link);
    await other.page.getByTestId('replay-board').waitFor();
    expect(await stepText(other.page)).toBe(`Ход ${at} из ${total}`);
    await screenshot(other.page, 'replay-desktop');
    await other.page.getByTestId('replay-speed-4').click();
    await other.page.getByTestId('replay-play').click();
    await expect.poll(async () => Number(/Ход (\d+)/.exec((await stepText(other.page)) ?? '')?.[1])).toBeGreaterThan(at + 2);
    expect(other.errors).toEqual([]);
    await other.context.close();

    // The table's results dialog links to the replay.
    const table = await newPage(browser, server.baseUrl, PHONE);
    await signInContext(table.context, server.baseUrl, igor!);
    await table.page.goto(`/durak/${roomId}`);
    await table.page.getByTestId('results').getByTestId('replay-link').waitFor();
    await screenshot(table.page, 'replay-results-dialog');
    await table.page.getByTestId('results').getByTestId('replay-link').click();
    await table.page.waitForURL(`**/replay/${roomId}`);
    await table.page.getByTestId('replay-board').waitFor();
    expect(table.errors).toEqual([]);
    await table.context.close();
    expectScreenshots('replay-phone-all-hands', 'replay-phone-seat-view', 'replay-desktop', 'replay-results-dialog');

    // Inside Telegram the share carries startapp=replay_<id>_<step>: the mini-app opens that step.
    const telegramId = 720_000_000 + Math.floor(Math.random() * 1_000_000);
    const startParam = `replay_${roomId}_${at}`;
    const fields = new URLSearchParams({
      user: JSON.stringify({ id: telegramId, first_name: 'Tele', username: `tg${telegramId}`, language_code: 'ru' }),
      auth_date: String(Math.floor(Date.now() / 1000)),
      start_param: startParam,
      query_id: 'AAE1',
      signature: 'c2lnbmVkLWJ5LXRoZS1ob3N0',
    });
    const check = [...fields.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    const secret = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
    fields.set('hash', createHmac('sha256', secret).update(check).digest('hex'));
    const hash = new URLSearchParams({
      tgWebAppData: fields.toString(),
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: '{}',
      tgWebAppStartParam: startParam,
    });
    const mini = await newPage(browser, server.baseUrl);
    await mini.page.addInitScript(() => {
      (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = { postEvent: () => undefined };
    });
    await mini.page.goto(`/#${hash.toString()}`);
    await mini.page.waitForURL(`**/replay/${roomId}?step=${at}`);
    await mini.page.getByTestId('replay-board').waitFor();
    expect(await stepText(mini.page)).toBe(`Ход ${at} из ${total}`);
    expect(mini.errors).toEqual([]);
    await mini.context.close();
  });
});
