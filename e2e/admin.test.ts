import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let admin: Tokens;
const ADMIN = { username: 'root_admin', password: 'admin-password-1' };

async function api<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
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
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value in the browser's zone (the test and the browser share the machine's). */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

async function adminPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
  await signInContext(context, server.baseUrl, admin);
  return { page, errors, close: () => context.close() };
}

describe('admin area', () => {
  it('an admin creates a banner and a player sees it on the home page', async () => {
    const { page, errors, close } = await adminPage(DESKTOP);
    await page.goto('/admin/banner/create');
    await page.locator('.admin-form input[type=text]').fill('Осенний турнир');
    await page.locator('.admin-form textarea:not([lang])').fill('Призовой фонд 100 000');
    // FEATURES.md §10: the same caption in English, for players who play in English.
    await page.locator('[data-testid=banner-captions] summary').click();
    await page.locator('[data-testid=banner-captions] textarea[lang=en]').fill('Prize pool 100,000');
    const now = new Date();
    await page
      .locator('.admin-form input[type=datetime-local]')
      .nth(0)
      .fill(localInput(new Date(now.getTime() - 3600_000)));
    await page
      .locator('.admin-form input[type=datetime-local]')
      .nth(1)
      .fill(localInput(new Date(now.getTime() + 7 * 24 * 3600_000)));
    const picture = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#8e2b1f' } })
      .png()
      .toBuffer();
    await page.locator('.admin-form input[type=file]').setInputFiles({ name: 'autumn.png', mimeType: 'image/png', buffer: picture });
    await screenshot(page, 'admin-banner-create-desktop');
    await page.locator('.admin-form button[type=submit]').click();
    // FEATURES.md §17: the creation is confirmed with a reason for the audit log.
    const confirm = page.locator('.modal button[type=submit]');
    expect(await confirm.isDisabled()).toBe(true);
    await page.locator('.modal textarea').fill('Осенняя акция');
    await confirm.click();
    await page.waitForURL('**/admin/banners');
    await expect.poll(() => page.locator('.admin-table tbody tr').count()).toBe(1);
    await expect.poll(() => page.locator('.admin-table tbody').textContent()).toContain('Осенний турнир');
    expect(errors).toEqual([]);
    await close();

    const player = await registerByApi(server.baseUrl, uniqueName('fan'), 'player-password-1');
    const { context, page: home, errors: homeErrors } = await newPage(browser, server.baseUrl, PHONE);
    const requested: string[] = [];
    home.on('request', (r) => requested.push(r.url()));
    await signInContext(context, server.baseUrl, player);
    await home.goto('/');
    const banner = home.locator('[data-testid=home-banners] img[alt="Осенний турнир"]');
    await banner.waitFor();
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    expect(await home.locator('[data-testid=home-banners] .banners-caption').textContent()).toBe('Призовой фонд 100 000');
    await screenshot(home, 'home-with-banner-phone');
    // A player never downloads the admin area: it is its own lazy chunk.
    expect(requested.filter((url) => /\/assets\/admin-|\/locales\/\w+\/admin\.json/.test(url))).toEqual([]);

    await home.goto('/admin');
    await home.locator('[data-testid=no-access]').waitFor();
    await screenshot(home, 'admin-no-access-phone');
    expect(homeErrors).toEqual([]);
    await context.close();

    // A player who picked English on this device sees the English caption under the same picture.
    const english = await newPage(browser, server.baseUrl, DESKTOP);
    await signInContext(english.context, server.baseUrl, player);
    await english.context.addCookies([{ name: 'i18next', value: 'en', url: server.baseUrl }]);
    await english.context.addInitScript(() => localStorage.setItem('durak.languageChosen', '1'));
    await english.page.goto('/');
    const caption = english.page.locator('[data-testid=home-banners] .banners-caption');
    await caption.waitFor();
    expect(await caption.textContent()).toBe('Prize pool 100,000');
    await screenshot(english.page, 'home-with-banner-en-desktop');
    expect(english.errors).toEqual([]);
    await english.context.close();
  });

  it('every admin page renders at 1280x800 and 390x844', async () => {
    const agent = await registerByApi(server.baseUrl, uniqueName('agent'), 'agent-password-1');
    const me = await api<{ id: number }>('/user/users/me', agent.access_token);
    await api(`/admin/users/${me.id}`, admin.access_token, { method: 'PATCH', body: { roles: ['player', 'agent'], commission_bps: 2500 } });
    const banners = await api<{ items: { id: number }[] }>('/admin/banner', admin.access_token);
    const pages: [string, string, string][] = [
      ['home', '/admin', '.admin-table tbody tr'],
      ['agents', '/admin/agents', '.admin-table tbody tr'],
      ['agent', `/admin/agent/${me.id}`, '.admin-figure'],
      ['banners', '/admin/banners', '.admin-table tbody tr'],
      ['banner', `/admin/banner/${banners.items[0]!.id}`, '.admin-image-preview img'],
      ['banner-create', '/admin/banner/create', '.admin-form'],
      ['audit', '/admin/audit', '.admin-table tbody tr'],
      ['user', `/admin/user/${me.id}`, '.admin-table tbody tr'],
    ];
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, errors, close } = await adminPage(viewport);
      for (const [name, path, ready] of pages) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        await screenshot(page, `admin-${name}-${size}`);
        // Nothing wider than the screen, on a phone too (tables turn into cards there).
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${name} ${size}`,
        ).toBeLessThanOrEqual(0);
      }
      expect(errors).toEqual([]);
      await close();
    }
    expectScreenshots(...pages.flatMap(([name]) => [`admin-${name}-desktop`, `admin-${name}-phone`]));
  });

  it('an address that names no user, agent or banner says "not found" at once, not a spinner', async () => {
    const { page, errors, close } = await adminPage(PHONE);
    for (const path of ['/admin/user/abc', '/admin/agent/0', '/admin/banner/1.5']) {
      await page.goto(path);
      await page.getByTestId('admin-not-found').waitFor();
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('an admin credits a wallet after confirming with a reason, once', async () => {
    const target = await registerByApi(server.baseUrl, uniqueName('credit'), 'player-password-1');
    const me = await api<{ id: number; wallets: { wallet_type: string; balance: string }[] }>('/user/users/me', target.access_token);
    const before = BigInt(me.wallets.find((w) => w.wallet_type === 'BONUS_BALANCE')!.balance);
    const { page, errors, close } = await adminPage(PHONE);
    await page.goto(`/admin/user/${me.id}`);
    await page.locator('[data-testid=adjust-form] input[type=text]').fill('+2500');
    await page.locator('[data-testid=adjust-form] button[type=submit]').click();
    await page.locator('.modal textarea').fill('Компенсация за сбой');
    await screenshot(page, 'admin-user-adjust-phone');
    await page.locator('.modal .admin-btn-primary').click();
    await page.locator('.modal').waitFor({ state: 'detached' });
    const after = await api<{ wallets: { wallet_type: string; balance: string }[] }>('/user/users/me', target.access_token);
    expect(BigInt(after.wallets.find((w) => w.wallet_type === 'BONUS_BALANCE')!.balance) - before).toBe(2500n);
    expect(errors).toEqual([]);
    await close();
  });

  it('an agent sees its own figures and part of the area, and no access to the rest', async () => {
    const username = uniqueName('ag');
    const first = await registerByApi(server.baseUrl, username, 'agent-password-2');
    const me = await api<{ id: number }>('/user/users/me', first.access_token);
    await api(`/admin/users/${me.id}`, admin.access_token, { method: 'PATCH', body: { roles: ['player', 'agent'], commission_bps: 1500 } });
    // Roles travel in the access token: the agent signs in again to hold the new one.
    const res = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'agent-password-2' }),
    });
    const tokens = (await res.json()) as Tokens;
    const { context, page, errors } = await newPage(browser, server.baseUrl, PHONE);
    await signInContext(context, server.baseUrl, tokens);
    await page.goto('/admin');
    await page.locator('.admin-figure').first().waitFor();
    expect(await page.locator('.admin-nav-link').allTextContents()).toEqual(['Обзор', 'Агенты']);
    expect(await page.locator('.admin-figure-value').allTextContents()).toContain('15.00 %');
    await screenshot(page, 'admin-agent-home-phone');
    await page.goto('/admin/banners');
    await page.locator('[data-testid=no-access]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a deletion asks for a reason first, and the audit log shows it', async () => {
    const { page, errors, close } = await adminPage(DESKTOP);
    await page.goto('/admin/banners');
    await page.locator('.admin-table .admin-btn-danger').first().click();
    const confirm = page.locator('.modal .admin-btn-danger');
    expect(await confirm.isDisabled()).toBe(true);
    await page.locator('.modal textarea').fill('Акция закончилась');
    await screenshot(page, 'admin-confirm-delete-desktop');
    await confirm.click();
    await expect.poll(() => page.locator('.admin-table-state').textContent()).toBeTruthy();
    await page.goto('/admin/audit');
    await expect.poll(() => page.locator('.admin-table tbody tr').first().textContent()).toContain('Акция закончилась');
    expect(errors).toEqual([]);
    await close();
  });
});
