import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { banditSymbol } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace } from '../../test-support/locale-checks';

// The slot machine's strings live in their own namespace, `bandit`, loaded only on /bandit.

const reference = loadNamespace(FALLBACK_LANGUAGE, 'bandit');

describe('slot machine translations', () => {
  // "Bar" and "Limon" are the word in several languages.
  itChecksTranslations('bandit', 2);

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
