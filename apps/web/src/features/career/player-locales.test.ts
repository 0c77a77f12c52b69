import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace, sourceFiles } from '../../test-support/locale-checks';

// The player pages' strings (home, menu profile, career, friends) live in the `player` namespace.
const srcDir = join(import.meta.dirname, '../..');

const reference = loadNamespace(FALLBACK_LANGUAGE, 'player');

describe('player page translations', () => {
  // Words like "Rating", "online" and "Bonus" are the same in a few languages.
  itChecksTranslations('player', 4);

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
