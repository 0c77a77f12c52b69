import type { WalletType } from '@durak/protocol';
import type { Outbox } from '../publishing/outbox.js';
import type { Tx } from '../store/db.js';
import { transfer, type TransferResult } from '../wallets/ledger.js';
import { houseAccount, poolAccount, type TournamentRow } from './tournament-store.js';

/**
 * The two places a tournament's chips go from a player's wallet: the pool (buy-ins and rebuys,
 * paid back out as prizes) and the house (the fee, FEATURES.md §9, which never enters the pool).
 * Each movement is one ledger transfer under the caller's key, told to the player's channel after
 * the commit.
 */
export async function movePlayerChips(
  tx: Tx,
  outbox: Outbox,
  t: TournamentRow,
  move: { userId: number; amount: bigint; direction: 'in' | 'out'; account: 'pool' | 'house'; kind: string; key: string },
): Promise<TransferResult> {
  const walletType = t.balanceType as WalletType;
  const user = { userId: move.userId, walletType };
  const other = { system: move.account === 'pool' ? poolAccount(t.id) : houseAccount, walletType };
  const moved = await transfer(tx, {
    from: move.direction === 'in' ? user : other,
    to: move.direction === 'in' ? other : user,
    amount: move.amount,
    kind: move.kind,
    idempotencyKey: move.key,
    memo: { tournament_id: t.id },
  });
  if (moved.ok) {
    outbox.toUser(move.userId, {
      type: 'wallet_changed',
      tournament_id: t.id,
      wallet_type: walletType,
      amount: (move.direction === 'in' ? -move.amount : move.amount).toString(),
    });
  }
  return moved;
}

/**
 * An entry or a rebuy paid in: `amount` to the pool and the tournament's fee to the house, in the
 * caller's transaction (a wallet that cannot pay both pays neither: the caller's failed Result rolls
 * both back), each under its own idempotency key. Answers the refusal, or undefined once paid.
 */
export async function payIn(
  tx: Tx,
  outbox: Outbox,
  t: TournamentRow,
  payment: { userId: number; amount: bigint; kind: string; key: string; feeKey: string },
): Promise<Extract<TransferResult, { ok: false }> | undefined> {
  const parts = [
    { amount: payment.amount, account: 'pool' as const, kind: payment.kind, key: payment.key },
    { amount: t.fee, account: 'house' as const, kind: 'tournament_fee', key: payment.feeKey },
  ];
  for (const part of parts) {
    if (part.amount <= 0n) continue;
    const moved = await movePlayerChips(tx, outbox, t, { userId: payment.userId, direction: 'in', ...part });
    if (!moved.ok) return moved;
  }
  return undefined;
}
