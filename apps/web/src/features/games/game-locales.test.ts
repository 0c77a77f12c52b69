import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../i18n/languages';
import { itChecksTranslations, loadNamespace } from '../../test-support/locale-checks';
import { TOGGLE_KEYS } from './filter-store';
import { BALANCE_TYPES, ROOM_STATUSES, TRANSFER_PERMISSIONS } from './room-options';

// The lobby's and the table's strings live in their own namespace, `game`, loaded on demand.
const featureDirs = ['games', 'table', 'cards'].map((d) => join(import.meta.dirname, '..', d));
const load = (lng: string) => loadNamespace(lng, 'game');
const reference = load(FALLBACK_LANGUAGE);
const english = load('en');

describe('game translations', () => {
  // Words like "Hmm" or "Filter" are the same in several languages; a handful is fine.
  itChecksTranslations('game', 4);

  it('says "свободно" on an empty seat and titles the emoji picker "Выберите эмодзи" in Russian', () => {
    expect(reference['seat.free']).toBe('свободно');
    expect(reference['emoji.title']).toBe('Выберите эмодзи');
  });

  // A defender's transfer and an attacker's "beat" (shown as pass while the defender takes) are
  // different moves; words sharing a stem ("Pass" / "Pass on") had players press the wrong one.
  it.each(LANGUAGES)('%s names beat, pass and transfer with words that share no stem', (lng) => {
    const file = load(lng);
    const stem = (text: string) =>
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^\p{L}]/gu, '')
        .slice(0, 3);
    const words = [file['action.beat']!, file['action.pass']!, file['action.transfer']!];
    expect(stem(words[2]!), `${lng}: ${words.join(' / ')}`).not.toBe(stem(words[0]!));
    expect(stem(words[2]!), `${lng}: ${words.join(' / ')}`).not.toBe(stem(words[1]!));
    expect(new Set(words).size).toBe(3);
  });

  // Fair play's refusals (FEATURES.md §12) reach the lobby and the table as error codes.
  it.each(LANGUAGES)('%s explains a linked account at the table, a frozen account and autoplay at a stake', (lng) => {
    const file = load(lng);
    for (const code of ['room/linked_accounts', 'account/frozen', 'room/autoplay_not_allowed']) {
      expect(file[`error.${code}`], `${lng}: ${code}`).toBeTruthy();
      if (lng !== 'en') expect(file[`error.${code}`]).not.toBe(english[`error.${code}`]);
    }
  });

  it('says "Бито" and "Перевести" in Russian and "Transfer" in English', () => {
    expect([reference['action.beat'], reference['action.transfer']]).toEqual(['Бито', 'Перевести']);
    expect(english['action.transfer']).toBe('Transfer');
  });

  it('defines every key the lobby and the table ask for', () => {
    const used = new Set<string>();
    for (const dir of featureDirs) {
      for (const name of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))) {
        const text = readFileSync(join(dir, name), 'utf8');
        for (const match of text.matchAll(/\bt\(\s*'([a-z_]+\.[A-Za-z_.]+)'/g)) used.add(match[1]!);
      }
    }
    // Keys built at run time from the room's values.
    for (const key of TOGGLE_KEYS) used.add(`option.${key}`);
    for (const status of ROOM_STATUSES) used.add(`status.${status}`);
    for (const p of TRANSFER_PERMISSIONS) used.add(`permission.${p}`);
    for (const b of BALANCE_TYPES) used.add(`wallet.${b}`);
    for (const r of ['victory', 'defeat', 'draw', 'late_joined']) used.add(`result.${r}`);
    for (const s of ['beat', 'take']) used.add(`round.${s}`);
    expect(used.size).toBeGreaterThan(60);
    // A count's text may come in plural forms only (`lobby.deck_short_one` ... `_other`, FEATURES.md §17).
    for (const key of used) expect(reference[key] ?? reference[`${key}_other`], key).toBeDefined();
  });
});
