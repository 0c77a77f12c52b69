import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../i18n/languages';

// The admin area's strings live in their own namespace, `admin`, loaded only with its chunk.
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
const load = (lng: string) => flatten(JSON.parse(readFileSync(join(localesDir, lng, 'admin.json'), 'utf8')) as Tree);
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
const reference = load(FALLBACK_LANGUAGE);
const english = load('en');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

describe('admin translations', () => {
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
    // "Agent", "Administrator", "Rake" are the same word in several languages.
    const same = Object.keys(english).filter((key) => file[key] === english[key]);
    expect(same.length, `${lng} keeps English text: ${same.join(', ')}`).toBeLessThanOrEqual(5);
  });

  it('defines every key the admin area asks for', () => {
    const used = new Set<string>();
    for (const file of sources(import.meta.dirname)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+\.[A-Za-z_.]+)'/g)) used.add(match[1]!);
      for (const match of text.matchAll(/label: '([a-z_]+\.[a-z_]+)'/g)) used.add(match[1]!);
    }
    // Keys built at run time.
    for (const status of ['active', 'scheduled', 'ended']) used.add(`banners.${status}`);
    for (const role of ['player', 'agent', 'admin']) used.add(`role.${role}`);
    expect(used.size).toBeGreaterThan(80);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
  });
});
