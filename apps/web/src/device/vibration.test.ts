import { describe, expect, it, vi } from 'vitest';
import { MAX_CUSTOM_PATTERNS, Vibration, validatePattern, type Haptic } from './vibration';

function setup() {
  const vibrate = vi.fn((_pattern: number | number[]) => true);
  const warn = vi.fn();
  return { vibrate, warn, vibration: new Vibration({ vibrate, warn }) };
}

describe('validatePattern', () => {
  it.each([
    [[50], true],
    [[0, 0], true],
    [[2500, 2500], true],
    [[], false],
    [[-1], false],
    [[Number.NaN], false],
    [[2500, 2501], false],
  ])('%j valid: %s', (pattern, valid) => {
    expect(validatePattern(pattern).ok).toBe(valid);
  });
});

describe('Vibration', () => {
  it('plays a built-in pattern through navigator.vibrate', () => {
    const { vibration, vibrate } = setup();
    expect(vibration.vibrate('success')).toBe(true);
    expect(vibrate).toHaveBeenCalledWith([50, 30, 100]);
  });

  it('returns false with a warning for an unknown name', () => {
    const { vibration, vibrate, warn } = setup();
    expect(vibration.vibrate('earthquake')).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('does not vibrate when switched off', () => {
    const { vibration, vibrate } = setup();
    vibration.isEnabled = false;
    expect(vibration.vibrate('short')).toBe(false);
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('accepts valid custom patterns and rejects invalid ones', () => {
    const { vibration, vibrate } = setup();
    expect(vibration.addPattern('knock', [30, 60, 30])).toEqual({ ok: true });
    expect(vibration.vibrate('knock')).toBe(true);
    expect(vibrate).toHaveBeenCalledWith([30, 60, 30]);
    expect(vibration.addPattern('empty', [])).toEqual({ ok: false, code: 'vibration/empty_pattern' });
    expect(vibration.addPattern('neg', [10, -5])).toEqual({ ok: false, code: 'vibration/invalid_duration' });
    expect(vibration.addPattern('huge', [5001])).toEqual({ ok: false, code: 'vibration/too_long' });
  });

  it('never lets built-ins be overridden or removed', () => {
    const { vibration } = setup();
    expect(vibration.addPattern('short', [999])).toEqual({ ok: false, code: 'vibration/built_in' });
    expect(vibration.removePattern('error')).toEqual({ ok: false, code: 'vibration/built_in' });
    expect(vibration.pattern('short')).toEqual([50]);
  });

  it('holds at most 20 custom patterns', () => {
    const { vibration } = setup();
    for (let i = 0; i < MAX_CUSTOM_PATTERNS; i++) expect(vibration.addPattern(`p${i}`, [10]).ok).toBe(true);
    expect(vibration.addPattern('one-more', [10])).toEqual({ ok: false, code: 'vibration/too_many_patterns' });
    expect(vibration.addPattern('p3', [20]).ok).toBe(true);
    vibration.removePattern('p3');
    expect(vibration.addPattern('one-more', [10]).ok).toBe(true);
  });

  it('plays a sequence with a 300 ms gap after each pattern, and stop cancels the rest', () => {
    vi.useFakeTimers();
    try {
      const { vibration, vibrate } = setup();
      vibration.sequence(['short', 'long', 'medium']);
      vi.advanceTimersByTime(0);
      expect(vibrate).toHaveBeenLastCalledWith([50]);
      vi.advanceTimersByTime(50 + 300);
      expect(vibrate).toHaveBeenLastCalledWith([300]);
      vibration.stop();
      expect(vibrate).toHaveBeenLastCalledWith(0);
      vi.advanceTimersByTime(5000);
      expect(vibrate).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses the host haptic feedback inside Telegram instead of navigator.vibrate', () => {
    const { vibration, vibrate } = setup();
    const haptics: Haptic[] = [];
    vibration.useHaptics((h) => haptics.push(h));
    expect(vibration.vibrate('error')).toBe(true);
    expect(vibration.vibrate('short')).toBe(true);
    expect(haptics).toEqual([
      { kind: 'notification', type: 'error' },
      { kind: 'impact', style: 'light' },
    ]);
    expect(vibrate).not.toHaveBeenCalled();
  });
});
