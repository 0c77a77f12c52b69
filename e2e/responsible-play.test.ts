import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot, waitForAnimations } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The age gate on, as in production; a play minute of one second, so a 15-minute reality check comes in 15 s.
  server = await startServer({ AGE_CHECK: 'on', PLAY_MINUTE_MS: '1000' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('responsible play', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'the menu opens the limits page; a limit, the age and a reality check over another screen (%s)',
    { timeout: 120_000 },
    async (name, viewport) => {
      const tokens = await registerByApi(server.baseUrl, uniqueName('care'), 'correct-horse-1');
      const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
      await signInContext(context, server.baseUrl, tokens);
      await page.goto('/menu');
      await page.getByTestId('responsible-play-link').click();
      await page.getByTestId('responsible-page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/responsible-play');

      // A loss limit per 24 hours, applied at once, and the reality check every 15 (play) minutes.
      await page.getByTestId('limit-loss.day').fill('500');
      await page.getByTestId('limit-reality_check_minutes').fill('15');
      await page.getByTestId('limits-save').click();
      await page.getByTestId('limits-notice').waitFor();
      const limits = await fetch(`${server.baseUrl}/api/user/limits`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(await limits.json()).toMatchObject({ loss: { day: '500' }, reality_check_minutes: 15 });

      // The age, asked once before money play.
      await page.getByTestId('age-form').locator('input[type="date"]').fill('1990-05-17');
      await page.getByTestId('age-form').getByRole('button').click();
      await page.getByTestId('age-form').waitFor({ state: 'detached' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `responsible-page-${name}`);

      // A spin starts the reality check's clock; the dialog then opens over whatever screen is open.
      await page.goto('/games');
      const spin = await fetch(`${server.baseUrl}/api/v1/bandit/spin`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bet: 10, balance_type: 'BONUS_BALANCE', idempotency_key: `care-spin-${name}` }),
      });
      expect(spin.status).toBe(200);
      const dialog = page.getByTestId('reality-check');
      await dialog.waitFor({ timeout: 40_000 });
      expect(await page.getByTestId('reality-staked').textContent()).toBe('10');
      await waitForAnimations(page);
      await screenshot(page, `reality-check-${name}`);
      await page.getByTestId('reality-check').getByRole('button').last().click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/games');

      // A break, with its confirmation, shows on the page at once.
      await page.goto('/responsible-play');
      await page.getByTestId('break-1').click();
      await page.getByTestId('stop-confirm').click();
      await page.getByTestId('rp-standing').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `responsible-break-${name}`);
      expectScreenshots(`responsible-page-${name}`, `reality-check-${name}`, `responsible-break-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
