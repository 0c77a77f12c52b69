import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../i18n/languages';

// The checks every namespace of strings gets (tests only): the same keys and placeholders in every
// language, each filled and translated. One copy here, called by each namespace's test.
const localesDir = join(import.meta.dirname, '../../public/locales');

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}

/** One language's strings of a namespace, as flat dotted keys. */
export const loadNamespace = (lng: string, ns: string): Record<string, string> =>
  flatten(JSON.parse(readFileSync(join(localesDir, lng, `${ns}.json`), 'utf8')) as Tree);

export const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

/** Every non-test source file below a folder. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Registers the two checks every namespace needs: each language has exactly the reference's keys,
 * filled, with the same placeholders; and at most `englishAllowance` strings left as in English
 * (words that really are the same, like "Bar" or "Agent"), not counting those `mayStayEnglish`
 * accepts (a brand name, a string of bare placeholders).
 */
export function itChecksTranslations(
  ns: string,
  englishAllowance: number,
  mayStayEnglish: (english: string) => boolean = () => false,
): void {
  const reference = loadNamespace(FALLBACK_LANGUAGE, ns);
  const english = loadNamespace('en', ns);
  it.each(LANGUAGES.filter((lng) => lng !== FALLBACK_LANGUAGE))(
    '%s has exactly the keys of ru, filled, with the same placeholders',
    (lng) => {
      const file = loadNamespace(lng, ns);
      expect(Object.keys(file).sort()).toEqual(Object.keys(reference).sort());
      for (const [key, text] of Object.entries(file)) {
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
        expect(placeholders(text), `${lng} ${key}`).toEqual(placeholders(reference[key]!));
      }
    },
  );
  it.each(LANGUAGES.filter((lng) => lng !== 'en'))('%s is translated, not English', (lng) => {
    const file = loadNamespace(lng, ns);
    const same = Object.keys(english).filter((key) => file[key] === english[key] && !mayStayEnglish(english[key]!));
    expect(same.length, `${lng} keeps English text: ${same.join(', ')}`).toBeLessThanOrEqual(englishAllowance);
  });
}
