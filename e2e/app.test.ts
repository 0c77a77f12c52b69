import { SignJWT, decodeJwt } from 'jose';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, registerByApi, signInContext, uniqueName } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot, waitForAnimations } from './support/browser';
import { startServer, type RunningServer } from './support/server';

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

describe('start screen', () => {
  it('counts the progress up through 10, 40, 60, 70, 99 and shows the version, then the main page', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName(), PASSWORD);
    const { context, page, errors } = await newPage(browser, server.baseUrl);
    await signInContext(context, server.baseUrl, tokens);
    // Record every progress text the page shows, from before the app's first render.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="start-progress"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/');
    await expect
      .poll(() =>
        page
          .getByTestId('start-version')
          .textContent()
          .catch(() => null),
      )
      .toBe('версия 1.3');
    await page.getByTestId('header-username').waitFor();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen).toEqual(['загрузка 10%', 'загрузка 40%', 'загрузка 60%', 'загрузка 70%', 'загрузка 99%']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('paints the start picture from the page itself before the app’s code arrives, then the app takes over', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    // The app's code held back, as a slow phone network holds it for seconds.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/games', { waitUntil: 'commit' });
    const shell = page.locator('#root .app-shell img');
    await expect.poll(() => shell.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect((await shell.boundingBox())!.width).toBeGreaterThan(300);
    release();
    // The app replaces it: a signed-out visitor lands on the sign-in page.
    await page.waitForURL('**/auth/login');
    expect(await page.locator('#root .app-shell').count()).toBe(0);
    await context.close();
  });

  it('shows a retry button when loading fails, and the retry loads the user', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName(), PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInContext(context, server.baseUrl, tokens);
    const logged: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && logged.push(msg.text()));
    await page.route('**/api/user/users/me', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const retry = page.getByRole('button', { name: 'Повторить' });
    await retry.waitFor();
    expect(logged.some((line) => line.includes('Start-up failed'))).toBe(true);
    await page.unroute('**/api/user/users/me');
    await retry.click();
    await page.getByTestId('header-username').waitFor();
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('looks right on a %s (screenshot)', async (name, viewport) => {
    const tokens = await registerByApi(server.baseUrl, uniqueName(), PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl, viewport);
    await signInContext(context, server.baseUrl, tokens);
    // Hold the user request so the start screen stays up for the picture.
    await page.route('**/api/user/users/me', () => undefined);
    await page.goto('/');
    await expect.poll(() => page.getByTestId('start-progress').textContent()).toBe('загрузка 60%');
    await waitForAnimations(page);
    await screenshot(page, `start-${name}`);
    expectScreenshots(`start-${name}`);
    await context.close();
  });
});

describe('sign-up and sign-in', () => {
  it('registers a new player and shows the main page with their name and balances', async () => {
    const username = uniqueName('newbie');
    const { context, page, errors } = await newPage(browser, server.baseUrl);
    await page.goto('/auth/registration');
    await page.getByLabel('Имя игрока').fill(username);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Повторите пароль').fill('something-else');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect.poll(() => page.getByTestId('repeat-error').textContent()).toBe('Пароли не совпадают');
    await page.getByLabel('Повторите пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByTestId('header-username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('header-username').textContent()).toBe(username.length > 10 ? `${username.slice(0, 8)}…` : username);
    expect(await page.getByTestId('wallet-BONUS_BALANCE').textContent()).toMatch(/\d/);
    expect(await cookieValue(context, 'refreshToken')).toBeTruthy();
    expect(Number(await cookieValue(context, 'authExp'))).toBeGreaterThan(Date.now() + 5.9 * 24 * 3600 * 1000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server error next to the username when the name is taken', async () => {
    const username = uniqueName('taken');
    await registerByApi(server.baseUrl, username, PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/auth/registration');
    await page.getByLabel('Имя игрока').fill(username);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Повторите пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect.poll(() => page.getByTestId('username-error').textContent()).toBe('Это имя уже занято');
    await context.close();
  });

  it('signs in, rejecting a wrong password next to the field first', async () => {
    const username = uniqueName('login');
    await registerByApi(server.baseUrl, username, PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/auth/login');
    await page.getByLabel('Имя игрока').fill(username);
    await page.getByLabel('Пароль').fill('not-the-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => page.getByTestId('password-error').textContent()).toBe('Неверное имя или пароль');
    await page.getByLabel('Пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByTestId('header-username').waitFor();
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('login page looks right on a %s (screenshot)', async (name, viewport) => {
    const { context, page } = await newPage(browser, server.baseUrl, viewport);
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => page.getByTestId('username-error').textContent()).toBe('Заполните это поле');
    // Off the button, and its hover glow faded out: the picture does not catch it half way.
    await page.mouse.move(0, 0);
    await waitForAnimations(page);
    await screenshot(page, `login-${name}`);
    expectScreenshots(`login-${name}`);
    await context.close();
  });
});

describe('session', () => {
  it('sends a signed-out user to login, and back where they were headed after signing in', async () => {
    const username = uniqueName('lost');
    await registerByApi(server.baseUrl, username, PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/bandit');
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Имя игрока').fill(username);
    await page.getByLabel('Пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/bandit');
    await context.close();
  });

  it('an expired session marker outside the mini-app clears the tokens and goes to login', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName(), PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInContext(context, server.baseUrl, tokens, Date.now() - 1000);
    await page.goto('/');
    await page.waitForURL('**/auth/login');
    expect(await cookieValue(context, 'accessToken')).toBeUndefined();
    await context.close();
  });

  it('coming back to a tab whose session marker passed meanwhile clears the tokens and goes to login', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName('back'), PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInContext(context, server.baseUrl, tokens);
    await page.goto('/');
    await page.getByTestId('header-username').waitFor();
    // Six days later the phone wakes the tab up.
    await signInContext(context, server.baseUrl, tokens, Date.now() - 1000);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForURL('**/auth/login');
    expect(await cookieValue(context, 'accessToken')).toBeUndefined();
    expect(await cookieValue(context, 'refreshToken')).toBeUndefined();
    await context.close();
  });

  it('refreshes an expired access token without the user noticing', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName('fresh'), PASSWORD);
    // The same token the server issued, but already expired.
    const claims = decodeJwt(tokens.access_token);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ roles: claims.roles })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(server.jwtSecret));
    const { context, page, errors } = await newPage(browser, server.baseUrl);
    await signInContext(context, server.baseUrl, { ...tokens, access_token: expired });
    const statuses: string[] = [];
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (path.startsWith('/api/')) statuses.push(`${path} ${res.status()}`);
    });
    await page.goto('/');
    await page.getByTestId('header-username').waitFor();
    // Other start-up reads (the flags, a tournament seat, friends' news) run beside these; the
    // user's own read is the one that must fail, refresh once and succeed.
    const userReads = statuses.filter((s) => s.startsWith('/api/user/users/me ') || s.startsWith('/api/user/refresh '));
    expect(userReads.slice(0, 3)).toEqual(['/api/user/users/me 401', '/api/user/refresh 200', '/api/user/users/me 200']);
    expect(statuses.filter((s) => s.startsWith('/api/user/refresh '))).toEqual(['/api/user/refresh 200']);
    const fresh = await cookieValue(context, 'accessToken');
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(expired);
    expect(await cookieValue(context, 'refreshToken')).not.toBe(tokens.refresh_token);
    expect(await page.getByText('Повторить').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('realtime', () => {
  it('connects to the gateway once signed in and disconnects on logout', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName('live'), PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInContext(context, server.baseUrl, tokens);
    await page.goto('/menu');
    await page.getByTestId('header-username').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.realtime)).toBe('connected');
    expect(await page.getByTestId('realtime-notice').count()).toBe(0);
    await page.getByRole('button', { name: 'Выйти из аккаунта' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Выйти', exact: true }).click();
    await page.waitForURL('**/auth/login');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.realtime)).toBe('disconnected');
    await context.close();
  });
});

describe('realtime outage', () => {
  it('shows a quiet "reconnecting" notice while the server is away and hides it once back', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName('away'), PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInContext(context, server.baseUrl, tokens);
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.realtime)).toBe('connected');
    await server.pause();
    try {
      await expect
        .poll(
          () =>
            page
              .getByTestId('realtime-notice')
              .textContent()
              .catch(() => null),
          { timeout: 15_000 },
        )
        .toBe('Восстанавливаем связь…');
      await screenshot(page, 'reconnecting-phone');
    } finally {
      await server.resume();
    }
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.realtime), { timeout: 60_000 }).toBe('connected');
    expect(await page.getByTestId('realtime-notice').count()).toBe(0);
    await context.close();
    // A server restart on a busy machine takes a while; this test waits for it, not for speed.
  }, 180_000);
});

describe('main page and menu', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('main page looks right on a %s (screenshot)', async (name, viewport) => {
    const tokens = await registerByApi(server.baseUrl, uniqueName('Константинопольский'), PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl, viewport);
    await signInContext(context, server.baseUrl, tokens);
    await page.goto('/');
    await page.getByTestId('header-username').waitFor();
    expect(await page.getByTestId('header-username').textContent()).toBe('Констант…');
    expect(await page.getByTestId('avatar-placeholder').count()).toBe(1);
    await waitForAnimations(page);
    await screenshot(page, `main-${name}`);
    await page.goto('/menu');
    await page.getByTestId('language-select').waitFor();
    await screenshot(page, `menu-${name}`);
    expectScreenshots(`main-${name}`, `menu-${name}`);
    await context.close();
  });

  it('switches the language, and the choice survives a reload', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName(), PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInContext(context, server.baseUrl, tokens);
    await page.goto('/menu');
    await page.getByTestId('language-select').selectOption('en');
    await page.getByRole('link', { name: 'Home' }).waitFor();
    expect(await cookieValue(context, 'i18next')).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Menu' }).waitFor();
    await page.getByText('Sound volume').waitFor();
    await context.close();
  });

  it('keeps the sound volume and vibration settings, and logs out', async () => {
    const tokens = await registerByApi(server.baseUrl, uniqueName(), PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInContext(context, server.baseUrl, tokens);
    await page.goto('/');
    await page.getByRole('link', { name: 'Меню' }).click();
    await page.waitForURL('**/menu');
    await page.getByTestId('volume').fill('0.4');
    const vibration = page.getByTestId('vibration-switch');
    expect(await vibration.getAttribute('aria-checked')).toBe('true');
    await vibration.click();
    expect(await vibration.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await page.getByTestId('volume').waitFor();
    expect(await page.getByTestId('volume').inputValue()).toBe('0.4');
    expect(await page.getByTestId('vibration-switch').getAttribute('aria-checked')).toBe('false');
    await page.getByRole('button', { name: 'Выйти из аккаунта' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Выйти из аккаунта' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Выйти', exact: true }).click();
    await page.waitForURL('**/auth/login');
    expect(await cookieValue(context, 'accessToken')).toBeUndefined();
    expect(await cookieValue(context, 'refreshToken')).toBeUndefined();
    // The revoked refresh token no longer works.
    const res = await fetch(`${server.baseUrl}/api/user/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: tokens.refresh_token }),
    });
    expect(res.status).toBe(401);
    await context.close();
  });
});
