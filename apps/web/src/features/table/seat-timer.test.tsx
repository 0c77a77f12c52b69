import { act, cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SeatTimer, timeLeft } from './seat-timer';
import type { TimerPayload } from '@durak/protocol';

const START = Date.parse('2024-05-01T12:00:00Z');
const timerOf = (seconds: number): TimerPayload => ({
  timer_response: { player_id: '7', created_at: new Date(START).toISOString(), expired_at: new Date(START + seconds * 1000).toISOString() },
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const seconds = () => screen.getByText(/^\d+$/).textContent;
const ringOffset = () => Number(screen.getByTestId('seat-timer').querySelector('.seat-timer-left')?.getAttribute('stroke-dashoffset'));

describe('the seat timer (SPEC §9)', () => {
  it('ticks every 500 ms, not faster: the seconds and the ring move only on a tick', () => {
    vi.setSystemTime(START + 13_800);
    render(<SeatTimer timer={timerOf(15)} isAttacker={false} size={56} />);
    expect(seconds()).toBe('2');
    const before = ringOffset();
    act(() => void vi.advanceTimersByTime(400));
    // 1.6 s are left by now, but nothing repaints between ticks.
    expect(seconds()).toBe('2');
    expect(ringOffset()).toBe(before);
    act(() => void vi.advanceTimersByTime(100));
    expect(seconds()).toBe('1');
    expect(ringOffset()).toBeGreaterThan(before);
    act(() => void vi.advanceTimersByTime(1000));
    expect(seconds()).toBe('0');
  });

  it('is red for the attacker and gold for everyone else', () => {
    const { unmount } = render(<SeatTimer timer={timerOf(15)} isAttacker size={56} />);
    expect(screen.getByTestId('seat-timer').classList.contains('seat-timer-attacker')).toBe(true);
    expect(screen.getByText('15').classList.contains('seat-seconds-attacker')).toBe(true);
    unmount();
    render(<SeatTimer timer={timerOf(15)} isAttacker={false} size={56} />);
    expect(screen.getByTestId('seat-timer').classList.contains('seat-timer-attacker')).toBe(false);
    const css = readFileSync(join(import.meta.dirname, 'table.css'), 'utf8');
    expect(css).toMatch(/\.seat-timer-attacker \.seat-timer-left\s*\{\s*stroke:\s*#ff4d3d/);
  });

  it.each([
    ['a fresh turn', 0, 1, 15],
    ['half way', 7_500, 0.5, 8],
    ['run out', 15_000, 0, 0],
    ['long past', 60_000, 0, 0],
  ])('has the right share left at %s', (_name, elapsed, fraction, left) => {
    expect(timeLeft(timerOf(15), START + elapsed)).toEqual({ fraction, seconds: left });
  });
});
