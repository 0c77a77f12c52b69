import type { Page } from 'playwright-core';

/**
 * Runs in the page: whether at least `min` cards lie face up on the table and have landed (a card
 * still in flight is drawn half transparent, a face still loading is a placeholder). Self-contained,
 * as Playwright sends its source to the page.
 */
function areTableCardsSettled(min: number): boolean {
  const faces = document.querySelectorAll('[data-testid="table-card"][data-card]');
  const flights = [...document.querySelectorAll('.slot-card')].flatMap((el) => el.getAnimations()).filter((a) => a.playState === 'running');
  return faces.length >= min && flights.length === 0 && document.querySelectorAll('.flight, .emoji-flight').length === 0;
}

/** Whether at least `count` cards lie face up on the table and have landed. */
export function hasSettledTableCards(page: Page, count: number): Promise<boolean> {
  return page.evaluate(areTableCardsSettled, count).catch(() => false);
}

/** Waits up to `timeout` ms for hasSettledTableCards (checked on every frame); whether it came to hold. */
export function settleTableCards(page: Page, count: number, timeout = 3_000): Promise<boolean> {
  return page.waitForFunction(areTableCardsSettled, count, { timeout }).then(
    () => true,
    () => false,
  );
}

/** Waits until hasSettledTableCards holds, failing with the count seen if it never does. */
export async function waitForSettledTableCards(page: Page, count: number, timeout = 10_000): Promise<void> {
  if (await settleTableCards(page, count, timeout)) return;
  const seen = await page.locator('[data-testid="table-card"]').count();
  throw new Error(`expected ${count} landed card(s) on the table, saw ${seen}`);
}

/** The first player creates a room through the dialog; the others join it from the lobby; all press ready. */
export async function seatEveryone(players: readonly { readonly page: Page }[]): Promise<string> {
  const [host, ...guests] = players;
  await host!.page.goto('/games');
  await host!.page.getByTestId('open-create').click();
  await host!.page
    .getByTestId('create-players')
    .getByRole('radio', { name: String(players.length) })
    .click();
  await host!.page.getByTestId('create-submit').click();
  await host!.page.waitForURL(/\/durak\/\d+$/);
  const roomId = host!.page.url().split('/').pop()!;
  for (const guest of guests) {
    await guest.page.goto('/games');
    await guest.page.locator(`[data-testid="room-card"][data-room-id="${roomId}"]`).click();
    await guest.page.waitForURL(`**/durak/${roomId}`);
  }
  for (const p of players) await p.page.getByTestId('action-ready').click();
  for (const p of players) await p.page.locator('[data-status="in_progress"]').waitFor();
  return roomId;
}

export type Move = 'done' | 'tap' | null;

type TapPoint = (el: Element) => { x: number; y: number } | null;

/**
 * Where a finger would tap `el`: its first point that no other element covers (a toast over the
 * hand), or null. It runs in the page, where move() and waitForTableChange() both rebuild it from
 * this source: a function cannot cross into the page by reference, and the two must agree on what
 * can be tapped.
 */
function tapPoint(el: Element): { x: number; y: number } | null {
  const r = el.getBoundingClientRect();
  for (let y = r.top + 4; y < r.bottom; y += 6) {
    for (let x = r.left + 3; x < r.right; x += 4) {
      const hit = document.elementFromPoint(x, y);
      if (hit && el.contains(hit)) return { x, y };
    }
  }
  return null;
}
const tapPointSource = tapPoint.toString();

/**
 * One decision of a player who only taps what the UI offers: a highlighted slot, a highlighted
 * card or a shown button, chosen at random among them (a fixed choice can pass the same cards
 * around for ever). Taps the visible part, as a finger would on an overlapped hand; one page
 * round trip to decide.
 */
export async function move(page: Page): Promise<Move> {
  const target = await page
    .evaluate(
      ({ luck, source }) => {
        if (document.querySelector('[data-testid="results"]')) return 'done' as const;
        const tapPoint = new Function(`return ${source}`)() as TapPoint;
        const pick = <T>(list: T[]) => list[Math.floor(luck * list.length)];
        const visible = (selector: string) => [...document.querySelectorAll(selector)].map(tapPoint).filter((p) => p !== null);
        const slots = visible('.slot-target');
        if (slots.length > 0) return pick(slots)!;
        const cards = visible('.hand-card-playable');
        const done = visible('[data-testid="action-pass"]:enabled, [data-testid="action-beat"]:enabled');
        const take = visible('[data-testid="action-take"]:enabled');
        // A defender defends when it can; an attacker throws in about half the time.
        if (cards.length > 0 && (done.length === 0 || luck < 0.5)) return pick(cards)!;
        return done[0] ?? (cards.length > 0 ? pick(cards)! : (take[0] ?? null));
      },
      { luck: Math.random(), source: tapPointSource },
    )
    .catch(() => null);
  if (target === null) return null;
  if (target === 'done') return 'done';
  await page.mouse.click(target.x, target.y);
  return 'tap';
}

/**
 * Waits until any of `pages` has something new: the table's `data-seq` moved past `seqs` (a move
 * of anyone, a computer's included), something to tap after a selected card (a highlighted slot),
 * or the results. A page whose `moves` entry is null (it had nothing to tap when its player
 * looked) also counts as new once it offers a move: the table holds its offers back while the
 * player's own call is on its way or its hand lags the table, so an offer can show without the seq
 * moving. Returns at that event; after `timeout` ms without one it returns too, so a caller's loop
 * looks again (a table waiting on a turn timer changes on its own).
 */
export async function waitForTableChange(
  pages: readonly Page[],
  seqs: readonly (string | null)[],
  moves: readonly Move[] = [],
  timeout = 5_000,
): Promise<void> {
  const changed = (page: Page, seq: string | null, isIdle: boolean) =>
    page
      .waitForFunction(
        ({ before, isIdle, source }) => {
          if (document.querySelector('[data-testid="results"]') || document.querySelector('.slot-target')) return true;
          if ((document.querySelector('[data-testid="table-page"]')?.getAttribute('data-seq') ?? null) !== before) return true;
          if (!isIdle) return false;
          // Offered and not covered (a toast over the hand): what move() would find to tap.
          const tapPoint = new Function(`return ${source}`)() as TapPoint;
          const offers = document.querySelectorAll(
            '.hand-card-playable, [data-testid="action-pass"]:enabled, [data-testid="action-beat"]:enabled, [data-testid="action-take"]:enabled',
          );
          return [...offers].some((el) => tapPoint(el) !== null);
        },
        { before: seq, isIdle, source: tapPointSource },
        { timeout },
      )
      .then(() => undefined);
  await Promise.any(pages.map((page, i) => changed(page, seqs[i] ?? null, moves[i] === null))).catch(() => undefined);
}

/** The table's `data-seq` on each page (null where no table shows). */
export function tableSeqs(pages: readonly Page[]): Promise<(string | null)[]> {
  return Promise.all(
    pages.map((page) =>
      page
        .locator('[data-testid="table-page"]')
        .getAttribute('data-seq', { timeout: 1_000 })
        .catch(() => null),
    ),
  );
}
