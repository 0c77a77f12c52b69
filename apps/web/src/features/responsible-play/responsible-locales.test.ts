import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { limitNames } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace } from '../../test-support/locale-checks';

// Responsible play's strings live in their own namespace, `responsible`, loaded by its page, the menu link and its dialogs.
const reference = loadNamespace(FALLBACK_LANGUAGE, 'responsible');

describe('responsible play translations', () => {
  // "{{minutes}} min" reads the same in a few languages.
  itChecksTranslations('responsible', 2);

  it('defines every key the page and its dialogs ask for', () => {
    const used = new Set<string>();
    const dir = import.meta.dirname;
    for (const name of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))) {
      const text = readFileSync(join(dir, name), 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+(?:\.[A-Za-z_.0-9]+)?)'/g)) used.add(match[1]!);
    }
    // Keys built at run time: a pending limit's name, the periods, the break and exclusion choices.
    for (const name of limitNames) used.add(`names.${name}`);
    for (const kind of ['deposit', 'loss', 'day', 'week', 'month']) used.add(`limits.${kind}`);
    for (const days of [1, 7, 30, 42]) used.add(`break.d${days}`);
    for (const months of [6, 12, 60]) used.add(`exclusion.m${months}`);
    expect(used.size).toBeGreaterThan(50);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
  });
});
