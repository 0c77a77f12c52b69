import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { itChecksTranslations, loadNamespace, sourceFiles } from '../test-support/locale-checks';
import { FALLBACK_LANGUAGE, LANGUAGES } from './languages';

const localesDir = join(import.meta.dirname, '../../public/locales');
const srcDir = join(import.meta.dirname, '..');
const reference = loadNamespace(FALLBACK_LANGUAGE, 'common');

describe('translations', () => {
  it('has a file for every language and nothing else', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...LANGUAGES].sort());
  });

  // The product's and two screens' names stay as they are.
  itChecksTranslations('common', 0, (text) => /^(Durak|Menu|Bandit)$/.test(text));

  it('has no Latin text left in the Russian file', () => {
    for (const [key, text] of Object.entries(reference)) {
      expect(text.replace(/\{\{\s*\w+\s*\}\}/g, ''), key).not.toMatch(/[A-Za-z]/);
    }
  });

  it('defines every common key the code asks for', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      // Feature screens with their own namespace (useTranslation('game'), or several:
      // useTranslation(['admin', 'integrity'])) are checked by their own tests.
      if (/useTranslation\(\s*[['"]/.test(text)) continue;
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+\.[A-Za-z_.]+)'/g)) used.add(match[1]!);
      for (const match of text.matchAll(/titleKey="([a-z_]+\.[a-z_]+)"/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
  });
});
