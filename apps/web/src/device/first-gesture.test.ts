import { describe, expect, it, vi } from 'vitest';
import { afterFirstGesture } from './first-gesture';

describe('afterFirstGesture', () => {
  it('waits for the first tap or key press, then runs once', () => {
    const target = new EventTarget();
    const fn = vi.fn();
    afterFirstGesture(fn, target);
    expect(fn).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const target = new EventTarget();
    const fn = vi.fn();
    afterFirstGesture(fn, target)();
    target.dispatchEvent(new Event('pointerdown'));
    expect(fn).not.toHaveBeenCalled();
  });
});
