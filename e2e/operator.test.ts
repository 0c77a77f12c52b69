import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// FEATURES.md §9, the operator's tools as an operator meets them in the browser.
let server: RunningServer;
let browser: Browser;
let admin: Tokens;
const ADMIN = { username: 'ops_admin', password: 'admin-password-1' };
const SHOTS = '/tmp/shots-operator';

async function api<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  const res = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  admin = (await res.json()) as Tokens;
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
  await signInContext(context, server.baseUrl, admin);
  return { page, errors, close: () => context.close() };
}

/** A screenshot for the suite and a copy where the operator's work keeps its pictures. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  copyFileSync(join(SCREENSHOT_DIR, `${name}.png`), join(SHOTS, `${name}.png`));
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("operator's tools", () => {
  it('the menu links to /admin for an admin, and not for a player', async () => {
    const { page, errors, close } = await adminPage(PHONE);
    await page.goto('/menu');
    await page.getByTestId('menu-admin-link').click();
    await page.waitForURL('**/admin');
    await shot(page, 'operator-menu-to-admin-phone');
    expect(errors).toEqual([]);
    await close();

    const player = await registerByApi(server.baseUrl, uniqueName('menu'), 'player-password-1');
    const { context, page: playerPage } = await newPage(browser, server.baseUrl, PHONE);
    await signInContext(context, server.baseUrl, player);
    await playerPage.goto('/menu');
    await playerPage.getByTestId('language-select').waitFor();
    expect(await playerPage.getByTestId('menu-admin-link').count()).toBe(0);
    await context.close();
  });

  it('finds a user by name from /admin, opens the page, bans and lifts the ban', async () => {
    const name = uniqueName('Ban');
    const target = await registerByApi(server.baseUrl, name, 'player-password-1');
    const me = (await api<{ id: number }>('/user/users/me', target.access_token)).body;
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, errors, close } = await adminPage(viewport);
      await page.goto('/admin');
      await page.locator('.admin-search input[type=search]').fill(name.slice(0, 6).toLowerCase());
      await page.locator('.admin-search button[type=submit]').click();
      const found = page.getByTestId('found-users').getByRole('link', { name });
      await found.waitFor();
      await shot(page, `operator-search-${size}`);
      expect(await overflow(page), `search ${size}`).toBeLessThanOrEqual(0);
      await found.click();
      await page.waitForURL(`**/admin/user/${me.id}`);
      await page.getByTestId('ban-state').waitFor();
      // Wallets and kinds read in the admin's language (Russian here), never as raw codes.
      const figures = await page.locator('.admin-figure-label').allTextContents();
      expect(figures).toContain('Бонусные фишки');
      expect(await page.locator('.admin-table').first().textContent()).toContain('Приветственный бонус');
      expect(await page.locator('body').textContent()).not.toContain('BONUS_BALANCE');
      await shot(page, `operator-user-${size}`);
      expect(await overflow(page), `user ${size}`).toBeLessThanOrEqual(0);
      if (size === 'phone') {
        await page.getByTestId('ban-button').click();
        await page.locator('.modal textarea').fill('Оскорбления в чате');
        await page.locator('.modal .admin-btn-danger').click();
        await page.locator('.modal').waitFor({ state: 'detached' });
        await expect.poll(() => page.getByTestId('ban-state').textContent()).toBe('Забанен');
        await shot(page, 'operator-user-banned-phone');
        const refused = await fetch(`${server.baseUrl}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: name, password: 'player-password-1' }),
        });
        expect(refused.status).toBe(403);
        await page.getByTestId('ban-button').click();
        await page.locator('.modal textarea').fill('Ошибка модератора');
        await page.locator('.modal .admin-btn-primary').click();
        await expect.poll(() => page.getByTestId('ban-state').textContent()).toBe('Не забанен');
      }
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('creates a promo code after a confirmation, shows its uses, and a disabled code is refused', async () => {
    const code = `OPS${Date.now() % 100_000}`;
    const { page, errors, close } = await adminPage(PHONE);
    await page.goto('/admin/promocodes');
    await page.locator('.admin-table-state, .admin-table tbody tr').first().waitFor();
    await shot(page, 'operator-promocodes-empty-phone');
    await page.getByTestId('promo-code').fill(code);
    await page.getByTestId('promo-amount').fill('250');
    await page.getByTestId('promo-max-uses').fill('5');
    await page.getByTestId('promo-create').click();
    await page.locator('.modal textarea').fill('Акция выходного дня');
    await shot(page, 'operator-promocode-confirm-phone');
    await page.locator('.modal .admin-btn-primary').click();
    await page.locator('.modal').waitFor({ state: 'detached' });
    const row = page.locator('.admin-table tbody tr', { hasText: code });
    await row.waitFor();

    const player = await registerByApi(server.baseUrl, uniqueName('promo'), 'player-password-1');
    expect((await api(`/promocode/use/${code}`, player.access_token, { method: 'POST' })).status).toBe(200);
    await page.reload();
    await expect.poll(() => row.textContent()).toContain('1 / 5');
    await row.getByRole('button', { name: 'Использования' }).click();
    await page.getByTestId('promo-uses').getByRole('link').first().waitFor();
    await shot(page, 'operator-promocodes-phone');
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await row.getByRole('button', { name: 'Отключить' }).click();
    await page.locator('.modal textarea').fill('Утечка кода');
    await page.locator('.modal .admin-btn-danger').click();
    await expect.poll(() => row.textContent()).toContain('нет');
    const late = await registerByApi(server.baseUrl, uniqueName('late'), 'player-password-1');
    const refused = await api<{ error: { code: string } }>(`/promocode/use/${code}`, late.access_token, { method: 'POST' });
    expect([refused.status, refused.body.error.code]).toEqual([410, 'promo/expired']);
    expect(errors).toEqual([]);
    await close();

    const desktop = await adminPage(DESKTOP);
    await desktop.page.goto(`/admin/promocodes?uses=0`);
    await desktop.page.locator('.admin-table tbody tr', { hasText: code }).waitFor();
    await shot(desktop.page, 'operator-promocodes-desktop');
    await desktop.close();
  });

  it('the audit log filters by action area, and shows tournament and promo code actions in words', async () => {
    // Its own lines: a code made and switched off, a user banned.
    const promo = await api<{ id: number }>('/admin/promocodes', admin.access_token, {
      body: { code: `AUD${Date.now() % 100_000}`, amount: '10', max_uses: 1 },
    });
    await api(`/admin/promocodes/${promo.body.id}`, admin.access_token, { method: 'PATCH', body: { is_active: false } });
    const target = await registerByApi(server.baseUrl, uniqueName('aud'), 'player-password-1');
    const me = (await api<{ id: number }>('/user/users/me', target.access_token)).body;
    await api(`/admin/users/${me.id}/ban`, admin.access_token, { body: { reason: 'spam' } });
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, errors, close } = await adminPage(viewport);
      await page.goto('/admin/audit');
      await page.getByTestId('audit-action').selectOption('promocode');
      await page.waitForURL('**/admin/audit?action=promocode');
      // The unfiltered page stays on screen until the filtered one arrives: wait for the ban lines to go.
      await expect.poll(() => page.locator('.admin-table tbody').textContent()).not.toContain('Пользователь забанен');
      const shown = await page.locator('.admin-table tbody').textContent();
      expect(shown).toContain('Промокод отключён');
      expect(shown).toContain('Промокод создан');
      await shot(page, `operator-audit-${size}`);
      expect(await overflow(page), `audit ${size}`).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await close();
    }
    expectScreenshots('operator-audit-desktop', 'operator-audit-phone');
  });
});
