import { DEFAULT_OPTIONS } from '@durak/engine';
import { reapplyReplay, type ReplayStep } from '@durak/protocol';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { playedReplay, seededRandom } from '../../test-support/replay';
import { stepText } from './step-text';

const i18n = i18next.createInstance();
const load = (lng: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../public/locales/${lng}/replay.json`), 'utf8')) as Record<string, unknown>;
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { replay: load('en') }, ru: { replay: load('ru') } },
    ns: ['replay'],
    defaultNS: 'replay',
    interpolation: { escapeValue: false },
  });
});

const replay = playedReplay('step-names', { ...DEFAULT_OPTIONS, player_count: 3, is_transfer_allowed: true }, seededRandom(5));
const again = reapplyReplay(replay);
if (!again.ok) throw new Error(again.problem.message);
const names: Record<string, string> = Object.fromEntries(replay.players.map((p) => [p.user_id, p.username]));
const textOf = (lng: string, n: number) =>
  stepText(
    i18n.getFixedT(lng, 'replay'),
    n > 0 ? replay.steps[n - 1]! : null,
    again.frames[n]!.events,
    n > 0 ? again.frames[n - 1]!.state : null,
    (id) => names[id] ?? id,
  );

describe('each step named in the player’s language', () => {
  it('marks a move the computer made for a dropped player', () => {
    const standIn = { ...replay.steps[0]!, is_stand_in: true };
    const say = i18n.getFixedT('en', 'replay');
    const before = again.frames[0]!.state;
    const text = stepText(say, standIn, again.frames[1]!.events, before, (id) => names[id] ?? id);
    expect(text).toBe(`${textOf('en', 1)} (played by the computer)`);
    expect(stepText(i18n.getFixedT('ru', 'replay'), standIn, again.frames[1]!.events, before, (id) => names[id] ?? id)).toContain(
      '(ходил компьютер)',
    );
  });

  it('names the deal with its trump, and the first attack with its player and card', () => {
    expect(textOf('en', 0)).toMatch(/^The deal: (6|7|8|9|10|J|Q|K|A)[♣♦♥♠] is trump$/);
    const first = replay.steps[0]!;
    expect(first.action.type).toBe('attack');
    const attack = first.action as Extract<ReplayStep['action'], { type: 'attack' }>;
    expect(textOf('en', 1)).toBe(
      `${names[attack.player]} attacks with ${attack.cards.map((c) => c.rank + { clubs: '♣', diamonds: '♦', hearts: '♥', spades: '♠' }[c.suit]).join(' ')}`,
    );
    expect(textOf('ru', 1)).toContain(`${names[attack.player]} ходит`);
  });

  it('names every step of a whole game, and the last one says who is the durak', () => {
    const all = replay.steps.map((_, i) => textOf('en', i + 1));
    expect(all.every((text) => !text.includes('step.') && !text.includes('?'))).toBe(true);
    const durak = replay.result.find((r) => r.result === 'defeat');
    expect(all.at(-1)).toContain(durak ? `Game over: ${names[durak.player_id]} is the durak` : 'Game over: a draw');
    const takes = replay.steps.findIndex((s) => s.action.type === 'take');
    if (takes >= 0) expect(all[takes]).toBe(`${names[(replay.steps[takes]!.action as { player: string }).player]} takes`);
  });
});
