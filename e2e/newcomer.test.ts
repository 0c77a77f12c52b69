import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName } from './support/accounts';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { classicRoom } from '../apps/server/src/test-support/rooms';
import { startServer, type RunningServer } from './support/server';

// FEATURES.md §17, as a newcomer meets it: sign-in pages in the browser's language with a picker,
// free test chips said to be free, a password changed from the menu, a friend found by name.
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

describe('a newcomer', () => {
  it('an English browser gets the sign-in page in English, and the picker changes it', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/auth/login');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in');
    await screenshot(page, 'newcomer-login-english-phone');
    await page.getByTestId('auth-language').selectOption('ru');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Вход');
    // The choice is kept: a reload stays in Russian.
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Вход');
    await context.close();
  });

  it('the store and the deposit dialog say test payments are free', async () => {
    const player = await registerByApi(server.baseUrl, uniqueName('sandbox'), PASSWORD);
    const { context, page, errors } = await newPage(browser, server.baseUrl, PHONE);
    await signInContext(context, server.baseUrl, player);
    await page.goto('/store');
    await expect.poll(() => page.getByTestId('sandbox-notice').first().textContent()).toContain('Тестовые платежи');
    await page.getByTestId('open-deposit').click();
    await expect.poll(() => page.getByTestId('deposit-dialog').getByTestId('sandbox-notice').isVisible()).toBe(true);
    await screenshot(page, 'newcomer-deposit-sandbox-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the password from the menu: the old one no longer signs in, the new one does', async () => {
    const name = uniqueName('pw');
    const player = await registerByApi(server.baseUrl, name, PASSWORD);
    const { context, page, errors } = await newPage(browser, server.baseUrl, PHONE);
    await signInContext(context, server.baseUrl, player);
    await page.goto('/menu');
    const form = page.getByTestId('password-form');
    await form.locator('summary').click();
    await form.getByLabel('Текущий пароль').fill(PASSWORD);
    await form.getByLabel('Новый пароль').fill('brand-new-pass-2');
    await form.getByRole('button', { name: 'Сохранить новый пароль' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toContain('Пароль изменён');
    await screenshot(page, 'newcomer-password-phone');
    const login = (password: string) =>
      fetch(`${server.baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: name, password }),
      }).then((r) => r.status);
    expect(await login(PASSWORD)).toBe(401);
    expect(await login('brand-new-pass-2')).toBe(200);
    // The old session from before the change is over; this page holds the new one and stays signed in.
    const old = await fetch(`${server.baseUrl}/api/user/users/me`, { headers: { authorization: `Bearer ${player.access_token}` } });
    expect(old.status).toBe(401);
    await page.reload();
    await expect.poll(() => page.getByTestId('password-form').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a player by name on /friends and asks them to be friends', async () => {
    const wanted = uniqueName('findme');
    const friend = await registerByApi(server.baseUrl, wanted, PASSWORD);
    const seeker = await registerByApi(server.baseUrl, uniqueName('seeker'), PASSWORD);
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
      await signInContext(context, server.baseUrl, seeker);
      await page.goto('/friends');
      await page.getByTestId('user-search-input').fill(wanted.slice(0, 10).toUpperCase());
      const line = page.getByTestId('user-search-line').filter({ hasText: wanted.slice(0, 12) });
      await expect.poll(() => line.count()).toBe(1);
      if (viewport === PHONE) {
        await line.getByRole('button', { name: 'Добавить в друзья' }).click();
        await expect.poll(() => line.getByRole('status').textContent()).toBe('Запрос отправлен');
      }
      await screenshot(page, `newcomer-friend-search-${viewport === PHONE ? 'phone' : 'desktop'}`);
      expect(errors).toEqual([]);
      await context.close();
    }
    const requests = await fetch(`${server.baseUrl}/api/user/friends/requests`, {
      headers: { authorization: `Bearer ${friend.access_token}` },
    }).then((r) => r.json() as Promise<{ items: { username: string }[] }>);
    expect(requests.items.map((i) => i.username)).toHaveLength(1);
  });

  it('a private table with five rules keeps its top bar on one line at 390 px, with a legend on tap', async () => {
    const host = await registerByApi(server.baseUrl, uniqueName('rules'), PASSWORD);
    const body = {
      ...classicRoom,
      is_speed_mode: true,
      is_transfer_allowed: true,
      is_cheating_allowed: true,
      is_draw_allowed: true,
      secret_trump_mode: true,
      password: 'hunter22',
    };
    const created = await fetch(`${server.baseUrl}/api/v1/rooms/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${host.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(201);
    const roomId = ((await created.json()) as { id: number }).id;
    const { context, page, errors } = await newPage(browser, server.baseUrl, PHONE);
    await signInContext(context, server.baseUrl, host);
    await page.goto(`/durak/${roomId}`);
    const rules = page.getByTestId('table-rules');
    await expect.poll(() => rules.textContent()).toBe('36⚡↪✱=?');
    expect(await rules.getByTestId('table-rules-lock').count()).toBe(1);
    // One line: the bar is no taller than its buttons, so nothing falls over the top seat.
    const bar = await page.locator('.table-top').boundingBox();
    expect(bar!.height).toBeLessThan(60);
    await rules.click();
    await expect.poll(() => page.getByTestId('table-rules-legend').textContent()).toContain('Закрытая комната');
    await screenshot(page, 'newcomer-table-rules-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
