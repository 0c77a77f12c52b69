import { describe, expect, it } from 'vitest';
import { formatCountdown, timeLeft } from './countdown';

const at = Date.parse('2026-11-24T12:00:00Z');
const show = (ms: number) => formatCountdown(timeLeft(at + ms, at), (d) => `${d} d`);

describe('the countdown to a start', () => {
  it.each([
    ['a few seconds', 5_000, '00:05'],
    ['part of a second still shows a second', 400, '00:01'],
    ['minutes', 12 * 60_000 + 3_000, '12:03'],
    ['hours', 3 * 3_600_000 + 4 * 60_000 + 5_000, '3:04:05'],
    ['days', 2 * 86_400_000 + 60_000, '2 d 0:01:00'],
    ['the moment itself', 0, '00:00'],
    ['a start already past never goes negative', -90_000, '00:00'],
  ])('%s', (_name, ms, text) => expect(show(ms)).toBe(text));

  it('is over only at or after the moment', () => {
    expect(timeLeft(at + 1, at).isOver).toBe(false);
    expect(timeLeft(at, at).isOver).toBe(true);
    expect(timeLeft(at - 5, at).isOver).toBe(true);
  });
});
