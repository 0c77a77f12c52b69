import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from './languages';

const localesDir = join(import.meta.dirname, '../../public/locales');
const srcDir = join(import.meta.dirname, '..');

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}
const load = (lng: string) => flatten(JSON.parse(readFileSync(join(localesDir, lng, 'common.json'), 'utf8')) as Tree);
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const reference = load(FALLBACK_LANGUAGE);
const english = load('en');

describe('translations', () => {
  it('has a file for every language and nothing else', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...LANGUAGES].sort());
  });

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
    const same = Object.keys(english).filter((key) => file[key] === english[key] && !/^(Durak|Menu|Bandit)$/.test(english[key]!));
    expect(same, `${lng} keeps English text`).toEqual([]);
  });

  it('has no Latin text left in the Russian file', () => {
    for (const [key, text] of Object.entries(reference)) {
      expect(text.replace(/\{\{\s*\w+\s*\}\}/g, ''), key).not.toMatch(/[A-Za-z]/);
    }
  });

  it('defines every common key the code asks for', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      // Feature screens with their own namespace (useTranslation('game')) are checked by their own tests.
      if (/useTranslation\(\s*['"]/.test(text)) continue;
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+\.[A-Za-z_.]+)'/g)) used.add(match[1]!);
      for (const match of text.matchAll(/titleKey="([a-z_]+\.[a-z_]+)"/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
  });
});
