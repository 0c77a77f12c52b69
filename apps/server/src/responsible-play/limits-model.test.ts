import { describe, expect, it } from 'vitest';
import { COOLING_OFF_MS, limitsInForce, NO_LIMITS, planLimits, type LimitValues, type PendingLimit } from './limits-model.js';

const now = new Date('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const withLimits = (values: Partial<LimitValues>): LimitValues => ({ ...NO_LIMITS, ...values });
const plan = (inForce: Partial<LimitValues>, asked: [keyof LimitValues, bigint | null][], waiting: PendingLimit[] = []) =>
  planLimits(withLimits(inForce), waiting, new Map(asked), now);

describe('setting limits: tighter at once, looser after 24 hours', () => {
  it.each([
    ['a first limit applies at once', {}, 500n],
    ['a lower limit applies at once', { 'loss.day': 1000n }, 500n],
  ] as const)('%s', (_name, inForce, wanted) => {
    const result = plan(inForce, [['loss.day', wanted]]);
    expect(result.limits['loss.day']).toBe(wanted);
    expect(result.pending).toEqual([]);
  });

  it.each([
    ['a higher limit waits 24 h', 2000n],
    ['removing a limit waits 24 h', null],
  ] as const)('%s', (_name, wanted) => {
    const result = plan({ 'deposit.week': 1000n }, [['deposit.week', wanted]]);
    expect(result.limits['deposit.week']).toBe(1000n);
    expect(result.pending).toEqual([{ name: 'deposit.week', value: wanted, effectiveAt: later(COOLING_OFF_MS) }]);
  });

  it('a later lower value cancels what waits', () => {
    const waiting = [{ name: 'loss.day' as const, value: 5000n, effectiveAt: later(3_600_000) }];
    const result = plan({ 'loss.day': 1000n }, [['loss.day', 800n]], waiting);
    expect(result.limits['loss.day']).toBe(800n);
    expect(result.cancelled).toEqual(['loss.day']);
  });

  it('asking again for the limit in force cancels a raise that waits', () => {
    const waiting = [{ name: 'session_minutes' as const, value: 120n, effectiveAt: later(3_600_000) }];
    const result = plan({ session_minutes: 60n }, [['session_minutes', 60n]], waiting);
    expect(result.cancelled).toEqual(['session_minutes']);
    expect(result.pending).toEqual([]);
  });

  it('asking again for a raise that waits does not restart its 24 hours', () => {
    const waiting = [{ name: 'loss.month' as const, value: 9000n, effectiveAt: later(3_600_000) }];
    expect(plan({ 'loss.month': 1000n }, [['loss.month', 9000n]], waiting).pending).toEqual([]);
  });

  it('a raise is in force once its 24 hours are over, not a moment before', () => {
    const pending = [{ name: 'loss.day' as const, value: 5000n, effectiveAt: later(COOLING_OFF_MS) }];
    const stored = withLimits({ 'loss.day': 1000n });
    expect(limitsInForce(stored, pending, later(COOLING_OFF_MS - 1))['loss.day']).toBe(1000n);
    expect(limitsInForce(stored, pending, later(COOLING_OFF_MS))['loss.day']).toBe(5000n);
  });
});
