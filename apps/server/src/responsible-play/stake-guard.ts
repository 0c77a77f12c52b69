import type { ErrorCode, WalletType } from '@durak/protocol';
import { failure, ok, type Result } from '../shared/result.js';
import type { Tx } from '../store/db.js';
import { limitsInForce } from './limits-model.js';
import { lockAccount, upsertLimits, valuesOf, type AccountState } from './limits-store.js';
import { depositsSince, lossSince, PERIOD_MS, PERIODS, playedMsSince, type Period, type Used } from './usage.js';

/**
 * What wants to move money, and so asks the guard first:
 * - `deposit`: chips bought (Stars, sandbox, any provider);
 * - `seat`, `buy_in`, `rebuy`, `spin`: play with a stake (a bet table, a tournament's buy-in or
 *   rebuy with its fee, the slot machine);
 * - `purchase`, `convert`, `redeem`, `claim`, `register`: the store, conversions, promo codes,
 *   rewards, a free tournament's registration — refused on a break, a self-exclusion or a freeze.
 */
export type StakeKind = 'deposit' | 'seat' | 'buy_in' | 'rebuy' | 'spin' | 'purchase' | 'convert' | 'redeem' | 'claim' | 'register';

export interface StakeRequest {
  readonly userId: number;
  readonly kind: StakeKind;
  /** The wallet the stake comes from (for a deposit: the wallet it buys into). */
  readonly walletType: WalletType;
  /** Chips at stake: what the player could lose (for a deposit: what they buy); 0 when nothing is staked. */
  readonly amount: bigint;
}

/** The codes the guard refuses with. */
type StakeRefusal = Extract<
  ErrorCode,
  | 'account/frozen'
  | 'limits/timeout'
  | 'limits/self_excluded'
  | 'limits/underage'
  | 'limits/age_unconfirmed'
  | 'limits/session_exceeded'
  | 'limits/deposit_exceeded'
  | 'limits/loss_exceeded'
  | 'user/not_found'
>;

export interface StakeGuardSettings {
  /** AGE_CHECK: ask for the age before the first money play (default on). */
  readonly ageCheck: boolean;
  /** PLAY_MINUTE_MS: how long a "minute" of the session limit and the reality checks lasts. */
  readonly playMinuteMs: number;
}

/** The one place that decides "may this account stake N now?" (FEATURES.md §12 freeze, §13). */
export interface StakeGuard {
  /**
   * Call inside the transaction that moves the money, before any chip moves. Locks the user's row
   * until that transaction ends, so two racing stakes of one player are judged one after the
   * other, each seeing what the other moved. A refusal is a failed Result to return from the
   * transaction (rolling it back).
   *
   * Lock order (store/lock-order.ts, docs/architecture.md): the caller may already hold the room,
   * the tournament or the stake's own row (a bandit seed, a deposit, a promo code), never a
   * wallet; the wallets come after this call. Whatever else locks a user's row does so after those
   * and before the wallets too (a game's end takes its players' rows before paying out).
   */
  check(tx: Tx, request: StakeRequest): Promise<Result<true, StakeRefusal>>;
}

export function createStakeGuard(settings: StakeGuardSettings, now: () => Date): StakeGuard {
  return { check: (tx, request) => mayStake(tx, request, now(), settings) };
}

const PLAY: readonly StakeKind[] = ['seat', 'buy_in', 'rebuy', 'spin'];
export const isPlay = (kind: StakeKind) => PLAY.includes(kind);

/** The guard as a function, for a caller holding its own clock and settings. */
export async function mayStake(
  tx: Tx,
  request: StakeRequest,
  now: Date,
  settings: StakeGuardSettings,
): Promise<Result<true, StakeRefusal>> {
  const account = await lockAccount(tx, request.userId);
  if (!account) return failure('user/not_found', 'No such user');
  const closed = refusalOfStanding(account, now);
  if (closed) return closed;
  const isMoney = request.kind === 'deposit' || (isPlay(request.kind) && request.walletType === 'BALANCE');
  if (isMoney) {
    if (account.row?.isUnderage) return failure('limits/underage', 'This account is closed to money play: its owner is under 18');
    if (settings.ageCheck && !account.row?.ageConfirmedAt)
      return failure('limits/age_unconfirmed', 'Confirm that you are 18 or older before playing with bought chips');
  }
  const limits = limitsInForce(valuesOf(account.row), account.pending, now);
  if (isPlay(request.kind) && limits.session_minutes !== null) {
    const minuteMs = settings.playMinuteMs;
    const playedMinutes = Math.floor((await playedMsSince(tx, request.userId, new Date(now.getTime() - PERIOD_MS.day), now)) / minuteMs);
    if (playedMinutes >= Number(limits.session_minutes))
      return failure('limits/session_exceeded', 'Your session time for the last 24 hours is used up', {
        limit: Number(limits.session_minutes),
        used: playedMinutes,
      });
  }
  if (request.kind === 'deposit') {
    const over = await firstExceeded(request.amount, now, limits, 'deposit', (since) => depositsSince(tx, request.userId, since));
    if (over) return failure('limits/deposit_exceeded', 'This deposit would pass your deposit limit', over);
  }
  if (isPlay(request.kind) && request.walletType === 'BALANCE') {
    const over = await firstExceeded(request.amount, now, limits, 'loss', (since) => lossSince(tx, request.userId, since));
    if (over) return failure('limits/loss_exceeded', 'This stake could pass your loss limit', over);
  }
  if (isPlay(request.kind)) await scheduleRealityCheck(tx, account, limits.reality_check_minutes, now, settings);
  return ok(true);
}

/** A freeze, a self-exclusion or a break: nothing with money at stake until it ends. */
export function refusalOfStanding(account: Pick<AccountState, 'frozenCaseId' | 'row'>, now: Date) {
  if (account.frozenCaseId !== null)
    return failure('account/frozen', 'This account is frozen while fair play reviews it', { case_id: account.frozenCaseId });
  const excluded = account.row?.excludedUntil;
  if (excluded && excluded > now)
    return failure('limits/self_excluded', 'You excluded yourself from play', { until: excluded.toISOString() });
  const timeout = account.row?.timeoutUntil;
  if (timeout && timeout > now) return failure('limits/timeout', 'You are taking a break from play', { until: timeout.toISOString() });
  return undefined;
}

async function firstExceeded(
  amount: bigint,
  now: Date,
  limits: ReturnType<typeof limitsInForce>,
  kind: 'deposit' | 'loss',
  usedSince: (since: Date) => Promise<Used>,
) {
  for (const period of PERIODS) {
    const limit = limits[`${kind}.${period}`];
    if (limit === null) continue;
    const { used, oldest } = await usedIn(period, now, usedSince);
    if (used + amount > limit) {
      return {
        limit: limit.toString(),
        used: used.toString(),
        // When the oldest counted movement leaves the rolling period and frees its part of the limit.
        resets_at: oldest ? new Date(oldest.getTime() + PERIOD_MS[period]).toISOString() : null,
        period,
      };
    }
  }
  return undefined;
}

const usedIn = (period: Period, now: Date, usedSince: (since: Date) => Promise<Used>) =>
  usedSince(new Date(now.getTime() - PERIOD_MS[period]));

/** The first stake after a reality check (or ever) starts the clock for the next one. */
async function scheduleRealityCheck(
  tx: Tx,
  account: AccountState,
  minutes: bigint | null,
  now: Date,
  settings: StakeGuardSettings,
): Promise<void> {
  if (minutes === null || !account.row || account.row.realityCheckDueAt) return;
  const dueAt = new Date(now.getTime() + Number(minutes) * settings.playMinuteMs);
  await upsertLimits(tx, account.row.userId, { realityCheckDueAt: dueAt }, now);
}
