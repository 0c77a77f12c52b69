import { z } from 'zod';
import { chipsAmountBetween } from './bounds.js';
import { chips } from './common.js';

/**
 * Responsible play (FEATURES.md §13): the limits a player sets on themself, their break or
 * self-exclusion, the age gate and the reality check.
 */

/** A limit in chips as a decimal string; null = none. */
const chipLimit = chips.nullable();
export const periodLimits = z.object({ day: chipLimit, week: chipLimit, month: chipLimit });
export type PeriodLimits = z.infer<typeof periodLimits>;
export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

/** Every limit a player can change, as `pending[].name` names it. */
export const limitNames = [
  'deposit.day',
  'deposit.week',
  'deposit.month',
  'loss.day',
  'loss.week',
  'loss.month',
  'session_minutes',
  'reality_check_minutes',
] as const;
export type LimitName = (typeof limitNames)[number];

export const REALITY_CHECK_MIN_MINUTES = 15;
export const REALITY_CHECK_MAX_MINUTES = 240;
/** A day's worth of play at the most: a longer session limit is no limit. */
export const SESSION_MAX_MINUTES = 24 * 60;

/** What the player has played in the last 24 hours: shown by the reality check and the page. */
export const playSession = z.object({
  minutes_played: z.number().int().nonnegative(),
  /** Chips staked (both wallets): bets, buy-ins, rebuys, fees and spins. */
  staked: chips,
  /** Won minus staked: negative is a loss. */
  net: chips,
});
export type PlaySession = z.infer<typeof playSession>;

export const limitsAnswer = z.object({
  deposit: periodLimits,
  loss: periodLimits,
  session_minutes: z.number().int().nullable(),
  reality_check_minutes: z.number().int().nullable(),
  /** Raised or removed limits waiting out their 24 hours; `value` null = removed. */
  pending: z.array(z.object({ name: z.enum(limitNames), value: z.union([chips, z.number().int()]).nullable(), effective_at: z.string() })),
  timeout_until: z.string().nullable(),
  excluded_until: z.string().nullable(),
  age_confirmed: z.boolean(),
  /** Closed to money play for good: the age given was under 18. */
  is_underage: z.boolean(),
  /** What is used of each limit now, in its rolling period. */
  used: z.object({ deposit: periodLimits, loss: periodLimits, session_minutes: z.number().int().nonnegative() }),
  /** A reality check the player has not answered yet (shown on the next load), or null. */
  reality_check: playSession.extend({ due_at: z.string() }).nullable(),
});
export type LimitsAnswer = z.infer<typeof limitsAnswer>;

const limitChips = chipsAmountBetween(1n, 1_000_000_000_000n).nullable();
const periodChange = z.object({ day: limitChips.optional(), week: limitChips.optional(), month: limitChips.optional() }).strict();

export const limitsChange = z
  .object({
    deposit: periodChange.optional(),
    loss: periodChange.optional(),
    session_minutes: z.number().int().min(1).max(SESSION_MAX_MINUTES).nullable().optional(),
    reality_check_minutes: z.number().int().min(REALITY_CHECK_MIN_MINUTES).max(REALITY_CHECK_MAX_MINUTES).nullable().optional(),
  })
  .strict();
export type LimitsChange = z.infer<typeof limitsChange>;
export type LimitsChangeRequest = z.input<typeof limitsChange>;

export const timeoutDays = [1, 7, 30, 42] as const;
export const selfExclusionMonths = [6, 12, 60] as const;
export const timeoutBody = z.object({ days: z.union(timeoutDays.map((d) => z.literal(d))) }).strict();
export const selfExclusionBody = z.object({ months: z.union(selfExclusionMonths.map((m) => z.literal(m))) }).strict();
export const ageConfirmationBody = z.object({ birth_date: z.iso.date() }).strict();

export const realityCheckAnswerBody = z.object({ choice: z.enum(['keep_playing', 'stop']) }).strict();

/** Published on `#{userId}` every `reality_check_minutes` of play (FEATURES.md §13). */
export const realityCheckMessage = playSession.extend({ type: z.literal('reality_check'), due_at: z.string() });
export type RealityCheckMessage = z.infer<typeof realityCheckMessage>;

/** The `details` of `limits/deposit_exceeded` and `limits/loss_exceeded`. */
export const limitExceededDetails = z.object({ limit: chips, used: chips, resets_at: z.string().nullable(), period: z.enum(limitPeriods) });
