import { describe, expect, it } from 'vitest';
import { adminServer } from './support/admin-server';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, newPage, screenshot } from './support/browser';

const ADMIN = { username: 'e2earena', password: 'e2e-arena-password' };
// Seconds between now and the start: long enough for a busy machine to open the page.
const LEAD_SECONDS = 15;

// An arena minute of 12 s: the shortest arena (10 minutes) runs two minutes; the server's own
// sweeper starts it and pairs its players.
const node = adminServer(ADMIN, { ARENA_MINUTE_SECONDS: '12', TIMER_SWEEP_MS: '100' });
const call = node.call;

describe('an arena through its page', () => {
  it('shows the clock, the board moving live as games end, and pause / join', async () => {
    const admin = (await node.signInAdmin()).access_token;
    const me = await registerByApi(node.baseUrl, uniqueName('ap'), 'correct-horse-1');
    const others = await Promise.all([1, 2, 3].map(() => registerByApi(node.baseUrl, uniqueName('ao'), 'correct-horse-1')));
    const created = await call<{ id: number }>(admin, 'POST', '/v1/tournament/', {
      name: 'E2E arena',
      format: 'arena',
      duration_minutes: 10,
      table_size: 2,
      buy_in: '100',
      balance_type: 'BONUS_BALANCE',
      starts_at: new Date(Date.now() + LEAD_SECONDS * 1000).toISOString(),
      min_players: 2,
      max_players: 50,
      deck_size: 36,
      payout_preset_id: 1,
    });
    for (const player of [me, ...others])
      await call(player.access_token, 'POST', '/v1/tournament/registration', { tournament_id: created.id });

    const { context, page, errors } = await newPage(node.browser, node.baseUrl, PHONE);
    await signInContext(context, node.baseUrl, me);
    await page.goto(`/tournament/${created.id}`);
    await page.getByTestId('arena-clock').waitFor();
    await expect.poll(() => page.getByTestId('tournament-realtime').getAttribute('data-state')).toBe('connected');
    await expect.poll(() => page.getByTestId('arena-row').count()).toBe(4);
    await screenshot(page, 'arena-registration-phone');

    // No reload from here on: the start, the pairing and every finished game arrive over the channel.
    await expect
      .poll(() => page.getByTestId('tournament-status').getAttribute('data-status'), { timeout: (LEAD_SECONDS + 20) * 1000 })
      .toBe('running');
    // The seat toast offers the table (FEATURES.md §10); this player stays to watch the board.
    await page.getByTestId('seat-toast-stay').click();
    const seated = await Promise.all(
      others.map((o) => call<{ seat: { room_id: number } | null }>(o.access_token, 'GET', '/v1/tournament/seat')),
    );
    // Two of the others share a table (the fourth player, me, sits with the third): one gives up.
    const byRoom = new Map<number, Tokens[]>();
    seated.forEach((s, i) => s.seat && byRoom.set(s.seat.room_id, [...(byRoom.get(s.seat.room_id) ?? []), others[i]!]));
    const [roomId, pair] = [...byRoom].find(([, players]) => players.length === 2)!;
    await call(pair[1]!.access_token, 'POST', `/v1/rooms/${roomId}/surrender`, {});
    const winner = await call<{ id: number }>(pair[0]!.access_token, 'GET', '/user/users/me');
    await expect.poll(() => page.locator(`[data-testid="arena-row"][data-user="${winner.id}"]`).getAttribute('data-points')).toBe('2');
    expect(await page.getByTestId('arena-row').first().getAttribute('data-user')).toBe(String(winner.id));
    await screenshot(page, 'arena-running-phone');

    await page.getByTestId('arena-pause').click();
    await page.getByTestId('arena-join').waitFor();
    expect(await page.getByTestId('tournament-my-state').textContent()).toContain('Пауза');
    await page.getByTestId('arena-join').click();
    await page.getByTestId('arena-pause').waitFor();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'arena-running-desktop');
    expect(errors).toEqual([]);
    await context.close();

    // The admin's form creates arenas: the format swaps room size and rebuys for length and table size.
    const adminPage = await newPage(node.browser, node.baseUrl, PHONE);
    await signInContext(adminPage.context, node.baseUrl, await node.signInAdmin());
    await adminPage.page.goto('/admin/tournaments');
    // The list tells arenas from knockouts.
    await expect.poll(() => adminPage.page.getByTestId('arena-tag').count()).toBeGreaterThan(0);
    await adminPage.page.getByTestId('admin-open-create').click();
    await adminPage.page.getByTestId('form-format').selectOption('arena');
    await adminPage.page.getByTestId('form-duration_minutes').waitFor();
    expect(await adminPage.page.getByTestId('form-room_size').count()).toBe(0);
    // Below the sticky admin menu: the format and the arena's two fields in view.
    await adminPage.page.getByTestId('form-format').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(adminPage.page, 'arena-admin-form-phone');
    await adminPage.page.setViewportSize(DESKTOP);
    await screenshot(adminPage.page, 'arena-admin-form-desktop');
    expect(adminPage.errors).toEqual([]);
    await adminPage.context.close();
    expectScreenshots(
      'arena-registration-phone',
      'arena-running-phone',
      'arena-running-desktop',
      'arena-admin-form-phone',
      'arena-admin-form-desktop',
    );
  });
});
