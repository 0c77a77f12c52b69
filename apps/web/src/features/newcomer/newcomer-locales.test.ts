import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace, sourceFiles } from '../../test-support/locale-checks';

// FEATURES.md §17's texts live in their own namespace, `newcomer`: the sandbox notice, the password
// form, the friend search, the sign-in page's language picker and Telegram sign-in, report status.

const reference = loadNamespace(FALLBACK_LANGUAGE, 'newcomer');

describe('newcomer translations', () => {
  // "Status" is the same word in Azerbaijani and English: one may stay.
  itChecksTranslations('newcomer', 1);

  it('defines every key the screens ask for', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(join(import.meta.dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      if (!/useTranslation\(\s*'newcomer'\s*\)/.test(text)) continue;
      for (const match of text.matchAll(/\bn?t\(\s*'((?:sandbox|password|search|language|telegram|reports)\.[a-z_]+)'/g))
        used.add(match[1]!);
    }
    for (const outcome of ['done', 'wrong', 'short', 'failed']) used.add(`password.${outcome}`);
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
  });
});
