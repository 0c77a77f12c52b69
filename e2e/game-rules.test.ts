import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot, waitForAnimations } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { move, tableSeqs, waitForTableChange } from './support/table';

// FEATURES.md §16 through the browser: a 52-card game and a two-against-two game, created in the
// create dialog, joined from the lobby and played to the end only by tapping what the UI offers.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Player {
  page: Page;
  tokens: Tokens;
  errors: string[];
  close(): Promise<void>;
}

async function player(viewport: { width: number; height: number } = PHONE): Promise<Player> {
  const tokens = await registerByApi(server.baseUrl, uniqueName('ru'), 'correct-horse-1');
  const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
  await signInContext(context, server.baseUrl, tokens);
  return { page, tokens, errors, close: () => context.close() };
}

async function api<T>(tokens: Tokens, path: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  return (await res.json()) as T;
}

/** The host creates the room with `choose` in the dialog; the others join from the lobby (checked with `inLobby`); all ready. */
async function seatWith(players: Player[], choose: (page: Page) => Promise<void>, inLobby: (card: string) => void): Promise<string> {
  const [host, ...guests] = players;
  await host!.page.goto('/games');
  await host!.page.getByTestId('open-create').click();
  await choose(host!.page);
  await screenshot(host!.page, `rules-create-${players.length}`);
  await host!.page.getByTestId('create-submit').click();
  await host!.page.waitForURL(/\/durak\/\d+$/);
  const roomId = host!.page.url().split('/').pop()!;
  for (const guest of guests) {
    await guest.page.goto('/games');
    const card = guest.page.locator(`[data-testid="room-card"][data-room-id="${roomId}"]`);
    inLobby((await card.textContent()) ?? '');
    await card.click();
    await guest.page.waitForURL(`**/durak/${roomId}`);
  }
  for (const p of players) await p.page.getByTestId('action-ready').click();
  for (const p of players) await p.page.locator('[data-status="in_progress"]').waitFor();
  return roomId;
}

/** Taps until every page shows the results; `onRound` looks at the pages between rounds. */
async function playToTheEnd(pages: Page[], onRound: () => Promise<void> = async () => undefined): Promise<void> {
  let lastSeqs: (string | null)[] = [];
  let movedAt = Date.now();
  for (let round = 0; Date.now() - movedAt < 150_000 && round < 6_000; round++) {
    const seqs = await tableSeqs(pages);
    if (seqs.some((seq, i) => seq !== lastSeqs[i])) movedAt = Date.now();
    lastSeqs = seqs;
    const moves = await Promise.all(pages.map((p) => move(p)));
    if (moves.every((m) => m === 'done')) return;
    await onRound();
    await waitForTableChange(pages, seqs, moves);
  }
  await Promise.all(pages.map((page, i) => screenshot(page, `rules-did-not-end-${i}`).catch(() => undefined)));
  throw new Error('the game did not end');
}

interface Watch {
  room: { deck_size: number; is_team_mode?: boolean };
  seats: Record<string, { position: number; result: string | null }>;
}

describe('the new rules through the browser (FEATURES.md §16)', () => {
  it('52 cards: a phone and a desktop play a 52-card game to the end, twos to fives in their hands', { timeout: 600_000 }, async () => {
    const players = [await player(PHONE), await player(DESKTOP)];
    const roomId = await seatWith(
      players,
      async (page) => page.getByTestId('create-deck').getByRole('radio', { name: '52' }).click(),
      (card) => expect(card).toContain('52'),
    );
    const low =
      '[data-testid="hand-card"][data-card^="2"], [data-testid="hand-card"][data-card^="3"], [data-testid="hand-card"][data-card^="4"], [data-testid="hand-card"][data-card^="5"]';
    let lowSeen = false;
    let isShot = false;
    await playToTheEnd(
      players.map((p) => p.page),
      async () => {
        if (lowSeen) return;
        for (const p of players) {
          if ((await p.page.locator(low).count()) === 0) continue;
          lowSeen = true;
          if (!isShot) {
            await screenshot(p.page, p === players[0] ? 'rules-52-table-phone' : 'rules-52-table-desktop');
            isShot = true;
          }
        }
      },
    );
    expect(lowSeen, 'no 2, 3, 4 or 5 ever showed in a hand').toBe(true);
    const watch = await api<Watch>(players[0]!.tokens, `/v1/rooms/${roomId}/watch`);
    expect(watch.room.deck_size).toBe(52);
    for (const p of players) await p.page.getByTestId('results').waitFor();
    await waitForAnimations(players[0]!.page);
    await screenshot(players[0]!.page, 'rules-52-results-phone');
    // The deal re-dealt from the revealed seed matches the hash published before it, on 52 cards.
    const first = players[0]!.page;
    await first.locator('.fair summary').click();
    await first.getByTestId('check-deal').click();
    expect(await first.getByTestId('fair-result').textContent()).toContain('Хеш совпал');
    for (const p of players) expect(p.errors).toEqual([]);
    for (const p of players) await p.close();
  });

  it('two against two: four players, partners opposite, one team wins and the results say so', { timeout: 900_000 }, async () => {
    const players = [await player(), await player(), await player(), await player(DESKTOP)];
    const roomId = await seatWith(
      players,
      async (page) => {
        await page.getByTestId('create-deck').getByRole('radio', { name: '24' }).click();
        await page.getByTestId('create-is_team_mode').getByRole('switch').click();
      },
      (card) => expect(card).toContain('Двое на двое'),
    );
    await playToTheEnd(players.map((p) => p.page));
    const watch = await api<Watch>(players[0]!.tokens, `/v1/rooms/${roomId}/watch`);
    expect(watch.room.is_team_mode).toBe(true);
    const byPosition = Object.values(watch.seats)
      .sort((a, b) => a.position - b.position)
      .map((s) => s.result);
    // Partners sit opposite (seats 1+3 and 2+4): one result per team, and the teams' differ.
    expect(byPosition[0]).toBe(byPosition[2]);
    expect(byPosition[1]).toBe(byPosition[3]);
    if (byPosition[0] !== 'draw') expect(byPosition[0]).not.toBe(byPosition[1]);
    for (const p of players) {
      await p.page.getByTestId('results').waitFor();
      await expect.poll(() => p.page.getByTestId('result-team').count()).toBe(4);
      expect(await p.page.getByTestId('team-outcome').textContent()).toMatch(/^Ваша команда (победила|проиграла)|^Ничья/);
    }
    await waitForAnimations(players[0]!.page);
    await screenshot(players[0]!.page, 'rules-team-results-phone');
    await waitForAnimations(players[3]!.page);
    await screenshot(players[3]!.page, 'rules-team-results-desktop');
    for (const p of players) expect(p.errors).toEqual([]);
    for (const p of players) await p.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    '%s: the lobby shows and filters the new rooms; a practice table of two against two marks the partner',
    async (name, viewport) => {
      const host = await player(viewport);
      const guest = await player(viewport);
      const created = await fetch(`${server.baseUrl}/api/v1/rooms/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${host.tokens.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bet_amount: 100, player_count: 4, deck_size: 52, is_team_mode: true }),
      });
      expect(created.status).toBe(201);
      const roomId = ((await created.json()) as { id: number }).id;
      const page = guest.page;
      await page.goto('/games');
      const card = page.locator(`[data-testid="room-card"][data-room-id="${roomId}"]`);
      expect(await card.textContent()).toContain('Двое на двое');
      await screenshot(page, `rules-lobby-${name}`);
      await page.getByTestId('open-filter').click();
      await page.getByTestId('filter-is_team_mode').getByRole('radio', { name: 'Нет' }).click();
      await screenshot(page, `rules-filter-${name}`);
      await page.getByTestId('filter-apply').click();
      await expect.poll(() => card.count()).toBe(0);
      await page.getByTestId('open-filter').click();
      await page.getByTestId('filter-reset').click();
      await page.getByTestId('filter-apply').click();
      await expect.poll(() => card.count()).toBe(1);

      // Against the computer: the person and a bot partner opposite, against two bots.
      await page.goto('/');
      await page.getByTestId('open-practice').click();
      await page.getByTestId('practice-is_team_mode').getByRole('switch').click();
      await page.getByTestId('practice-submit').click();
      await page.waitForURL(/\/durak\/\d+$/);
      await expect.poll(() => page.getByTestId('seat-bot').count()).toBe(3);
      await expect.poll(() => page.getByTestId('seat-partner').count()).toBe(1);
      const partner = page.locator('[data-testid="seat"]:has([data-testid="seat-partner"])');
      expect(await partner.getAttribute('data-position')).toBe('2');
      await waitForAnimations(page);
      await screenshot(page, `rules-practice-team-${name}`);
      for (const p of [host, guest]) expect(p.errors).toEqual([]);
      for (const p of [host, guest]) await p.close();
    },
  );

  it('took every picture', () => {
    expectScreenshots(
      'rules-create-2',
      'rules-create-4',
      'rules-52-results-phone',
      'rules-team-results-phone',
      'rules-team-results-desktop',
      'rules-lobby-phone',
      'rules-filter-phone',
      'rules-practice-team-phone',
      'rules-lobby-desktop',
      'rules-filter-desktop',
      'rules-practice-team-desktop',
    );
  });
});
