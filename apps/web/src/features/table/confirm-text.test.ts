import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmText } from './confirm-text';
import type { TFunction } from 'i18next';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.init({ lng: 'en', resources: { en: { game } }, interpolation: { escapeValue: false } });
});
const t = () => i18n.getFixedT('en', 'game') as unknown as TFunction<'game'>;

describe('what surrendering costs, in words', () => {
  it('a practice game speaks of no stake', () => {
    const text = confirmText('surrender', 0, { tournament_id: null, bot_level: 'easy' }, t());
    expect(text).toBe('Surrender this game? It counts as a loss; no chips are at stake.');
    expect(text).not.toMatch(/bet/);
  });
  it('a tournament game speaks of the tournament', () => {
    expect(confirmText('surrender', 0, { tournament_id: 3, bot_level: null }, t())).toMatch(/tournament/);
  });
  it('a lobby game names its stake', () => {
    expect(confirmText('leave', 500, { tournament_id: null, bot_level: null }, t())).toBe('If you leave now you lose your bet of 500.');
  });
});
