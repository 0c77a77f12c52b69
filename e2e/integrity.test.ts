import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Fair play (FEATURES.md §12): a dumping ring played through the API becomes a case; one admin
// freezes it on the case page, a second confirms the confiscation there.
let server: RunningServer;
let browser: Browser;
const ADMIN = { username: 'root_admin', password: 'admin-password-1' };

async function api<T>(path: string, token: string, body?: unknown, method?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

async function signIn(username: string, password: string): Promise<Tokens> {
  const res = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return (await res.json()) as Tokens;
}

let first: Tokens;
let second: Tokens;
let caseId: number;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  first = await signIn(ADMIN.username, ADMIN.password);
  const name = uniqueName('reviewer');
  await registerByApi(server.baseUrl, name, 'password-123');
  const me = await api<{ id: number }>('/user/users/me', (await signIn(name, 'password-123')).access_token);
  await api(`/admin/users/${me.body.id}`, first.access_token, { roles: ['player', 'admin'] }, 'PATCH');
  second = await signIn(name, 'password-123');
  // The ring: two fresh feeders surrender to one receiver in private 1-vs-1 rooms.
  const receiver = await registerByApi(server.baseUrl, uniqueName('receiver'), 'password-123');
  const feeders = [
    await registerByApi(server.baseUrl, uniqueName('feeder'), 'password-123'),
    await registerByApi(server.baseUrl, uniqueName('feeder'), 'password-123'),
  ];
  for (let round = 0; round < 3; round++)
    for (const feeder of feeders) {
      const room = await api<{ id: number }>('/v1/rooms/', feeder.access_token, {
        deck_size: 36,
        player_count: 2,
        bet_amount: '100',
        balance_type: 'BONUS_BALANCE',
        password: 'ring',
      });
      await api(`/v1/rooms/${room.body.id}/seat`, receiver.access_token, { password: 'ring' });
      for (const p of [feeder, receiver]) await api(`/v1/rooms/${room.body.id}/ready`, p.access_token, undefined, 'POST');
      expect((await api(`/v1/rooms/${room.body.id}/leave`, feeder.access_token, {})).status).toBe(200);
    }
  // The scan runs in the background (the sweeper): wait for the case itself to be listed.
  const openCase = async () => {
    const list = await api<{ items: { id: number; kind: string }[] }>('/admin/integrity/cases?status=open', first.access_token);
    return list.body.items.find((c) => c.kind === 'chip_dumping')?.id ?? 0;
  };
  caseId = await vi.waitFor(
    async () => {
      const id = await openCase();
      if (id === 0) throw new Error('the scan has not opened the case yet');
      return id;
    },
    { timeout: 30_000 },
  );
  expect(caseId).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(
  tokens: Tokens,
  viewport: { width: number; height: number },
): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
  await signInContext(context, server.baseUrl, tokens);
  return { page, errors, close: () => context.close() };
}

async function confirmWithReason(page: Page, reason: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.locator('textarea, input[type=text]').first().fill(reason);
  await dialog.locator('button[type=submit]').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the fair-play case page', () => {
  it('lists the case, shows its evidence at 390 and 1280, freezes it, and a second admin confirms the confiscation', async () => {
    const phone = await adminPage(first, PHONE);
    await phone.page.goto('/admin/integrity');
    await phone.page.locator(`a[href="/admin/integrity/${caseId}"]`).waitFor();
    await screenshot(phone.page, 'integrity-list-phone');
    await phone.page.locator(`a[href="/admin/integrity/${caseId}"]`).click();
    await phone.page.getByTestId('integrity-case').waitFor();
    await expect.poll(() => phone.page.locator('[data-testid=integrity-games] tbody tr').count()).toBe(6);
    expect(await phone.page.locator('[data-testid=integrity-games] a[href^="/replay/"]').count()).toBe(6);
    await screenshot(phone.page, 'integrity-case-phone');
    await phone.page.getByTestId('integrity-freeze').click();
    await confirmWithReason(phone.page, 'fresh accounts surrendering to one receiver');
    await expect.poll(() => phone.page.getByTestId('integrity-status').textContent()).not.toBe(null);
    await phone.page.getByTestId('integrity-confirm-confiscate').waitFor();
    expect(phone.errors).toEqual([]);
    await phone.close();

    const desktop = await adminPage(second, DESKTOP);
    await desktop.page.goto(`/admin/integrity/${caseId}`);
    await desktop.page.getByTestId('integrity-case').waitFor();
    await screenshot(desktop.page, 'integrity-case-desktop');
    await desktop.page.getByTestId('integrity-confirm-confiscate').click();
    await confirmWithReason(desktop.page, 'second review: a dumping ring');
    await desktop.page.getByTestId('integrity-settlement').waitFor();
    expect(await desktop.page.getByTestId('integrity-confirm-confiscate').count()).toBe(0);
    await screenshot(desktop.page, 'integrity-confirmed-desktop');
    expect(desktop.errors).toEqual([]);
    await desktop.close();
    expectScreenshots('integrity-list-phone', 'integrity-case-phone', 'integrity-case-desktop', 'integrity-confirmed-desktop');
    const detail = await api<{ status: string; settlement: { moved: { amount: string }[] } }>(
      `/admin/integrity/cases/${caseId}`,
      first.access_token,
    );
    expect(detail.body.status).toBe('confirmed');
    expect(detail.body.settlement.moved.reduce((s, m) => s + Number(m.amount), 0)).toBe(6 * 95);
  }, 120_000);
});
