import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { banditSymbol } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../i18n/languages';

// The slot machine's strings live in their own namespace, `bandit`, loaded only on /bandit.
const localesDir = join(import.meta.dirname, '../../../public/locales');

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}
const load = (lng: string) => flatten(JSON.parse(readFileSync(join(localesDir, lng, 'bandit.json'), 'utf8')) as Tree);
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
const reference = load(FALLBACK_LANGUAGE);
const english = load('en');

describe('slot machine translations', () => {
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
    // "Bar" and "Limon" are the word in several languages.
    const same = Object.keys(english).filter((key) => file[key] === english[key]);
    expect(same.length, `${lng} keeps English text: ${same.join(', ')}`).toBeLessThanOrEqual(2);
  });

  it('defines every key the slot machine asks for', () => {
    const used = new Set<string>();
    const dir = import.meta.dirname;
    for (const name of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))) {
      const text = readFileSync(join(dir, name), 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+(?:\.[A-Za-z_.]+)?)'/g)) used.add(match[1]!);
    }
    // Keys built at run time from the symbol, the wallet and the check's outcome.
    for (const symbol of banditSymbol.options) used.add(`symbols.${symbol}`);
    for (const wallet of ['BALANCE', 'BONUS_BALANCE']) used.add(`wallet.${wallet}`);
    for (const status of ['checking', 'match', 'mismatch', 'unrevealed']) used.add(`fair.check.${status}`);
    expect(used.size).toBeGreaterThan(40);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
  });
});
