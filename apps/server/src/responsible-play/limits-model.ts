import type { LimitName, LimitsChange } from '@durak/protocol';

/**
 * The rule of FEATURES.md §13 as pure functions: a lower (or new) limit applies at once; a higher
 * one, or removing one, waits 24 hours; a later value at or below the current one cancels what
 * waits. A value is chips (bigint) for deposit and loss limits, minutes (bigint here too, to keep
 * one type) for the session and the reality check; null is no limit.
 */
export type LimitValues = Readonly<Record<LimitName, bigint | null>>;
export interface PendingLimit {
  readonly name: LimitName;
  readonly value: bigint | null;
  readonly effectiveAt: Date;
}

export const COOLING_OFF_MS = 24 * 3_600_000;

export const NO_LIMITS: LimitValues = {
  'deposit.day': null,
  'deposit.week': null,
  'deposit.month': null,
  'loss.day': null,
  'loss.week': null,
  'loss.month': null,
  session_minutes: null,
  reality_check_minutes: null,
};

/** The limits in force at `now`: the stored ones with every pending change whose 24 h are over. */
export function limitsInForce(stored: LimitValues, pending: readonly PendingLimit[], now: Date): LimitValues {
  const next: Record<LimitName, bigint | null> = { ...stored };
  for (const p of pending) if (p.effectiveAt.getTime() <= now.getTime()) next[p.name] = p.value;
  return next;
}

/** A tighter limit: any limit where there was none, or a lower one. */
const isTighter = (current: bigint | null, wanted: bigint) => current === null || wanted < current;

export interface LimitsPlan {
  /** The limits to store now (in force at once). */
  readonly limits: LimitValues;
  /** Pending changes to write (one per name; replaces what waited). */
  readonly pending: readonly PendingLimit[];
  /** Names whose pending change is cancelled. */
  readonly cancelled: readonly LimitName[];
}

/** The changes a PUT asks for, by name; a field left out is not in the map. */
export function requestedChanges(change: LimitsChange): Map<LimitName, bigint | null> {
  const asked = new Map<LimitName, bigint | null>();
  for (const kind of ['deposit', 'loss'] as const) {
    const periods = change[kind];
    if (!periods) continue;
    for (const period of ['day', 'week', 'month'] as const) {
      const value = periods[period];
      if (value !== undefined) asked.set(`${kind}.${period}`, value);
    }
  }
  if (change.session_minutes !== undefined)
    asked.set('session_minutes', change.session_minutes === null ? null : BigInt(change.session_minutes));
  if (change.reality_check_minutes !== undefined)
    asked.set('reality_check_minutes', change.reality_check_minutes === null ? null : BigInt(change.reality_check_minutes));
  return asked;
}

/**
 * What a PUT does, given the limits in force (pending changes already due folded in) and the
 * changes still waiting.
 */
export function planLimits(
  inForce: LimitValues,
  waiting: readonly PendingLimit[],
  asked: ReadonlyMap<LimitName, bigint | null>,
  now: Date,
): LimitsPlan {
  const limits: Record<LimitName, bigint | null> = { ...inForce };
  const pending: PendingLimit[] = [];
  const cancelled: LimitName[] = [];
  for (const [name, wanted] of asked) {
    const current = inForce[name];
    const waits = waiting.some((p) => p.name === name && p.effectiveAt.getTime() > now.getTime());
    if (wanted !== null && isTighter(current, wanted)) {
      limits[name] = wanted;
      if (waits) cancelled.push(name);
    } else if (wanted === current) {
      if (waits) cancelled.push(name);
    } else if (!waiting.some((p) => p.name === name && p.value === wanted && p.effectiveAt.getTime() > now.getTime())) {
      // Asking again for what already waits keeps its time: repeating a request does not restart the 24 h.
      pending.push({ name, value: wanted, effectiveAt: new Date(now.getTime() + COOLING_OFF_MS) });
    }
  }
  return { limits, pending, cancelled };
}
