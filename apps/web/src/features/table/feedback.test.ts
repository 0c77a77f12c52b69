import { describe, expect, it } from 'vitest';
import { emojiFor } from './emoji-picker';
import { cueFor, endCue } from './feedback';
import { timeLeft } from './seat-timer';

describe('sounds and vibration', () => {
  it.each([
    ['a deal', { type: 'game_started' }, /^dealShort[123]$/],
    ['a card played', { type: 'played', player: '2' }, /^throw-beat[123]$/],
    ['a beat', { type: 'beaten', player: '2' }, /^throw-beat[123]$/],
    ['a take', { type: 'taken', player: '2' }, /^take[123]$/],
    ['a discard', { type: 'discarded' }, /^tableToDiscard[123]$/],
  ])('plays a sound for %s', (_name, event, sound) => {
    expect(cueFor(event, '1', 7).sound).toMatch(sound);
  });

  it('buzzes when an opponent plays, not when I do', () => {
    expect(cueFor({ type: 'played', player: '2' }, '1', 0).vibration).toBe('short');
    expect(cueFor({ type: 'played', player: '1' }, '1', 0).vibration).toBeUndefined();
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
