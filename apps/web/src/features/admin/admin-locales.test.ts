import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace, sourceFiles } from '../../test-support/locale-checks';

// The admin area's strings live in their own namespace, `admin`, loaded only with its chunk.

const reference = loadNamespace(FALLBACK_LANGUAGE, 'admin');

describe('admin translations', () => {
  // "Agent", "Administrator", "Rake" are the same word in several languages.
  itChecksTranslations('admin', 5);

  it('defines every key the admin area asks for', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(import.meta.dirname)) {
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
