import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot, waitForAnimations } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { hasSettledTableCards, move, seatEveryone, settleTableCards, tableSeqs, waitForTableChange } from './support/table';

// Whole games played only through the UI: each player taps a highlighted card or a shown button.
let server: RunningServer;
let browser: Browser;
const PASSWORD = 'correct-horse-1';
const COUNTRIES = ['RU', 'KZ', 'UA', 'AM', 'DE', 'UZ'];

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

async function register(name: string, country: string): Promise<Tokens> {
  const res = await fetch(`${server.baseUrl}/api/user/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: PASSWORD, country }),
  });
  if (res.status !== 201) return registerByApi(server.baseUrl, name, PASSWORD);
  return (await res.json()) as Tokens;
}

async function player(i: number, viewport: { width: number; height: number } = PHONE, hasTouch = false): Promise<Player> {
  const tokens = await register(uniqueName('pl'), COUNTRIES[i % COUNTRIES.length]!);
  const { context, page, errors } = await newPage(browser, server.baseUrl, viewport, hasTouch);
  await signInContext(context, server.baseUrl, tokens);
  return { page, tokens, errors, close: () => context.close() };
}

async function api<T>(tokens: Tokens, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json', ...init.headers },
  });
  return (await res.json()) as T;
}

async function playToTheEnd(pages: Page[], onRound?: (round: number) => Promise<void>): Promise<void> {
  // Bounded by the game's progress, not by a time budget: on a loaded machine every round is
  // slower, but a game that still moves is no bug. It fails once no table has changed for two and a
  // half minutes (a turn timer and the time bank, 60 s, would have moved it long before) or past
  // any game's length.
  let lastSeqs: (string | null)[] = [];
  let movedAt = Date.now();
  for (let round = 0; Date.now() - movedAt < 150_000 && round < 5_000; round++) {
    const seqs = await tableSeqs(pages);
    if (seqs.some((seq, i) => seq !== lastSeqs[i])) movedAt = Date.now();
    lastSeqs = seqs;
    const moves = await Promise.all(pages.map((p) => move(p)));
    if (moves.every((m) => m === 'done')) return;
    await onRound?.(round);
    await waitForTableChange(pages, seqs, moves);
  }
  // Say where each table stood, and keep its picture: a game that never ends is a bug to find.
  const where = await Promise.all(
    pages.map(async (page, i) => {
      await screenshot(page, `did-not-end-${i}`).catch(() => undefined);
      return page
        .evaluate(() => ({
          status: document.querySelector('[data-status]')?.getAttribute('data-status') ?? null,
          results: document.querySelector('[data-testid="results"]') !== null,
          buttons: [...document.querySelectorAll('[data-testid^="action-"]')].map(
            (b) => `${b.getAttribute('data-testid')}${(b as HTMLButtonElement).disabled ? '(disabled)' : ''}`,
          ),
          playable: document.querySelectorAll('.hand-card-playable').length,
          picked: document.querySelectorAll('.hand-card-picked').length,
          slots: document.querySelectorAll('.slot-target').length,
          failure: document.querySelector('[data-testid="action-failure"]')?.textContent ?? null,
          tableCards: document.querySelectorAll('[data-testid="table-card"]').length,
          realtime: document.querySelector('[data-testid="realtime-notice"]')?.textContent ?? 'connected',
        }))
        .catch((error: unknown) => String(error));
    }),
  );
  throw new Error(`the game did not end: ${JSON.stringify(where)}`);
}

interface Me {
  wallets: { wallet_type: string; balance: string }[];
}
const bonus = (me: Me) => Number(me.wallets.find((w) => w.wallet_type === 'BONUS_BALANCE')?.balance);

async function expectResults(players: Player[]): Promise<void> {
  let sum = 0;
  for (const p of players) {
    const mine = p.page.locator('.results-me [data-testid="result-amount"]');
    const amount = Number((await mine.textContent())!.replace(/[^\d−+-]/g, '').replace('−', '-'));
    sum += amount;
    // The balance follows the wallet push a moment after the result shows.
    const shownBalance = async () => Number((await p.page.getByTestId('results-balance').textContent())!.replace(/\D/g, ''));
    await expect.poll(shownBalance, { timeout: 10_000 }).toBe(10_000 + amount);
    expect(bonus(await api<Me>(p.tokens, '/user/users/me'))).toBe(10_000 + amount);
    expect(p.errors).toEqual([]);
  }
  // The durak's stake is shared by the winners less the house's rake.
  expect(sum).toBeLessThanOrEqual(0);
  expect(sum).toBeGreaterThan(-100);
}

describe('a whole game through the UI', () => {
  it(
    'two players (a phone and a desktop) create, join, ready, play to the end and see the results and their balances',
    { timeout: 400_000 },
    async () => {
      const players = [await player(0, PHONE), await player(1, DESKTOP)];
      await seatEveryone(players);
      let isTableShot = false;
      await playToTheEnd(
        players.map((p) => p.page),
        async (round) => {
          // Mid-game: a bout with an attack and its defence (or a throw-in) on the table, seen by both.
          if (isTableShot || round < 4) return;
          const pages = players.map((p) => p.page);
          if ((await pages[0]!.locator('[data-testid="table-card"]').count()) === 0) return;
          // Nobody moves while this runs, so a defence tapped this round (its card may not show
          // yet) lands; a bout just closed (beat, take) empties the table instead, and a later
          // round tries again.
          if (!(await settleTableCards(pages[0]!, 2, 1_500)) || !(await settleTableCards(pages[1]!, 2))) return;
          await screenshot(pages[0]!, 'table-2-players-phone');
          await screenshot(pages[1]!, 'table-2-players-desktop');
          // Still there after the pictures (a timer may have moved on meanwhile); else shoot again later.
          isTableShot = (await Promise.all(pages.map((page) => hasSettledTableCards(page, 2)))).every(Boolean);
        },
      );
      expect(isTableShot, 'the game never showed two landed cards on both screens between moves').toBe(true);
      expectScreenshots('table-2-players-phone', 'table-2-players-desktop');
      // The balances have settled once expectResults passes; the pictures show them.
      await expectResults(players);
      for (const p of players) await p.page.getByTestId('results').waitFor();
      for (const p of players) await waitForAnimations(p.page);
      await screenshot(players[0]!.page, 'results-phone');
      await screenshot(players[1]!.page, 'results-desktop');
      expectScreenshots('results-phone', 'results-desktop');
      // The deal can be checked against the hash published before it.
      const first = players[0]!.page;
      await first.locator('.fair summary').click();
      await first.getByTestId('check-deal').click();
      expect(await first.getByTestId('fair-result').textContent()).toContain('Хеш совпал');
      for (const p of players) await p.close();
    },
  );

  it(
    'four players play a whole game to the end, one of them clicking cards with a mouse on a touch-screen laptop',
    { timeout: 600_000 },
    async () => {
      const players = await Promise.all([0, 1, 2].map((i) => player(i)));
      // A touch-capable browser once swallowed a mouse click on a card: this player only clicks.
      const laptop = await player(3, DESKTOP, true);
      players.push(laptop);
      const roomId = await seatEveryone(players);
      await playToTheEnd(players.map((p) => p.page));
      await expectResults(players);
      // Cards the laptop player put down themselves (a timer's lead is a timeout, not an attack).
      const me = await api<{ id: number }>(laptop.tokens, '/user/users/me');
      const record = await api<{ actions: { action: { type: string; player?: string } }[] }>(laptop.tokens, `/v1/rooms/${roomId}/record`);
      const clicked = record.actions.filter(
        (a) => a.action.player === String(me.id) && (a.action.type === 'attack' || a.action.type === 'defence'),
      );
      expect(clicked.length).toBeGreaterThan(0);
      for (const p of players) await p.close();
    },
  );
});

describe('watching and reconnecting', () => {
  it(
    'a spectator never sees another player’s cards, and an offline player comes back to the same table',
    { timeout: 400_000 },
    async () => {
      const players = [await player(2), await player(3, DESKTOP)];
      const roomId = await seatEveryone(players);
      const watcher = await player(4);
      await watcher.page.goto(`/durak/${roomId}`);
      await watcher.page.getByTestId('spectator-note').waitFor();
      // One snapshot of the spectator's page: every face it shows outside the table and the trump
      // (reading the table's faces and the page's faces apart raced a card landing between the two
      // reads). Cards on the table and the trump card are public; nothing else may show a face, and
      // a face that is in a player's hand has leaked.
      const spectatorSawHand = async () => {
        const offTable = await watcher.page
          .locator('[data-card]')
          .evaluateAll((els) =>
            els
              .filter((e) => !['table-card', 'trump-card'].includes(e.getAttribute('data-testid') ?? ''))
              .map((e) => e.getAttribute('data-card')),
          );
        if (offTable.length === 0) return [];
        const hands = await Promise.all(
          players.map((p) => p.page.locator('[data-testid="hand-card"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))),
        );
        return offTable.filter((c) => hands.flat().includes(c));
      };
      const offline = players[1]!;
      let wentOffline = false;
      let cameBack = false;
      await playToTheEnd(
        players.map((p) => p.page),
        async (round) => {
          expect(await watcher.page.locator('[data-testid="hand-card"]').count()).toBe(0);
          if (round % 3 === 0) expect(await spectatorSawHand()).toEqual([]);
          if (round === 8 && !wentOffline) {
            wentOffline = true;
            await offline.page.context().setOffline(true);
            await offline.page.getByTestId('realtime-notice').waitFor({ timeout: 20_000 });
            // The other player keeps playing meanwhile; the offline page cannot act.
            for (let i = 0; i < 3; i++) await move(players[0]!.page);
            await offline.page.context().setOffline(false);
            await offline.page.getByTestId('realtime-notice').waitFor({ state: 'detached', timeout: 30_000 });
            const watch = await api<{ seq: number }>(offline.tokens, `/v1/rooms/${roomId}/watch`);
            const cards = await api<{ items: { rank: string; suit: string }[] }>(offline.tokens, `/v1/rooms/${roomId}/cards`);
            await expect
              .poll(() => offline.page.getByTestId('table-page').getAttribute('data-seq'), { timeout: 10_000 })
              .toBe(String(watch.seq));
            // The hand settles with the table (a card may still be flying in); a stale one never does.
            await expect.poll(() => offline.page.locator('[data-testid="hand-card"]').count(), { timeout: 3_000 }).toBe(cards.items.length);
            cameBack = true;
          }
        },
      );
      expect(cameBack).toBe(true);
      await watcher.page.getByTestId('results').waitFor();
      await waitForAnimations(watcher.page);
      await screenshot(watcher.page, 'results-spectator-phone');
      expectScreenshots('results-spectator-phone');
      for (const p of [...players, watcher]) await p.close();
    },
  );
});
