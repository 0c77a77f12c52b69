import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context (own cookies) whose page errors fail the test that reads them. */
/** `hasTouch` with a desktop viewport is a touch-screen laptop: a mouse and a touch screen at once. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = PHONE,
  hasTouch = false,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1, locale: 'ru-RU', hasTouch });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

const taken = new Set<string>();

/**
 * Waits until every finite animation on the page has finished (a dialog sliding in, amounts
 * counting up); endless ones (a spinner, a pulsing timer) are not waited for.
 */
export async function waitForAnimations(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout },
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  taken.add(name);
}

/**
 * Fails unless each named screenshot was taken in this run: a picture taken only when the game
 * happens to offer the moment must not go missing silently (a file from an earlier run would
 * hide it).
 */
export function expectScreenshots(...names: string[]): void {
  const missing = names.filter((name) => !taken.has(name));
  if (missing.length > 0) throw new Error(`required screenshot(s) not taken: ${missing.join(', ')}`);
}
