import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classicRoom } from '../apps/server/src/test-support/rooms';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { waitForTableChange } from './support/table';

// FEATURES.md §10, "the first taps": what a new player meets, checked in a real browser.
let server: RunningServer;
let browser: Browser;
const ADMIN = { username: 'e2efirst', password: 'e2e-first-password' };
const PASSWORD = 'correct-horse-1';

beforeAll(async () => {
  server = await startServer({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    TOURNAMENT_BREAK_SECONDS: '2',
    TIMER_SWEEP_MS: '100',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const player = () => registerByApi(server.baseUrl, uniqueName('ft'), PASSWORD);

async function openAs(tokens: Tokens, viewport: { width: number; height: number }) {
  const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
  await signInContext(context, server.baseUrl, tokens);
  return { page, errors, close: () => context.close() };
}

/** What makes a dialog look designed rather than browser-default, read from the live page. */
function dialogLook(page: Page, dialog: string) {
  return page.evaluate((testId) => {
    const form = document.querySelector(`[data-testid="${testId}"]`)!;
    const css = (el: Element | null) => (el ? getComputedStyle(el) : null);
    const chipOn = css(form.querySelector('.chip-on'));
    const chip = css(form.querySelector('.chip:not(.chip-on)'));
    const toggle = css(form.querySelector('.switch'));
    const submit = form.querySelector('button[type="submit"]')!.getBoundingClientRect();
    return {
      chipOn: chipOn && [chipOn.backgroundColor, chipOn.borderColor, chipOn.minHeight],
      chip: chip && [chip.backgroundColor, chip.borderRadius],
      toggle: toggle && [toggle.width, toggle.height, toggle.appearance],
      stack: css(form)!.display,
      submitOnScreen: submit.bottom <= innerHeight && submit.top >= 0,
    };
  }, dialog);
}

describe('the home page’s two big buttons open dialogs styled as in the lobby', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    '%s: practice and create-room look the same from home as from /games, the submit button on screen',
    async (name, viewport) => {
      const { page, errors, close } = await openAs(await player(), viewport);
      await page.goto('/');
      await page.getByTestId('open-practice').click();
      await page.getByTestId('practice-dialog').waitFor();
      const practiceHome = await dialogLook(page, 'practice-dialog');
      await screenshot(page, `first-taps-practice-home-${name}`);
      // Quick play with no room waiting opens the create dialog.
      await page.keyboard.press('Escape');
      await page.getByTestId('quick-play').click();
      await page.getByTestId('create-submit').waitFor();
      const createHome = await dialogLook(page, 'create-room-dialog');
      await screenshot(page, `first-taps-create-home-${name}`);

      await page.goto('/games');
      await page.getByTestId('open-practice').click();
      await page.getByTestId('practice-dialog').waitFor();
      const practiceLobby = await dialogLook(page, 'practice-dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('open-create').click();
      await page.getByTestId('create-submit').waitFor();
      const createLobby = await dialogLook(page, 'create-room-dialog');

      expect(practiceHome).toEqual(practiceLobby);
      expect(createHome).toEqual(createLobby);
      // Designed, not default: a chosen option is gold-tinted, the switches are drawn, not checkboxes.
      expect(practiceHome.chipOn![0]).not.toBe(practiceHome.chip![0]);
      expect(practiceHome.toggle).toEqual(['50px', '30px', 'none']);
      expect(practiceHome.stack).toBe('grid');
      expect(practiceHome.submitOnScreen).toBe(true);
      expect(createHome.submitOnScreen).toBe(true);
      expect(errors).toEqual([]);
      await close();
    },
  );
});

describe('an uploaded avatar', () => {
  it('shows at once in the menu and the header, and again after a reload', async () => {
    const { page, errors, close } = await openAs(await player(), PHONE);
    await page.goto('/menu');
    await page.locator('[data-testid="profile"] [data-testid="avatar-placeholder"]').waitFor();
    const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 200, g: 40, b: 60 } } })
      .png()
      .toBuffer();
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const img = page.locator('[data-testid="profile"] img.avatar');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/uploads\//);
    // The image really loads from our own origin (not a broken picture).
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await page.reload();
    await page.locator('[data-testid="profile"] img.avatar').waitFor();
    await page.goto('/');
    await expect.poll(() => page.locator('img.avatar').count()).toBeGreaterThan(0);
    await screenshot(page, 'first-taps-avatar-home-phone');
    expect(errors).toEqual([]);
    await close();
  });
});

/**
 * Whether the bubble is what the page paints on top at its own centre (hit-testing ignores
 * pointer-events: none, so it is switched on for the probe).
 */
function emojiOnTop(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const bubble = document.querySelector<HTMLElement>(sel);
    if (!bubble) return 'no bubble';
    bubble.style.pointerEvents = 'auto';
    const box = bubble.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    bubble.style.pointerEvents = '';
    return hit && bubble.contains(hit) ? 'on top' : `under ${hit?.className || hit?.tagName}`;
  }, selector);
}

describe('thrown emoji', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('%s: land on top of everything at their seat, the own one over the own avatar, during a game', async (name, viewport) => {
    const [hostTokens, guestTokens] = [await player(), await player()];
    const room = await call<{ id: number }>(hostTokens.access_token, 'POST', '/v1/rooms/', classicRoom);
    await call(guestTokens.access_token, 'POST', `/v1/rooms/${room.id}/seat`, {});
    for (const t of [hostTokens, guestTokens]) await call(t.access_token, 'POST', `/v1/rooms/${room.id}/ready`);
    const host = await openAs(hostTokens, viewport);
    const guest = await openAs(guestTokens, viewport);
    await guest.page.goto(`/durak/${room.id}`);
    await host.page.goto(`/durak/${room.id}`);
    await host.page.locator('.talon').waitFor();
    await guest.page.locator('.talon').waitFor();
    await host.page.locator('.felt [data-testid="seat"] .seat-avatar').click();
    await host.page.getByRole('dialog', { name: 'Выберите эмодзи' }).getByRole('button', { name: 'Помидор' }).click();
    // The guest sees it land on their own seat; the host sees it at the guest's seat.
    await guest.page.locator('.me-bar .seat-emoji').waitFor({ timeout: 10_000 });
    await host.page.locator('.felt .seat-emoji').waitFor({ timeout: 10_000 });
    // The pictures hold the bubble at its full size (its pop animation starts transparent).
    const hold = (p: Page) =>
      p.evaluate(() =>
        document.querySelectorAll('.seat-emoji').forEach((el) =>
          el.getAnimations().forEach((a) => {
            a.pause();
            a.currentTime = 800;
          }),
        ),
      );
    await Promise.all([hold(guest.page), hold(host.page)]);
    await screenshot(guest.page, `first-taps-emoji-own-${name}`);
    await screenshot(host.page, `first-taps-emoji-seat-${name}`);
    expect(await emojiOnTop(guest.page, '.me-bar .seat-emoji')).toBe('on top');
    expect(await emojiOnTop(host.page, '.felt .seat-emoji')).toBe('on top');
    // A picture of our own origin that loaded, named for screen readers, and drawn in colour (the
    // tomato's red outweighs its blue; a system font without colour emoji draws grey or a box).
    const loaded = (p: Page, sel: string) =>
      p
        .locator(sel)
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.src).origin === location.origin);
    expect(await loaded(guest.page, '.me-bar .seat-emoji img')).toBe(true);
    expect(await loaded(host.page, '.felt .seat-emoji img')).toBe(true);
    expect(await host.page.locator('.felt .seat-emoji img').getAttribute('alt')).toBe('Помидор');
    const { channels } = await sharp(await host.page.locator('.felt .seat-emoji img').screenshot()).stats();
    expect(channels[0]!.mean - channels[2]!.mean).toBeGreaterThan(40);
    // The own bubble sits over the own avatar, not off towards the bet pill.
    const [bubble, avatar] = await Promise.all([
      guest.page.locator('.me-bar .seat-emoji').boundingBox(),
      guest.page.locator('.me-bar .seat-avatar').boundingBox(),
    ]);
    expect(Math.abs(bubble!.x + bubble!.width / 2 - (avatar!.x + avatar!.width / 2))).toBeLessThan(avatar!.width / 2);
    expect(bubble!.height).toBeGreaterThanOrEqual(32);
    expect(host.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    await host.close();
    await guest.close();
  });
});

describe('the desktop table', () => {
  it.each([
    ['1280', { width: 1280, height: 800 }],
    ['1920', { width: 1920, height: 1080 }],
  ] as const)(
    '%s: the top seat stays below the top bar, the talon sits on the felt, felt and hand use the width',
    async (name, viewport) => {
      const [hostTokens, guestTokens] = [await player(), await player()];
      const room = await call<{ id: number }>(hostTokens.access_token, 'POST', '/v1/rooms/', classicRoom);
      await call(guestTokens.access_token, 'POST', `/v1/rooms/${room.id}/seat`, {});
      for (const t of [hostTokens, guestTokens]) await call(t.access_token, 'POST', `/v1/rooms/${room.id}/ready`);
      const { page, errors, close } = await openAs(hostTokens, viewport);
      await page.goto(`/durak/${room.id}`);
      await page.locator('.talon').waitFor();
      const [bar, seat, oval, talon] = await Promise.all(
        ['.table-top .table-info', '.felt [data-testid="seat"] .seat-avatar', '.felt-oval', '.talon-stack'].map((sel) =>
          page.locator(sel).boundingBox(),
        ),
      );
      expect(seat!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
      const centre = { x: talon!.x + talon!.width / 2, y: talon!.y + talon!.height / 2 };
      expect(centre.x).toBeGreaterThan(oval!.x);
      expect(centre.y).toBeLessThan(oval!.y + oval!.height);
      // The whole talon (its stack of backs) is inside the oval, not over its rim.
      expect(talon!.x).toBeGreaterThanOrEqual(oval!.x);
      expect(talon!.y + talon!.height).toBeLessThanOrEqual(oval!.y + oval!.height);
      // FEATURES.md §10: the felt and the hand take most of the window's width, not a fixed column.
      const hand = await page.locator('[data-testid="hand"]').boundingBox();
      expect(oval!.width).toBeGreaterThan(viewport.width * 0.8);
      expect(hand!.width).toBeGreaterThan(viewport.width * (viewport.width >= 1920 ? 0.75 : 0.8));
      // Nothing overlaps the top bar: every seat on the felt, the oval and the hand's cards start below it.
      const below = bar!.y + bar!.height;
      const tops = await page
        .locator('.felt [data-testid="seat"], [data-testid="hand"] .hand-card')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
      expect(tops.length).toBeGreaterThan(1);
      expect(Math.min(...tops, oval!.y)).toBeGreaterThanOrEqual(below);
      // The hand's cards stay inside the window, and they grew with it (at least 140 px wide at 1080 px high).
      const cards = await page
        .locator('[data-testid="hand"] .hand-card')
        .evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, bottom: r.bottom, width: r.width })),
        );
      for (const card of cards)
        expect([card.left >= 0, card.right <= viewport.width, card.bottom <= viewport.height + 40]).toEqual([true, true, true]);
      if (viewport.height >= 1080) expect(Math.max(...cards.map((c) => c.width))).toBeGreaterThanOrEqual(140);
      await screenshot(page, `first-taps-table-${name}`);
      expect(errors).toEqual([]);
      await close();
    },
  );
});

describe('store tiles', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('%s: every tile keeps its preview and buttons inside its border; the free default says free', async (name, viewport) => {
    const { page, errors, close } = await openAs(await player(), viewport);
    await page.goto('/store');
    await page.locator('.store-item').first().waitFor();
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('.store-item')].flatMap((tile) => {
        const box = tile.getBoundingClientRect();
        return [...tile.querySelectorAll('.store-preview, .btn, .price-tag, .store-item-name')]
          .map((el) => ({ el, inner: el.getBoundingClientRect() }))
          .filter(({ inner }) => inner.left < box.left - 0.5 || inner.right > box.right + 0.5 || inner.bottom > box.bottom + 0.5)
          .map(({ el, inner }) => `${tile.getAttribute('data-testid')} ${el.className}: ${Math.round(inner.right - box.right)}px`);
      }),
    );
    expect(outside).toEqual([]);
    const active = page.locator('.store-item[data-state="active"]').first();
    expect(await active.textContent()).toContain('Бесплатно');
    expect(await page.locator('.store-item').allTextContents()).not.toContainEqual(
      expect.stringMatching(/Бесплатно.*Куплено|Куплено.*Бесплатно/),
    );
    await screenshot(page, `first-taps-store-${name}`);
    expect(errors).toEqual([]);
    await close();
  });
});

interface Watch {
  status: string;
  seq: number;
  timers: { timer_response: { player_id: string } }[];
  round: { slots: unknown[] };
  turn: { current_attacker_user_id: string; current_defender_user_id: string } | null;
}

/**
 * Both people play the plainest game through the API (lead a card, take, say beat) until it ends;
 * `tables` are pages showing that table, whose next change is waited for when nobody is due.
 */
async function playOut(roomId: number, players: { token: string; id: string }[], tables: readonly Page[]): Promise<void> {
  const room = `/v1/rooms/${roomId}`;
  for (let step = 0; step < 2000; step++) {
    const watch = await call<Watch>(players[0]!.token, 'GET', `${room}/watch`);
    if (watch.status === 'FINISHED') return;
    const due = players.find((p) => watch.timers.some((t) => String(t.timer_response.player_id) === p.id));
    if (!due || !watch.turn) {
      // Between two steps (a catch window, a deal): the table's next change says when to look again.
      await waitForTableChange(
        tables,
        tables.map(() => String(watch.seq)),
      );
      continue;
    }
    const post = (path: string, body: unknown) =>
      fetch(`${server.baseUrl}/api${room}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${due.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.arrayBuffer());
    if (watch.round.slots.length === 0 && watch.turn.current_attacker_user_id === due.id) {
      const hand = await call<{ items: unknown[] }>(due.token, 'GET', `${room}/cards`);
      await post('attack', { cards: [hand.items[0]], seq: watch.seq });
    } else if (watch.turn.current_defender_user_id === due.id) await post('take', { seq: watch.seq });
    else await post('beat', { seq: watch.seq });
  }
  throw new Error('the tournament game did not end');
}

describe('a tournament round', () => {
  it(
    'takes a player with home open to their table after the 5 s toast, and one who had no page open on their next load; the results speak of the tournament',
    { timeout: 240_000 },
    async () => {
      const login = await fetch(`${server.baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const admin = ((await login.json()) as Tokens).access_token;
      const [a, b] = [await player(), await player()];
      const ids = await Promise.all(
        [a, b].map(async (t) => String((await call<{ id: number }>(t.access_token, 'GET', '/user/users/me')).id)),
      );
      const lead = 15;
      const created = await call<{ id: number }>(admin, 'POST', '/v1/tournament/', {
        name: 'First taps cup',
        buy_in: '100',
        balance_type: 'BONUS_BALANCE',
        starts_at: new Date(Date.now() + lead * 1000).toISOString(),
        min_players: 2,
        max_players: 2,
        room_size: 2,
        deck_size: 36,
        payout_preset_id: 1,
      });
      for (const t of [a, b]) await call(t.access_token, 'POST', '/v1/tournament/registration', { tournament_id: created.id });

      const home = await openAs(a, PHONE);
      await home.page.goto('/');
      await expect.poll(() => home.page.evaluate(() => document.documentElement.dataset.realtime)).toBe('connected');
      const toast = home.page.getByTestId('seat-toast');
      await toast.waitFor({ timeout: (lead + 30) * 1000 });
      const text = await home.page.getByTestId('seat-toast-text').textContent();
      const roomId = Number(/стол (\d+)/.exec(text ?? '')?.[1]);
      expect(text).toMatch(/Раунд 1: стол \d+\. Переход через [1-5] с\./);
      await screenshot(home.page, 'first-taps-seat-toast-phone');
      // Nobody taps: the countdown takes the player there.
      await home.page.waitForURL(`**/durak/${roomId}`, { timeout: 15_000 });
      await home.page.getByTestId('table-page').waitFor();
      expect(await home.page.getByTestId('table-bet').count()).toBe(0);
      expect(await home.page.getByTestId('table-tournament').textContent()).toBe('Турнир');

      // The other had no page open when the round began: their next load offers the same.
      const late = await openAs(b, DESKTOP);
      await late.page.goto('/');
      await late.page.getByTestId('seat-toast').waitFor();
      await screenshot(late.page, 'first-taps-seat-toast-desktop');
      await late.page.getByTestId('seat-toast-go').click();
      await late.page.waitForURL(`**/durak/${roomId}`);

      await playOut(
        roomId,
        [
          { token: a.access_token, id: ids[0]! },
          { token: b.access_token, id: ids[1]! },
        ],
        [home.page, late.page],
      );
      for (const [view, name] of [
        [home, 'phone'],
        [late, 'desktop'],
      ] as const) {
        const results = view.page.getByTestId('results-tournament');
        await results.waitFor({ timeout: 15_000 });
        await expect
          .poll(() => view.page.getByTestId('results-tournament-place').textContent())
          .toMatch(/Вы выиграли турнир!|Ваше место в турнире: 2/);
        expect(await view.page.getByTestId('results-rematch').count()).toBe(0);
        expect(await view.page.getByTestId('result-amount').count()).toBe(0);
        expect(await view.page.getByTestId('results-tournament-back').getAttribute('href')).toBe(`/tournament/${created.id}`);
        await screenshot(view.page, `first-taps-tournament-results-${name}`);
      }
      const places = await Promise.all([home, late].map((v) => v.page.getByTestId('results-tournament-place').textContent()));
      expect(places.sort()).toEqual(['Ваше место в турнире: 2', 'Вы выиграли турнир!']);
      expect(home.errors).toEqual([]);
      expect(late.errors).toEqual([]);
      await home.close();
      await late.close();
    },
  );
});

describe('pictures', () => {
  it('took every one', () => {
    expectScreenshots(
      'first-taps-practice-home-phone',
      'first-taps-practice-home-desktop',
      'first-taps-create-home-phone',
      'first-taps-create-home-desktop',
      'first-taps-emoji-own-phone',
      'first-taps-emoji-seat-desktop',
      'first-taps-store-phone',
      'first-taps-table-1280',
      'first-taps-table-1920',
      'first-taps-store-desktop',
      'first-taps-seat-toast-phone',
      'first-taps-tournament-results-phone',
      'first-taps-tournament-results-desktop',
    );
  });
});
