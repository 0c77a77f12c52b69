import type { Page } from 'playwright-core';

/**
 * Whether at least `count` cards lie face up on the table and have landed: a card still in flight
 * is drawn half transparent, and a face still loading is a placeholder.
 */
export function hasSettledTableCards(page: Page, count: number): Promise<boolean> {
  return page
    .evaluate((min) => {
      const faces = document.querySelectorAll('[data-testid="table-card"][data-card]');
      const flights = [...document.querySelectorAll('.slot-card')].flatMap((el) => el.getAnimations()).filter((a) => a.playState === 'running');
      return faces.length >= min && flights.length === 0 && document.querySelectorAll('.flight, .emoji-flight').length === 0;
    }, count)
    .catch(() => false);
}

/** Waits up to `timeout` ms for hasSettledTableCards; whether it came to hold. */
export async function settleTableCards(page: Page, count: number, timeout = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await hasSettledTableCards(page, count)) return true;
    if (Date.now() > deadline) return false;
    await page.waitForTimeout(100);
  }
}

/** Waits until hasSettledTableCards holds, failing with the count seen if it never does. */
export async function waitForSettledTableCards(page: Page, count: number, timeout = 10_000): Promise<void> {
  if (await settleTableCards(page, count, timeout)) return;
  const seen = await page.locator('[data-testid="table-card"]').count();
  throw new Error(`expected ${count} landed card(s) on the table, saw ${seen}`);
}
