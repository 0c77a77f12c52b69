import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace, placeholders } from '../../test-support/locale-checks';

// The replay page's strings, and the replay links of the results dialog and career, live in `replay`.
const sources = readdirSync(import.meta.dirname)
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
  .map((f) => join(import.meta.dirname, f));
const reference = loadNamespace(FALLBACK_LANGUAGE, 'replay');

describe('replay translations', () => {
  // "Replay" itself reads alike in a few languages; bare placeholders ("{{name}}: bito") may too.
  itChecksTranslations('replay', 3, (text) => placeholders(text).length > 0 && text.replace(/\{\{\s*\w+\s*\}\}/g, '').trim().length < 8);

  it('defines every key the page asks for, the step names included', () => {
    const used = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b(?:t|say)\(\s*'([a-z_]+(?:\.[a-z_]+)*)'/g)) used.add(match[1]!);
    }
    for (const r of ['victory', 'defeat', 'draw']) used.add(`result.${r}`);
    // Chosen by a condition inside the call.
    for (const k of ['attack', 'throw_in', 'catch_right']) used.add(`step.${k}`);
    for (const k of ['not_finished', 'watch', 'career_watch']) used.add(k);
    expect(used.size).toBe(Object.keys(reference).length);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
  });
});
