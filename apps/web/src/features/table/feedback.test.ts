import type { RoomMessage } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import { emojiFor } from './emoji-picker';
import { cueFor, endCue } from './feedback';
import { timeLeft } from './seat-timer';

const seven = { suit: 'spades', rank: '7' } as const;
const played = (player: string): RoomMessage => ({ type: 'played', room_id: 9, seq: 2, player, cards: [seven], slot_ids: [1] });

describe('sounds and vibration', () => {
  it.each([
    ['a deal', { type: 'game_started', room_id: 9, seq: 1, seed_hash: null, players: ['1', '2'] }, /^dealShort[123]$/],
    ['a card played', played('2'), /^throw-beat[123]$/],
    ['a beat', { type: 'beaten', room_id: 9, seq: 3, player: '2', slot_id: 1, card: seven }, /^throw-beat[123]$/],
    ['a take', { type: 'taken', room_id: 9, seq: 3, player: '2', cards: [seven] }, /^take[123]$/],
    ['a discard', { type: 'discarded', room_id: 9, seq: 3, cards: [seven] }, /^tableToDiscard[123]$/],
  ] satisfies [string, RoomMessage, RegExp][])('plays a sound for %s', (_name, event, sound) => {
    expect(cueFor(event, '1', 7).sound).toMatch(sound);
  });

  it('buzzes when an opponent plays, not when I do', () => {
    expect(cueFor(played('2'), '1', 0).vibration).toBe('short');
    expect(cueFor(played('1'), '1', 0).vibration).toBeUndefined();
  });

  it('plays victory and defeat at the end', () => {
    expect(endCue('victory')).toEqual({ sound: 'victory', vibration: 'success' });
    expect(endCue('defeat')).toEqual({ sound: 'defeat', vibration: 'error' });
  });
});

describe('emoji', () => {
  const all = [
    { id: 1, name: 'smile', is_throwable: false },
    { id: 9, name: 'tomato', is_throwable: true },
  ];
  it('offers only throwable emoji for another player and only the others for oneself', () => {
    expect(emojiFor(all, false).map((e) => e.name)).toEqual(['tomato']);
    expect(emojiFor(all, true).map((e) => e.name)).toEqual(['smile']);
  });
});

describe('seat timer', () => {
  const timer = { timer_response: { player_id: '1', created_at: '2026-01-01T00:00:00.000Z', expired_at: '2026-01-01T00:00:30.000Z' } };
  it('counts down the share of the turn left', () => {
    expect(timeLeft(timer, Date.parse('2026-01-01T00:00:15.000Z'))).toEqual({ fraction: 0.5, seconds: 15 });
    expect(timeLeft(timer, Date.parse('2026-01-01T00:00:40.000Z'))).toEqual({ fraction: 0, seconds: 0 });
  });
});
