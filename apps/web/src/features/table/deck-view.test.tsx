import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardBackQuery, createQueryClient, DEFAULT_CARD_BACK } from '../../net/query-client';
import { loadImage, resetImageStatuses } from '../cards/image-status';
import { SPRITE_URL } from '../cards/sprite';
import { DiscardView, TalonView } from './deck-view';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/ru/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { game } }, interpolation: { escapeValue: false } });
  // Every card image has loaded, so what shows is the rule's doing, not a placeholder.
  resetImageStatuses();
  for (const url of [SPRITE_URL, DEFAULT_CARD_BACK]) {
    const image = {} as HTMLImageElement;
    loadImage(url, () => image);
    act(() => void image.onload?.call(image, new Event('load')));
  }
});
afterEach(cleanup);

function wrap(node: ReactNode) {
  const client = createQueryClient();
  client.setQueryData(cardBackQuery.queryKey, DEFAULT_CARD_BACK);
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </QueryClientProvider>,
  );
}

const sevenOfClubs = { suit: 'clubs', rank: '7' } as const;

describe('the talon and its trump', () => {
  it('in secret trump mode shows the trump face down with a "?" until it is revealed', () => {
    const { rerender } = wrap(<TalonView trump={null} talonCount={12} isSecret cardWidth={60} />);
    expect(screen.getByTestId('trump-secret').textContent).toBe('?');
    expect(screen.queryByTestId('trump-card')).toBeNull();
    expect(screen.queryByTestId('trump-suit')).toBeNull();
    expect(screen.queryAllByRole('img').some((card) => card.dataset.card)).toBe(false);

    // Revealed: the watch state now names the trump card.
    const client = createQueryClient();
    client.setQueryData(cardBackQuery.queryKey, DEFAULT_CARD_BACK);
    rerender(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <TalonView trump={sevenOfClubs} talonCount={12} isSecret cardWidth={60} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('trump-secret')).toBeNull();
    expect(screen.getByTestId('trump-card').dataset.card).toBe('7♣');
    expect(screen.getByTestId('trump-suit').textContent).toBe('♣');
  });

  it('in an ordinary room shows the trump card face up under the talon', () => {
    wrap(<TalonView trump={sevenOfClubs} talonCount={12} isSecret={false} cardWidth={60} />);
    expect(screen.getByTestId('trump-card').dataset.card).toBe('7♣');
    expect(screen.getByTestId('talon-count').textContent).toBe('12');
    expect(screen.queryByTestId('trump-secret')).toBeNull();
  });

  it('once the talon is drawn out keeps only the trump suit, for a secret trump too', () => {
    wrap(<TalonView trump={sevenOfClubs} talonCount={0} isSecret cardWidth={60} />);
    expect(screen.queryByTestId('trump-card')).toBeNull();
    expect(screen.queryByTestId('trump-secret')).toBeNull();
    expect(screen.getByTestId('trump-suit').textContent).toBe('♣');
  });
});

describe('the discard pile', () => {
  it('is one picture for a screen reader, named with its count', () => {
    wrap(<DiscardView count={12} cardWidth={60} />);
    expect(screen.getByRole('img', { name: 'В бите: 12' })).toBe(screen.getByTestId('discard'));
  });
});
