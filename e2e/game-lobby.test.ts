import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot, waitForAnimations } from './support/browser';
import { classicRoom } from '../apps/server/src/test-support/rooms';
import { startServer, type RunningServer } from './support/server';
import { waitForSettledTableCards } from './support/table';

let server: RunningServer;
let browser: Browser;
const PASSWORD = 'correct-horse-1';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function register(country: string): Promise<Tokens> {
  const res = await fetch(`${server.baseUrl}/api/user/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: uniqueName('lb'), password: PASSWORD, country }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Tokens;
}

async function call<T>(tokens: Tokens, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function openAs(
  tokens: Tokens,
  viewport: { width: number; height: number },
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
  await signInContext(context, server.baseUrl, tokens);
  return { page, errors, close: () => context.close() };
}

describe('lobby', () => {
  it('keeps the filter across a reload, in local storage under filter-state version 1', async () => {
    const tokens = await register('RU');
    const { page, errors, close } = await openAs(tokens, PHONE);
    await page.goto('/games');
    await page.getByTestId('open-filter').click();
    await page.getByTestId('filter-players').getByRole('button', { name: '3' }).click();
    await page.getByTestId('filter-is_speed_mode').getByRole('radio', { name: 'Да' }).click();
    await page.getByTestId('filter-bet').getByRole('radio', { name: '1k–4999' }).click();
    await page.getByTestId('filter-apply').click();
    await page.reload();
    await page.getByTestId('open-filter').click();
    expect(await page.getByTestId('filter-players').getByRole('button', { name: '3' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('filter-is_speed_mode').getByRole('radio', { name: 'Да' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('filter-bet').getByRole('radio', { name: '1k–4999' }).getAttribute('aria-checked')).toBe('true');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('filter-state')))!) as {
      version: number;
      state: { filter: { min_bet: number; max_bet: number; player_count: number[] } };
    };
    expect(stored.version).toBe(1);
    expect(stored.state.filter).toMatchObject({ min_bet: 1000, max_bet: 4999, player_count: [2, 4, 5, 6] });
    expect(errors).toEqual([]);
    await close();
  });

  it('shows new rooms live, and a private room asks for its password', async () => {
    const watcher = await register('KZ');
    const host = await register('UA');
    const { page, close } = await openAs(watcher, PHONE);
    await page.goto('/games');
    await page.getByTestId('lobby-empty').or(page.getByTestId('room-card').first()).waitFor();
    const room = await call<{ id: number }>(host, 'POST', '/v1/rooms/', { ...classicRoom, password: 'secret' });
    const card = page.locator(`[data-testid="room-card"][data-room-id="${room.id}"]`);
    await card.waitFor({ timeout: 10_000 });
    await card.click();
    await page.getByTestId('join-password').fill('wrong');
    await page.getByTestId('join-submit').click();
    await expect.poll(() => page.getByTestId('join-dialog').textContent()).toContain('Неверный пароль');
    await page.getByTestId('join-password').fill('secret');
    await page.getByTestId('join-submit').click();
    await page.waitForURL(`**/durak/${room.id}`);
    await page.getByTestId('action-ready').waitFor();
    await close();
  });

  it("a private room's table opened without a seat asks for the password, then shows the table live", async () => {
    const stranger = await register('KZ');
    const host = await register('UA');
    const guest = await register('RU');
    const room = await call<{ id: number }>(host, 'POST', '/v1/rooms/', { ...classicRoom, password: 'secret' });
    const { page, close } = await openAs(stranger, PHONE);
    await page.goto(`/durak/${room.id}`);
    await page.getByTestId('join-dialog').waitFor();
    await page.getByTestId('join-password').fill('wrong');
    await page.getByTestId('join-submit').click();
    await expect.poll(() => page.getByTestId('join-dialog').textContent()).toContain('Неверный пароль');
    await page.getByTestId('join-password').fill('secret');
    await page.getByTestId('join-submit').click();
    await page.getByTestId('spectator-note').waitFor();
    // The room channel admitted the spectator: another player sitting down shows up without a reload.
    await expect.poll(() => page.getByTestId('waiting-note').textContent()).toContain('1');
    await call(guest, 'POST', `/v1/rooms/${room.id}/seat`, { password: 'secret' });
    await page.getByTestId('waiting-note').filter({ hasNotText: '1' }).waitFor({ timeout: 10_000 });
    await close();
  });

  it('refuses a bet larger than the balance before sending it', async () => {
    const tokens = await register('AM');
    const { page, close } = await openAs(tokens, PHONE);
    await page.goto('/games');
    await page.getByTestId('open-create').click();
    await page.getByTestId('create-bet').fill('50000');
    await page.getByTestId('create-submit').click();
    expect(await page.getByTestId('create-errors').textContent()).toContain('Недостаточно средств');
    expect(page.url()).toMatch(/\/games$/);
    await close();
  });
});

describe('emoji at the table', () => {
  it('the picker titled "Выберите эмодзи" offers throwable emoji for another seat, and the other player sees it land', async () => {
    const [hostTokens, guestTokens] = [await register('RU'), await register('KZ')];
    const room = await call<{ id: number }>(hostTokens, 'POST', '/v1/rooms/', classicRoom);
    await call(guestTokens, 'POST', `/v1/rooms/${room.id}/seat`, {});
    const host = await openAs(hostTokens, PHONE);
    const guest = await openAs(guestTokens, PHONE);
    await guest.page.goto(`/durak/${room.id}`);
    await host.page.goto(`/durak/${room.id}`);
    await host.page.locator('.felt [data-testid="seat"] .seat-avatar').click();
    const picker = host.page.getByRole('dialog', { name: 'Выберите эмодзи' });
    await picker.waitFor();
    await expect.poll(() => picker.locator('.emoji-btn').count()).toBe(6);
    await picker.getByRole('button', { name: 'Помидор' }).click();
    await guest.page.locator('.me-bar .seat-emoji').waitFor({ timeout: 10_000 });
    // On one's own seat only the non-throwable ones.
    await host.page.locator('.me-bar .seat-avatar').click();
    await expect.poll(() => host.page.getByRole('dialog', { name: 'Выберите эмодзи' }).locator('.emoji-btn').count()).toBe(8);
    await host.page.keyboard.press('Escape');
    // Past five in ten seconds the server refuses; the table says so in its toast.
    for (let i = 0; i < 5; i++) {
      await host.page.locator('.felt [data-testid="seat"] .seat-avatar').click();
      await picker.getByRole('button', { name: 'Помидор' }).click();
      await picker.waitFor({ state: 'detached' });
    }
    await expect
      .poll(
        () =>
          host.page
            .getByTestId('action-failure')
            .textContent()
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toBe('Слишком часто, подождите немного.');
    expect(host.errors).toEqual([]);
    await host.close();
    await guest.close();
  });
});

describe('screenshots', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('lobby, create dialog and a six-player table mid-game on a %s', { timeout: 120_000 }, async (name, viewport) => {
    const hosts = await Promise.all(['RU', 'DE', 'KZ'].map(register));
    await call(hosts[0]!, 'POST', '/v1/rooms/', { ...classicRoom, bet_amount: 1000, player_count: 4, is_transfer_allowed: true });
    await call(hosts[1]!, 'POST', '/v1/rooms/', {
      ...classicRoom,
      bet_amount: 5000,
      player_count: 3,
      is_speed_mode: true,
      card_transfer_permission: 'NEIGHBORS_ONLY',
    });
    await call(hosts[2]!, 'POST', '/v1/rooms/', {
      ...classicRoom,
      bet_amount: 100,
      deck_size: 24,
      is_cheating_allowed: true,
      password: 'pw',
    });
    const me = await register('UZ');
    const { page, close } = await openAs(me, viewport);
    await page.goto('/games');
    await page.getByTestId('room-card').nth(2).waitFor();
    await waitForAnimations(page); // the room cards fade in
    await screenshot(page, `lobby-${name}`);
    await page.getByTestId('open-create').click();
    await page.getByTestId('create-room-dialog').waitFor();
    await waitForAnimations(page); // the dialog slides in
    await screenshot(page, `create-dialog-${name}`);
    // All twelve bet presets fit the dialog without sideways scrolling, each a full tap target.
    const presets = await page
      .getByTestId('create-bet-presets')
      .getByRole('radio')
      .evaluateAll((chips) =>
        chips.map((chip) => {
          const box = chip.getBoundingClientRect();
          const dialog = chip.closest('.modal')!.getBoundingClientRect();
          return {
            label: chip.textContent,
            width: box.width,
            height: box.height,
            isInside: box.left >= dialog.left && box.right <= dialog.right,
            isCut: chip.scrollWidth > chip.clientWidth,
          };
        }),
      );
    expect(presets.map((p) => p.label)).toEqual(['100', '999', '1k', '4999', '5k', '9999', '10k', '24999', '25k', '49999', '50k', '100k']);
    for (const preset of presets) expect(preset, preset.label!).toMatchObject({ isInside: true, isCut: false });
    expect(Math.min(...presets.flatMap((p) => [p.width, p.height]))).toBeGreaterThanOrEqual(44);
    expect(await page.locator('.modal').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.keyboard.press('Escape');

    // Six at a table: five others sit and get ready by API, the sixth is this browser.
    const others = await Promise.all(['RU', 'UA', 'AM', 'DE', 'KZ'].map(register));
    const room = await call<{ id: number }>(others[0]!, 'POST', '/v1/rooms/', {
      ...classicRoom,
      player_count: 6,
      is_transfer_allowed: true,
    });
    for (const o of others.slice(1)) await call(o, 'POST', `/v1/rooms/${room.id}/seat`, {});
    await page.goto(`/durak/${room.id}`);
    await page.getByTestId('action-sit').click();
    for (const o of others) await call(o, 'POST', `/v1/rooms/${room.id}/ready`);
    await page.getByTestId('action-ready').click();
    await page.locator('[data-status="in_progress"]').waitFor();
    // The attacker leads with a card; if it is this browser, it taps its own highlighted card.
    const view = await call<{ turn: { current_attacker_user_id: string } }>(others[0]!, 'GET', `/v1/rooms/${room.id}/view`);
    const attacker = others.find((o) => JSON.parse(atob(o.access_token.split('.')[1]!)).sub === view.turn.current_attacker_user_id);
    if (attacker) {
      const hand = await call<{ items: unknown[] }>(attacker, 'GET', `/v1/rooms/${room.id}/cards`);
      await call(attacker, 'POST', `/v1/rooms/${room.id}/attack`, { cards: [hand.items[0]] });
    } else {
      await page.locator('.hand-card-playable').first().click({ force: true });
    }
    await waitForSettledTableCards(page, 1);
    expect(await page.getByTestId('seat').count()).toBe(6);
    await screenshot(page, `table-6-players-${name}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expectScreenshots(`lobby-${name}`, `create-dialog-${name}`, `table-6-players-${name}`);
    await close();
  });
});
