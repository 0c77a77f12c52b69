import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace, placeholders } from '../../test-support/locale-checks';

// The arena's strings (FEATURES.md §15) live in their own namespace, `arena`, asked for as `ta(...)`.
const sources = readdirSync(import.meta.dirname)
  .filter((f) => /^(arena-.*|admin-create-form)\.tsx$/.test(f))
  .map((f) => join(import.meta.dirname, f));

describe('arena translations', () => {
  itChecksTranslations('arena', 2, (text) => placeholders(text).length > 0 && text.replace(/\{\{\s*\w+\s*\}\}/g, '').trim().length < 3);

  it('defines every key the arena pages ask for', () => {
    const used = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bta\(\s*'([a-z_]+(?:\.[A-Za-z_]+)*)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(40);
    for (const lng of [FALLBACK_LANGUAGE, 'en']) {
      const strings = loadNamespace(lng, 'arena');
      for (const key of used) expect(strings, `${lng} ${key}`).toHaveProperty([key]);
    }
  });
});
