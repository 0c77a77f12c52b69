import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardBackQuery, createQueryClient, DEFAULT_CARD_BACK } from '../../net/query-client';
import { CardBack, CardFace } from './card-view';
import { loadImage, resetImageStatuses } from './image-status';
import { SPRITE_URL } from './sprite';

/** An image whose load the test settles by hand (jsdom loads none). */
function heldImage(url: string) {
  const image = {} as HTMLImageElement;
  loadImage(url, () => image);
  return {
    load: () => act(() => void image.onload?.call(image, new Event('load'))),
    fail: () => act(() => void image.onerror?.call(image, new Event('error'))),
  };
}

function renderWithCardBack(node: ReactNode, cardBackUrl: string) {
  const client = createQueryClient();
  client.setQueryData(cardBackQuery.queryKey, cardBackUrl);
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const stylesheet = readFileSync(join(import.meta.dirname, 'cards.css'), 'utf8');
const ruleOf = (selector: string) => new RegExp(`${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(stylesheet)?.[1] ?? '';

beforeEach(resetImageStatuses);
afterEach(cleanup);

describe('a card face (SPEC §8)', () => {
  const queen = { suit: 'hearts', rank: 'Q' } as const;

  it('pulses as a placeholder while the card images load, then shows the card', async () => {
    const sprite = heldImage(SPRITE_URL);
    render(<CardFace card={queen} width={60} testId="c" />);
    const placeholder = screen.getByTestId('c');
    expect(placeholder.dataset.cardState).toBe('loading');
    expect(placeholder.classList.contains('card-loading')).toBe(true);
    expect(placeholder.textContent).toBe('');
    await sprite.load();
    expect(screen.getByTestId('c').dataset.cardState).toBeUndefined();
    expect(screen.getByTestId('c').dataset.card).toBe('Q♥');
  });

  it('shows a red "!" box when the card images fail', async () => {
    const sprite = heldImage(SPRITE_URL);
    render(<CardFace card={queen} width={60} testId="c" />);
    await sprite.fail();
    const box = screen.getByTestId('c');
    expect(box.dataset.cardState).toBe('error');
    expect(box.classList.contains('card-error')).toBe(true);
    expect(box.textContent).toBe('!');
    // Without the page's translations loaded the name is still there (its key), never empty.
    expect(box.getAttribute('aria-label')).toBeTruthy();
  });

  it('the stylesheet makes the placeholder pulse and the error box red', () => {
    expect(ruleOf('.card-loading')).toMatch(/animation:\s*card-pulse/);
    expect(ruleOf('.card-error')).toMatch(/border:[^;]*#d6332a/);
    expect(ruleOf('.card-error')).toMatch(/color:\s*#d6332a/);
  });
});

describe('the card back (SPEC §8)', () => {
  const mine = 'https://cdn.example/backs/gold.png';
  const backOf = () => screen.getByTestId('back');

  it('shows the user’s own card back once it loads', async () => {
    const image = heldImage(mine);
    renderWithCardBack(<CardBack width={60} testId="back" />, mine);
    expect(backOf().dataset.cardState).toBe('loading');
    await image.load();
    expect(backOf().style.backgroundImage).toBe(`url("${mine}")`);
  });

  it('falls back to the default card back when the user’s image fails', async () => {
    const image = heldImage(mine);
    const fallback = heldImage(DEFAULT_CARD_BACK);
    renderWithCardBack(<CardBack width={60} testId="back" />, mine);
    await image.fail();
    // Not the red box: the default back is on its way instead.
    expect(backOf().dataset.cardState).toBe('loading');
    await fallback.load();
    expect(backOf().style.backgroundImage).toBe(`url("${DEFAULT_CARD_BACK}")`);
  });

  it('shows the red box only when the default back fails too', async () => {
    const image = heldImage(mine);
    const fallback = heldImage(DEFAULT_CARD_BACK);
    renderWithCardBack(<CardBack width={60} testId="back" />, mine);
    await image.fail();
    await fallback.fail();
    expect(backOf().dataset.cardState).toBe('error');
    expect(backOf().textContent).toBe('!');
  });
});
