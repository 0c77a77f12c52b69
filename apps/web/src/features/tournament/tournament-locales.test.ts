import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../i18n/languages';
import { HOME_STATUSES } from './home-list';
import { KNOWN_ERRORS, OPTION_WORDS } from './tournament-rules';

// The tournament pages' strings (players' and admins') live in their own namespace, `tournament`.
const localesDir = join(import.meta.dirname, '../../../public/locales');
const sources = [
  ...readdirSync(import.meta.dirname)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
    .map((f) => join(import.meta.dirname, f)),
  join(import.meta.dirname, '../main/home-tournaments.tsx'),
];

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}
const load = (lng: string) => flatten(JSON.parse(readFileSync(join(localesDir, lng, 'tournament.json'), 'utf8')) as Tree);
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
const reference = load(FALLBACK_LANGUAGE);
const english = load('en');

describe('tournament translations', () => {
  it.each(LANGUAGES.filter((lng) => lng !== FALLBACK_LANGUAGE))('%s has exactly the keys of ru, filled, with the same placeholders', (lng) => {
    const file = load(lng);
    expect(Object.keys(file).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(file)) {
      expect(text.trim(), `${lng} ${key}`).not.toBe('');
      expect(placeholders(text), `${lng} ${key}`).toEqual(placeholders(reference[key]!));
    }
  });

  it.each(LANGUAGES.filter((lng) => lng !== 'en'))('%s is translated, not English', (lng) => {
    const file = load(lng);
    // Bare placeholders ("{{amount}} · {{wallet}}") and words like "Status" may match; a handful is fine.
    const same = Object.keys(english).filter((key) => file[key] === english[key] && placeholders(english[key]!).join('') === '');
    expect(same.length, `${lng} keeps English text: ${same.join(', ')}`).toBeLessThanOrEqual(4);
  });

  it('defines every key the pages ask for', () => {
    const used = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+(?:\.[A-Za-z_]+)*)'/g)) used.add(match[1]!);
    }
    // Keys built at run time.
    for (const s of ['registration', 'running', 'paused', 'finished', 'cancelled', ...HOME_STATUSES]) used.add(`status.${s}`);
    for (const state of ['disconnected', 'connecting', 'connected']) used.add(`realtime.${state}`);
    for (const word of OPTION_WORDS) used.add(`option.${word}`);
    for (const code of KNOWN_ERRORS) used.add(`error.${code.replace('/', '_')}`);
    for (const w of ['BONUS_BALANCE', 'BALANCE']) used.add(`wallet.${w}`);
    for (const a of ['pin', 'unpin', 'pause', 'continue', 'cancel']) used.add(`admin.${a}`);
    for (const q of ['register', 'withdraw', 'rebuy']) for (const suffix of ['', '_title', '_yes']) used.add(`confirm.${q}${suffix}`);
    for (const k of ['required', 'too_long', 'whole_number', 'range', 'min_over_max', 'deck_24', 'chips', 'in_future', 'rebuy_price_needed', 'server']) used.add(`form.${k}`);
    expect(used.size).toBeGreaterThan(120);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
    for (const key of used) expect(english, key).toHaveProperty([key]);
  });
});
