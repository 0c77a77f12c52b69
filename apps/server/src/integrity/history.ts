/**
 * What the fair-play signals read, as plain data (FEATURES.md §12): the finished games with their
 * results and steps, the accounts and their sign-ins. `scan.ts` loads it from game_events, rooms,
 * the ledger and sign_in_events; the tests build it by hand.
 */

import type { SeatFacts } from './replay.js';

export type ExitReason = 'normal' | 'surrender' | 'timeout' | 'left';

export interface SeatOutcome {
  readonly userId: number;
  /** Signed chips the seat won (+) or lost (-) at the table. */
  readonly amount: bigint;
  readonly place: number;
  readonly reason: ExitReason;
}

/** One step of a game: who acted, what the engine said, and whether the stand-in made it. */
export interface Step {
  readonly player: number | null;
  readonly type: string;
  /** null: the player's own move; 'stand_in', 'timeout', 'left'. */
  readonly cause: string | null;
  /** ms since the epoch. */
  readonly at: number;
  /** The engine's public events of the step (bout_started, played, ...). */
  readonly events: readonly { readonly type: string; readonly [key: string]: unknown }[];
}

export interface GameHistory {
  readonly roomId: number;
  readonly finishedAt: number;
  readonly bet: bigint;
  readonly walletType: string;
  readonly isPrivate: boolean;
  readonly isTournament: boolean;
  readonly outcomes: readonly SeatOutcome[];
  /** The deal (seq 0) first, in seq order. */
  readonly steps: readonly Step[];
  /** What the replay found about each person's play (`replay.ts`), by user id; absent: not analysed yet. */
  readonly facts?: ReadonlyMap<number, SeatFacts>;
  /** When each player's stake left their wallet, ms by the ledger's clock (bet rooms). */
  readonly stakedAt?: ReadonlyMap<number, number>;
}

/** Chips from outside the tables (a deposit, a purchase, a promo code, a bonus or reward). */
export interface Funding {
  readonly userId: number;
  /** ms since the epoch, by the ledger's clock. */
  readonly at: number;
  readonly kind: string;
}

export interface AccountInfo {
  readonly id: number;
  readonly createdAt: number;
  readonly parentId: number | null;
}

export interface SignInRecord {
  readonly userId: number;
  readonly deviceId: string | null;
  readonly address: string | null;
  readonly telegramId: string | null;
  readonly at: number;
}

export interface History {
  readonly games: readonly GameHistory[];
  readonly accounts: ReadonlyMap<number, AccountInfo>;
  readonly signIns: readonly SignInRecord[];
  /** The players' fundings from outside the tables (freshly funded feeders). */
  readonly fundings?: readonly Funding[];
}

/**
 * The chips that reached each winner from each loser in one game: a winner's gain (after the
 * rake) is split among the losers in proportion to what they lost (1-vs-1: all of it from the
 * other). Keyed `from>to`. What a refund pays back and a confiscation takes is this.
 */
export function flowsOf(game: GameHistory): Map<string, bigint> {
  const flows = new Map<string, bigint>();
  const losers = game.outcomes.filter((o) => o.amount < 0n);
  const lost = losers.reduce((sum, o) => sum - o.amount, 0n);
  if (lost === 0n) return flows;
  for (const winner of game.outcomes.filter((o) => o.amount > 0n))
    for (const loser of losers) {
      const share = (winner.amount * -loser.amount) / lost;
      const key = `${loser.userId}>${winner.userId}`;
      if (share > 0n) flows.set(key, (flows.get(key) ?? 0n) + share);
    }
  return flows;
}

/** The player's own moves (not the stand-in's, the timer's or leaving) in a game. */
export function ownMoves(game: GameHistory, userId: number): number {
  return game.steps.filter((s) => s.player === userId && s.cause === null).length;
}
