import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../i18n/languages';

// The player pages' strings (home, menu profile, career, friends, video) live in the `player` namespace.
const localesDir = join(import.meta.dirname, '../../../public/locales');
const srcDir = join(import.meta.dirname, '../..');

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}
const load = (lng: string) => flatten(JSON.parse(readFileSync(join(localesDir, lng, 'player.json'), 'utf8')) as Tree);
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
const reference = load(FALLBACK_LANGUAGE);
const english = load('en');

describe('player page translations', () => {
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
    // Words like "Rating", "online" and "Bonus" are the same in a few languages.
    const same = Object.keys(english).filter((key) => file[key] === english[key]);
    expect(same.length, `${lng} keeps English text: ${same.join(', ')}`).toBeLessThanOrEqual(4);
  });

  it('defines every player key the code asks for', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      if (!/useTranslation\('player'\)/.test(text)) continue;
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+(?:\.[A-Za-z_]+)*)'(?!,\s*\{\s*ns:)/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(60);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
