import { describe, expect, it } from 'vitest';
import { parentFromStartParam, parseStartParam, roomFromStartParam } from './start-param';

describe('parseStartParam', () => {
  it('splits pairs on "-" and key from value on "_" or "="', () => {
    expect(parseStartParam('pr_123-src=ad7')).toEqual({ pr: '123', src: 'ad7' });
  });
  it('keeps the rest of a value after the first separator', () => {
    expect(parseStartParam('ref_a_b')).toEqual({ ref: 'a_b' });
  });
  it('ignores pairs without a separator or value, and empty input', () => {
    expect(parseStartParam('junk-pr_-x_1')).toEqual({ x: '1' });
    expect(parseStartParam('')).toEqual({});
    expect(parseStartParam(undefined)).toEqual({});
  });
});

describe('parentFromStartParam', () => {
  it('reads the parent id from key pr', () => {
    expect(parentFromStartParam('pr_42')).toBe(42);
    expect(parentFromStartParam('utm_x-pr=7')).toBe(7);
  });
  it('has no parent when pr is missing or not a positive number', () => {
    expect(parentFromStartParam('utm_x')).toBeUndefined();
    expect(parentFromStartParam('pr_abc')).toBeUndefined();
    expect(parentFromStartParam('pr_0')).toBeUndefined();
    expect(parentFromStartParam(null)).toBeUndefined();
  });
});

describe('roomFromStartParam', () => {
  it('reads the table to open from key room, beside a referral', () => {
    expect(roomFromStartParam('room_15')).toBe(15);
    expect(roomFromStartParam('pr_4-room_15')).toBe(15);
  });
  it.each([['room_0'], ['room_abc'], ['room_-3'], ['pr_15'], [undefined]])('ignores %s', (raw) => {
    expect(roomFromStartParam(raw)).toBeUndefined();
  });
});
