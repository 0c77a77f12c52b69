import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { move, seatEveryone, tableSeqs, waitForTableChange } from './support/table';

// FEATURES.md §11, "your hand is safe": a player closes the page mid-game and the others play on
// at once: the computer plays the closed page's seat after STAND_IN_SECONDS, never a turn timer.
// The turn timer is 5 minutes here, so a game that waited out timers could not end in the budget.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ STAND_IN_SECONDS: '2', TURN_SECONDS: '300', TIME_BANK_SECONDS: '0', BOT_DELAY_MS: '300-600' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Player {
  page: Page;
  tokens: Tokens;
  id: string;
  errors: string[];
  close(): Promise<void>;
}

async function player(viewport: { width: number; height: number }): Promise<Player> {
  const tokens = await registerByApi(server.baseUrl, uniqueName('si'), 'correct-horse-1');
  const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
  await signInContext(context, server.baseUrl, tokens);
  const me = (await (
    await fetch(`${server.baseUrl}/api/user/users/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
  ).json()) as { id: number };
  return { page, tokens, id: String(me.id), errors, close: () => context.close() };
}

function keepShot(name: string): void {
  mkdirSync('/tmp/shots-standin', { recursive: true });
  copyFileSync(join(SCREENSHOT_DIR, `${name}.png`), `/tmp/shots-standin/${name}.png`);
}

describe('a dropped player at the table', () => {
  it(
    'closes the page mid-game: the seat shows the computer playing and the others play to the end without waiting out timers',
    { timeout: 400_000 },
    async () => {
      const [ann, bob, cat] = [await player(PHONE), await player(DESKTOP), await player(PHONE)];
      await seatEveryone([ann, bob, cat]);
      const pages = [ann.page, bob.page, cat.page];
      // A few rounds with everyone at the table, then cat's page closes.
      for (let round = 0; round < 12; round++) {
        const seqs = await tableSeqs(pages);
        const moves = await Promise.all(pages.map((p) => move(p)));
        await waitForTableChange(pages, seqs, moves);
      }
      await cat.close();
      const catSeat = (page: Page) => page.locator(`[data-testid="seat"][data-player-id="${cat.id}"] [data-testid="seat-stand-in"]`);
      // STAND_IN_SECONDS is 2: the mark shows on both remaining screens within moments.
      await catSeat(ann.page).waitFor({ timeout: 20_000 });
      await catSeat(bob.page).waitFor({ timeout: 20_000 });
      await screenshot(ann.page, 'stand-in-seat-phone');
      await screenshot(bob.page, 'stand-in-seat-desktop');
      expectScreenshots('stand-in-seat-phone', 'stand-in-seat-desktop');
      keepShot('stand-in-seat-phone');
      keepShot('stand-in-seat-desktop');

      // At a bet table the stand-in keeps a dropped hand safe, it is not an assistant on request
      // (FEATURES.md §12): ann asking for autoplay is refused and her seat stays hers.
      const handOver = await fetch(`${server.baseUrl}/api/v1/rooms/${ann.page.url().split('/').pop()}/autoplay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ann.tokens.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ on: true }),
      });
      expect(handOver.status).toBe(409);
      expect(((await handOver.json()) as { error: { code: string } }).error.code).toBe('room/autoplay_not_allowed');
      expect(await ann.page.getByTestId('stand-in-banner').count()).toBe(0);

      // Ann and bob play on; cat's turns are the computer's, at a human pace.
      const started = Date.now();
      const deadline = started + 300_000;
      let isOver = false;
      while (!isOver && Date.now() < deadline) {
        const seqs = await tableSeqs([ann.page, bob.page]);
        const moves = await Promise.all([ann.page, bob.page].map((p) => move(p)));
        isOver = moves.every((m) => m === 'done');
        if (!isOver) await waitForTableChange([ann.page, bob.page], seqs, moves);
      }
      expect(isOver, 'the game reached its results').toBe(true);
      // Far below one 300 s turn timer: nobody waited for the closed page.
      expect(Date.now() - started).toBeLessThan(240_000);
      const room = ann.page.url().split('/').pop();
      const watch = (await (
        await fetch(`${server.baseUrl}/api/v1/rooms/${room}/watch`, { headers: { authorization: `Bearer ${ann.tokens.access_token}` } })
      ).json()) as {
        seats: Record<string, { result_reason: string | null }>;
      };
      expect(watch.seats[cat.id]!.result_reason).toBe('normal');
      expect(ann.errors).toEqual([]);
      expect(bob.errors).toEqual([]);
    },
  );
});
