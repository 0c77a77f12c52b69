import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace, placeholders } from '../../test-support/locale-checks';
import { HOME_STATUSES } from './home-list';
import { KNOWN_ERRORS, OPTION_WORDS } from './tournament-rules';

// The tournament pages' strings (players' and admins') live in their own namespace, `tournament`.
const sources = [
  ...readdirSync(import.meta.dirname)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
    .map((f) => join(import.meta.dirname, f)),
  join(import.meta.dirname, '../main/home-tournaments.tsx'),
];
const reference = loadNamespace(FALLBACK_LANGUAGE, 'tournament');
const english = loadNamespace('en', 'tournament');

describe('tournament translations', () => {
  // Bare placeholders ("{{amount}} · {{wallet}}") stay as they are; words like "Status" may match.
  itChecksTranslations('tournament', 4, (text) => placeholders(text).length > 0);

  it('defines every key the pages ask for', () => {
    const used = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+(?:\.[A-Za-z_]+)*)'/g)) used.add(match[1]!);
    }
    // Keys built at run time.
    for (const s of ['registration', 'running', 'paused', 'finished', 'cancelled', ...HOME_STATUSES]) used.add(`status.${s}`);
    for (const state of ['disconnected', 'connecting', 'connected']) used.add(`realtime.${state}`);
    for (const word of OPTION_WORDS) used.add(`option.${word}`);
    for (const code of KNOWN_ERRORS) used.add(`error.${code.replace('/', '_')}`);
    for (const w of ['BONUS_BALANCE', 'BALANCE']) used.add(`wallet.${w}`);
    for (const a of ['pin', 'unpin', 'pause', 'continue', 'cancel'])
      for (const suffix of ['', '_title', '_text']) used.add(`admin.${a}${suffix}`);
    for (const q of ['register', 'withdraw', 'rebuy']) for (const suffix of ['', '_title', '_yes']) used.add(`confirm.${q}${suffix}`);
    for (const k of [
      'required',
      'too_long',
      'whole_number',
      'range',
      'min_over_max',
      'deck_24',
      'chips',
      'in_future',
      'rebuy_price_needed',
      'server',
    ])
      used.add(`form.${k}`);
    expect(used.size).toBeGreaterThan(120);
    for (const key of used) expect(reference, key).toHaveProperty([key]);
    for (const key of used) expect(english, key).toHaveProperty([key]);
  });
});
