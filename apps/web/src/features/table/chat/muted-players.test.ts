import { beforeEach, describe, expect, it } from 'vitest';
import { readMuted, setMuted } from './muted-players';

describe('muted players', () => {
  beforeEach(() => localStorage.clear());

  it('a mute is kept on the device: a new page reads it back, and unmuting forgets it', () => {
    const muted = setMuted(readMuted(), 42, true);
    expect(muted.has(42)).toBe(true);
    expect(readMuted().has(42)).toBe(true);
    setMuted(readMuted(), 42, false);
    expect(readMuted().has(42)).toBe(false);
  });

  it('a damaged entry reads as nobody muted rather than breaking the table', () => {
    localStorage.setItem('durak.chat.muted', '{not json');
    expect(readMuted().size).toBe(0);
    localStorage.setItem('durak.chat.muted', JSON.stringify(['7', 8, null]));
    expect([...readMuted()]).toEqual([8]);
  });
});
