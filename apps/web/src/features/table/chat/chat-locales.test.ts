import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatPhraseIds, reportReasons } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../i18n/languages';

const locales = join(__dirname, '../../../../public/locales');
type Block = Record<string, unknown> & { phrases: Record<string, string>; reasons: Record<string, string>; error: Record<string, string> };
const chatOf = (lng: string) => (JSON.parse(readFileSync(join(locales, lng, 'game.json'), 'utf8')) as { tableChat: Block }).tableChat;
const english = chatOf('en');

describe('table chat strings', () => {
  it.each(LANGUAGES.map((l) => [l]))('%s has every quick phrase, reason and message, translated', (lng) => {
    const block = chatOf(lng);
    for (const id of chatPhraseIds) expect(block.phrases[id], id).toMatch(/\S/);
    for (const reason of reportReasons) expect(block.reasons[reason], reason).toMatch(/\S/);
    expect(Object.keys(block).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(block.error).sort()).toEqual(Object.keys(english.error).sort());
    if (lng === 'en') return;
    // A copy of the English would pass the key check: most phrases must read differently.
    const same = chatPhraseIds.filter((id) => block.phrases[id] === english.phrases[id]);
    expect(same.length, `${lng} phrases equal to English: ${same.join(', ')}`).toBeLessThanOrEqual(1);
  });
});
