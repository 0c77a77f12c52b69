import { describe, expect, it } from 'vitest';
import { adminServer } from './support/admin-server';
import { registerByApi, signInContext, uniqueName } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, newPage, screenshot } from './support/browser';

const ADMIN = { username: 'e2eboss', password: 'e2e-boss-password' };
// Seconds between now and the start: long enough for a busy machine to open the page and register.
const LEAD_SECONDS = 20;

// The server's own sweeper starts the tournament at starts_at (TIMER_SWEEP_MS keeps it prompt).
const node = adminServer(ADMIN, { TOURNAMENT_BREAK_SECONDS: '2', TIMER_SWEEP_MS: '100' });
const call = node.call;

describe('a tournament through its page', () => {
  it('registers a player on the page (confirmed, naming the buy-in) and shows round 1 begin with a link into the game', async () => {
    const admin = (await node.signInAdmin()).access_token;
    const me = await registerByApi(node.baseUrl, uniqueName('tp'), 'correct-horse-1');
    const others = await Promise.all([1, 2].map(() => registerByApi(node.baseUrl, uniqueName('to'), 'correct-horse-1')));
    const created = await call<{ id: number }>(admin, 'POST', '/v1/tournament/', {
      name: 'E2E knockout',
      buy_in: '100',
      balance_type: 'BONUS_BALANCE',
      starts_at: new Date(Date.now() + LEAD_SECONDS * 1000).toISOString(),
      min_players: 2,
      max_players: 8,
      room_size: 4,
      deck_size: 36,
      payout_preset_id: 1,
    });
    for (const other of others) await call(other.access_token, 'POST', '/v1/tournament/registration', { tournament_id: created.id });

    const { context, page, errors } = await newPage(node.browser, node.baseUrl, PHONE);
    await signInContext(context, node.baseUrl, me);
    await page.goto(`/tournament/${created.id}`);
    await page.getByTestId('tournament-register').waitFor();
    // SPEC §3: the tournament's realtime status starts disconnected and turns live once subscribed.
    await expect.poll(() => page.getByTestId('tournament-realtime').getAttribute('data-state')).toBe('connected');
    expect(await page.getByTestId('tournament-players-count').textContent()).toContain('2');
    await page.getByTestId('tournament-register').click();
    expect(await page.getByTestId('confirm-text').textContent()).toContain('100');
    await screenshot(page, 'tournament-confirm-phone');
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('tournament-withdraw').waitFor();
    await expect.poll(() => page.getByTestId('tournament-players-count').textContent()).toContain('3');
    await expect.poll(() => page.locator(`[data-testid="tournament-player"]`).count()).toBe(3);
    await screenshot(page, 'tournament-registration-phone');

    // No reload from here on: the start arrives over the tournament channel and the player's own.
    await expect
      .poll(() => page.getByTestId('tournament-status').getAttribute('data-status'), { timeout: (LEAD_SECONDS + 20) * 1000 })
      .toBe('running');
    await expect.poll(() => page.getByTestId('tournament-round').textContent()).toBe('1');
    // The seat toast offers the table with a countdown (FEATURES.md §10); this player stays to look around.
    await page.getByTestId('seat-toast-stay').click();
    const link = page.getByTestId('tournament-my-game');
    await link.waitFor({ timeout: 10_000 });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/durak\/\d+$/);
    await expect.poll(() => page.locator(`[data-testid="tournament-room"]`).count()).toBe(1);
    expect(await page.locator('[data-testid="tournament-room"]').getAttribute('data-room-id')).toBe(href!.split('/').pop());
    // The players list is read again after the start: everyone shows the round they reached.
    await expect.poll(() => page.getByTestId('tournament-player').first().textContent()).toContain('раунд 1');
    await screenshot(page, 'tournament-running-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'tournament-running-desktop');

    await link.click();
    await page.waitForURL(`**${href}`);
    expect(errors).toEqual([]);
    expectScreenshots(
      'tournament-confirm-phone',
      'tournament-registration-phone',
      'tournament-running-phone',
      'tournament-running-desktop',
    );
    await context.close();
  });
});
