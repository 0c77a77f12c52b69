import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadNamespace } from '../../test-support/locale-checks';

// FEATURES.md §17: "24 карт" — the deck size took one form in every language. ru/uk/be have
// their plural forms now, picked by the language's own rules.
async function deckText(lng: string, count: number): Promise<string> {
  const i18n = i18next.createInstance();
  const flat = loadNamespace(lng, 'game');
  const game: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(flat)) if (key.startsWith('lobby.')) game[key.slice('lobby.'.length)] = text;
  await i18n.init({ lng, resources: { [lng]: { game: { lobby: game } } }, interpolation: { escapeValue: false } });
  return i18n.t('lobby.deck_short', { ns: 'game', count });
}

describe('the deck size in words', () => {
  it.each([
    ['ru', 24, '24 карты'],
    ['ru', 36, '36 карт'],
    ['ru', 52, '52 карты'],
    ['ru', 21, '21 карта'],
    ['uk', 24, '24 карти'],
    ['uk', 36, '36 карт'],
    ['be', 24, '24 карты'],
    ['en', 36, '36 cards'],
  ])('%s %i: %s', async (lng, count, text) => {
    expect(await deckText(lng, count)).toBe(text);
  });
});
