import type { SpinAnswer } from '@durak/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

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

/**
 * Holds the picture still mid-spin: once all three reels slide (each a CSS transition on its
 * column), every slide is paused 700 ms in, in the same frame, whatever the machine's load.
 */
function holdReelsMidSpin(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const slides = () => [...document.querySelectorAll('.slot-column')].flatMap((column) => column.getAnimations());
        const look = () => {
          const running = slides().filter((a) => a.playState === 'running');
          if (running.length < 3) return void requestAnimationFrame(look);
          for (const slide of running) {
            slide.pause();
            slide.currentTime = 700;
          }
          resolve();
        };
        look();
      }),
  );
}

/** Lets the held slides run on to their stops. */
function releaseReels(page: Page): Promise<void> {
  return page.evaluate(() =>
    document.querySelectorAll('.slot-column').forEach((column) => column.getAnimations().forEach((a) => a.play())),
  );
}

describe('the slot machine', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'shows the rules first, stops the reels on the server stops, and verifies every spin after the reveal (%s)',
    { timeout: 120_000 },
    async (name, viewport) => {
      const tokens = await registerByApi(server.baseUrl, uniqueName('slot'), 'correct-horse-1');
      const { context, page, errors } = await newPage(browser, server.baseUrl, viewport);
      await signInContext(context, server.baseUrl, tokens);
      await page.goto('/bandit');
      await page.getByTestId('bandit-rules').waitFor();
      expect(await page.getByTestId('bandit-rtp').textContent()).toMatch(/^96,00\s?%$/);
      await page.getByRole('button', { name: 'Играть' }).click();

      const answers: SpinAnswer[] = [];
      for (let i = 0; i < 3; i++) {
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/bandit/spin'));
        await page.getByTestId('slot-spin').click();
        answers.push((await (await answered).json()) as SpinAnswer);
        if (i === 0) {
          await holdReelsMidSpin(page);
          await screenshot(page, `bandit-midspin-${name}`);
          await releaseReels(page);
        }
        await page.waitForSelector('[data-phase="idle"]', { timeout: 15_000 });
        const shown = await page.getByTestId('slot-reel').evaluateAll((reels) => reels.map((r) => Number(r.getAttribute('data-stop'))));
        expect(shown).toEqual(answers[i]!.stops);
        const bonus = answers[i]!.balances.find((w) => w.wallet_type === 'BONUS_BALANCE')!.balance;
        expect((await page.getByTestId('slot-balance-BONUS_BALANCE').textContent())?.replace(/\s/g, '')).toBe(bonus);
      }
      const net = answers.reduce((sum, a) => sum + Number(a.win) - Number(a.bet), 0);
      expect((await page.getByTestId('session-net').textContent())?.replace(/\s/g, '')).toBe(net > 0 ? `+${net}` : String(net));
      await screenshot(page, `bandit-result-${name}`);

      await page.getByRole('button', { name: 'Честность' }).click();
      await page.getByTestId('bandit-fair').waitFor();
      await page.getByRole('button', { name: 'Раскрыть ключ сервера и начать новый' }).click();
      await page.getByTestId('fair-revealed').waitFor();
      await expect
        .poll(() => page.getByTestId('fair-spin').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status'))), {
          timeout: 10_000,
        })
        .toEqual(['match', 'match', 'match']);
      await screenshot(page, `bandit-fair-${name}`);
      expectScreenshots(`bandit-midspin-${name}`, `bandit-result-${name}`, `bandit-fair-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
