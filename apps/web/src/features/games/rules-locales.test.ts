import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace } from '../../test-support/locale-checks';

// The 52-card deck's and two against two's words (FEATURES.md §16), in their own namespace `rules`.
describe('rules translations', () => {
  // "partner" is "partner" in English, Estonian and (nearly) elsewhere; the card names differ.
  itChecksTranslations('rules', 2);

  it.each(LANGUAGES)('%s names the four low ranks with four different words', (lng) => {
    const file = loadNamespace(lng, 'rules');
    const ranks = ['rank_2', 'rank_3', 'rank_4', 'rank_5'].map((key) => file[key]);
    expect(new Set(ranks).size).toBe(4);
  });

  it('says "Двое на двое" in Russian and "Two against two" in English', () => {
    expect([loadNamespace('ru', 'rules').team_mode, loadNamespace('en', 'rules').team_mode]).toEqual(['Двое на двое', 'Two against two']);
  });
});
