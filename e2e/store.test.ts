import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { classicRoom } from '../apps/server/src/test-support/rooms';
import { startServer, type RunningServer } from './support/server';

// The store through the UI: a card back and a felt bought and applied, then seen at the table.
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

async function call(tokens: Tokens, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the store', () => {
  it('buy a card back in the store and see it on the table', async () => {
    const buyer = await registerByApi(server.baseUrl, uniqueName('shop'), PASSWORD);
    const rival = await registerByApi(server.baseUrl, uniqueName('rival'), PASSWORD);
    const { context, page, errors } = await newPage(browser, server.baseUrl, PHONE);
    await signInContext(context, server.baseUrl, buyer);

    await page.goto('/store');
    const navy = page.getByTestId('asset-2');
    await expect.poll(() => navy.getAttribute('data-state')).toBe('buyable');
    const bonusBefore = await page.getByTestId('wallet-BONUS_BALANCE').textContent();
    await navy.getByTestId('buy').click();
    // The confirmation names the price before anything is paid.
    await expect.poll(() => page.getByTestId('buy-dialog').textContent()).toContain('2\u202f000');
    await screenshot(page, 'store-confirm-phone');
    await page.getByTestId('confirm-buy').click();
    await expect.poll(() => navy.getAttribute('data-state')).toBe('owned');
    await expect.poll(() => page.getByTestId('wallet-BONUS_BALANCE').textContent()).not.toBe(bonusBefore);
    await expect.poll(() => page.getByTestId('wallet-BONUS_BALANCE').textContent()).toContain('8\u202f000');
    await navy.getByTestId('apply').click();
    await expect.poll(() => navy.getAttribute('data-state')).toBe('active');

    // A felt too, from the tables tab.
    await page.getByRole('tab', { name: /Столы|Tables/ }).click();
    const burgundy = page.getByTestId('asset-8');
    await burgundy.getByTestId('buy').click();
    await page.getByTestId('confirm-buy').click();
    await expect.poll(() => burgundy.getAttribute('data-state')).toBe('owned');
    await burgundy.getByTestId('apply').click();
    await expect.poll(() => burgundy.getAttribute('data-state')).toBe('active');
    await screenshot(page, 'store-tables-phone');

    // A game with another player: the buyer's table shows the navy backs and the burgundy felt.
    const created = await call(buyer, '/v1/rooms/', classicRoom);
    expect(created.status).toBe(201);
    const roomId = String(created.body.id);
    expect((await call(rival, `/v1/rooms/${roomId}/seat`)).status).toBe(200);
    expect((await call(buyer, `/v1/rooms/${roomId}/ready`)).status).toBe(200);
    expect((await call(rival, `/v1/rooms/${roomId}/ready`)).status).toBe(200);

    await page.goto(`/durak/${roomId}`);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            [...document.querySelectorAll<HTMLElement>('.card-back')].filter((el) =>
              el.style.backgroundImage.includes('/cosmetics/backs/navy.svg'),
            ).length,
        ),
      )
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('table-page').getAttribute('data-felt')).toBe('/cosmetics/felts/burgundy.svg');
    await screenshot(page, 'store-table-with-cosmetics-phone');

    // The rival bought nothing: the default back and felt.
    const other = await newPage(browser, server.baseUrl, DESKTOP);
    await signInContext(other.context, server.baseUrl, rival);
    await other.page.goto(`/durak/${roomId}`);
    await expect.poll(() => other.page.evaluate(() => document.querySelectorAll('.card-back').length)).toBeGreaterThan(0);
    const rivalBacks = await other.page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.card-back')].map((el) => el.style.backgroundImage),
    );
    expect(rivalBacks.some((url) => url.includes('navy'))).toBe(false);
    expect(await other.page.getByTestId('table-page').getAttribute('data-felt')).toBeNull();
    await other.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the store with its prices and marks on a desktop, and the not-enough-chips message', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName('desk'), PASSWORD);
    const { context, page, errors } = await newPage(browser, server.baseUrl, DESKTOP);
    await signInContext(context, server.baseUrl, tokens);
    await page.goto('/store');
    // An item priced in bought chips, with an empty BALANCE wallet.
    const midnight = page.getByTestId('asset-5');
    await expect.poll(() => midnight.getAttribute('data-state')).toBe('too_poor');
    await screenshot(page, 'store-desktop');
    await midnight.getByTestId('buy').click();
    await expect.poll(() => page.getByTestId('not-enough-chips').isVisible()).toBe(true);
    await page.getByTestId('get-chips').click();
    await expect.poll(() => page.getByTestId('deposit-dialog').isVisible()).toBe(true);
    // The sandbox pays at once; the header follows.
    await expect.poll(() => page.getByTestId('deposit-amount').inputValue()).toBe('500'); // filled in once the shortfall is known
    await page.getByTestId('deposit-submit').click();
    await expect.poll(() => page.getByTestId('wallet-BALANCE').textContent()).toContain('500');
    await page.keyboard.press('Escape');
    await expect.poll(() => midnight.getAttribute('data-state')).toBe('buyable');
    expect(errors).toEqual([]);
    await context.close();
  });
});
