import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/languages';
import { cardName, TrumpSuitContext } from './card-name';
import { CardFace } from './card-view';

const localesDir = join(import.meta.dirname, '../../../public/locales');
const gameOf = (lng: string) => JSON.parse(readFileSync(join(localesDir, lng, 'game.json'), 'utf8')) as Record<string, unknown>;
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { game: gameOf(l) }])),
    ns: ['game'],
    defaultNS: 'game',
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const queen = { suit: 'hearts', rank: 'Q' } as const;

describe('a card’s accessible name', () => {
  it('says rank and suit in the page’s language, and trump when it is one', () => {
    const t = i18n.getFixedT('en', 'game');
    expect(cardName(t, queen, null)).toBe('queen of hearts');
    expect(cardName(t, queen, 'hearts')).toBe('queen of hearts, trump');
    expect(cardName(t, { suit: 'spades', rank: '10' }, 'hearts')).toBe('ten of spades');
    const ru = i18n.getFixedT('ru', 'game');
    expect(cardName(ru, queen, 'hearts')).toBe('дама червей, козырь');
  });

  it.each(LANGUAGES)('%s names every card of the deck differently', (lng) => {
    const t = i18n.getFixedT(lng, 'game');
    const names = new Set<string>();
    for (const suit of ['hearts', 'diamonds', 'clubs', 'spades'] as const) {
      for (const rank of ['6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const) names.add(cardName(t, { suit, rank }, null));
    }
    expect(names.size).toBe(36);
    for (const name of names) expect(name).not.toMatch(/card\.|\{\{/);
  });

  it('a card face on the table carries the name with the table’s trump', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <TrumpSuitContext.Provider value="hearts">
          <CardFace card={queen} width={60} testId="c" />
        </TrumpSuitContext.Provider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('img', { name: 'queen of hearts, trump' })).toBe(screen.getByTestId('c'));
  });
});
