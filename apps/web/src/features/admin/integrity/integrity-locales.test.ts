import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../../i18n/languages';
import { itChecksTranslations, loadNamespace } from '../../../test-support/locale-checks';
import { STATUSES } from './cases-page';
import { FIGURE_KEYS } from './figures';

// Fair play's admin pages (FEATURES.md §12) have their own namespace, `integrity`.
const reference = loadNamespace(FALLBACK_LANGUAGE, 'integrity');

describe('integrity translations', () => {
  itChecksTranslations('integrity', 3);

  it('defines every key the pages ask for', () => {
    const used = new Set<string>(['nav']);
    for (const file of readdirSync(import.meta.dirname).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))) {
      const text = readFileSync(join(import.meta.dirname, file), 'utf8');
      for (const match of text.matchAll(/\btx\(\s*'([a-z_]+\.[A-Za-z_.]+)'/g)) used.add(match[1]!);
    }
    // Keys built at run time.
    for (const kind of ['chip_dumping', 'linked_accounts', 'soft_play', 'machine_play', 'stand_in_share']) used.add(`kind.${kind}`);
    for (const status of STATUSES) used.add(`status.${status}`);
    for (const role of ['receiver', 'feeder', 'member']) used.add(`role.${role}`);
    for (const what of ['freeze', 'dismiss', 'refund', 'confiscate', 'none']) used.add(`explain.${what}`);
    for (const what of ['refund', 'confiscate', 'none']) used.add(`action.confirm_${what}`);
    for (const reason of ['normal', 'surrender', 'timeout', 'left']) used.add(`reason.${reason}`);
    for (const figure of FIGURE_KEYS) used.add(`figure.${figure}`);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
    expect(Object.keys(reference).filter((key) => !used.has(key))).toEqual([]);
  });
});
