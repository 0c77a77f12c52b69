import { createHmac } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, registerByApi, uniqueName } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const BOT_TOKEN = '123456:E2E-test-bot-token';
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

/** Init data signed the way the Telegram host signs it (DESIGN §11). */
function signedInitData(fields: Record<string, string>): string {
  const params = new URLSearchParams(fields);
  const check = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
  params.set('hash', createHmac('sha256', secret).update(check).digest('hex'));
  return params.toString();
}

async function parentId(): Promise<number> {
  const tokens = await registerByApi(server.baseUrl, uniqueName('agent'), 'agent-password-1');
  const res = await fetch(`${server.baseUrl}/api/user/users/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  return ((await res.json()) as { id: number }).id;
}

describe('inside the Telegram mini-app', () => {
  it('signs in with the host init data and the parent from the start parameter, and talks to the host', async () => {
    const parent = await parentId();
    const telegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);
    const user = JSON.stringify({ id: telegramId, first_name: 'Tele', username: `tg${telegramId}`, language_code: 'ru' });
    const initData = signedInitData({ user, auth_date: String(Math.floor(Date.now() / 1000)), start_param: `pr_${parent}`, query_id: 'AAE1', signature: 'c2lnbmVkLWJ5LXRoZS1ob3N0' });
    const theme = JSON.stringify({ bg_color: '#0b3d2a', text_color: '#ffffff', button_color: '#e9c46a', button_text_color: '#000000', secondary_bg_color: '#072a1c', hint_color: '#aaaaaa', link_color: '#f6dd9a' });
    const hash = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'android', tgWebAppThemeParams: theme, tgWebAppStartParam: `pr_${parent}` });

    const { context, page, errors } = await newPage(browser, server.baseUrl);
    // The Android host's bridge: every method the app calls on the host lands in hostCalls.
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { hostCalls: string[] }).hostCalls = calls;
      (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
        postEvent: (type: string, data: string) => calls.push(`${type} ${data ?? ''}`.trim()),
      };
    });
    const authBodies: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/user/telegram/auth')) authBodies.push(req.postDataJSON());
    });
    await page.goto(`/#${hash.toString()}`);
    await page.getByTestId('header-username').waitFor();
    expect(authBodies).toEqual([{ init_data: initData, parent }]);
    expect(await cookieValue(context, 'accessToken')).toBeTruthy();

    const calls = await page.evaluate(() => (window as unknown as { hostCalls: string[] }).hostCalls);
    expect(calls).toContain('web_app_ready');
    expect(calls).toContain('web_app_expand');
    expect(calls.some((c) => c.startsWith('web_app_setup_swipe_behavior') && c.includes('"allow_vertical_swipe":false'))).toBe(true);

    // Away from the main tabs the host's Back button shows; on them it hides.
    await page.getByRole('link', { name: /Бандит/ }).click();
    await page.waitForURL('**/bandit');
    await expect
      .poll(async () => (await page.evaluate(() => (window as unknown as { hostCalls: string[] }).hostCalls)).filter((c) => c.startsWith('web_app_setup_back_button')).at(-1))
      .toContain('"is_visible":true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
