import {
  BANDIT_MAX_BET,
  BANDIT_MIN_BET,
  type BanditSeedAnswer,
  type PaytableAnswer,
  type PastSpin,
  type RotateSeedAnswer,
  type SpinAnswer,
  type SpinBody,
  type WalletType,
} from '@durak/protocol';
import { eq } from 'drizzle-orm';
import type { StakeGuard } from '../responsible-play/stake-guard.js';
import { failure, ok, type Result } from '../shared/result.js';
import { banditSeeds } from '../store/bandit-schema.js';
import type { Db, Store, Tx } from '../store/db.js';
import { transfer, type AccountRef } from '../wallets/ledger.js';
import { listWallets } from '../wallets/wallets.js';
import { findSpin, listSpins, lockSeed, recordSpin, rotateSeed, setClientSeed, type SeedRow, type SpinRow } from './bandit-store.js';
import { exactReturn } from './exact-return.js';
import { spinOutcome } from './fair.js';
import { PAYTABLE, STRIPS, symbolsAt } from './machine.js';

/** The system account stakes go to and wins come from, one per wallet type. */
export const BANDIT_HOUSE = 'house';

export interface BanditService {
  paytable(): PaytableAnswer;
  seed(userId: number): Promise<BanditSeedAnswer>;
  setClientSeed(userId: number, clientSeed: string): Promise<BanditSeedAnswer>;
  rotateSeed(userId: number): Promise<RotateSeedAnswer>;
  spin(userId: number, body: SpinBody): Promise<Result<SpinAnswer>>;
  spins(userId: number, page: number, limit: number): Promise<{ items: PastSpin[]; hasNext: boolean }>;
}

const seedAnswer = (row: SeedRow): BanditSeedAnswer => ({
  server_seed_hash: row.serverSeedHash,
  client_seed: row.clientSeed,
  nonce: row.nonce,
});

function spinJson(row: SpinRow): Omit<SpinAnswer, 'balances'> {
  return {
    stops: row.stops,
    symbols: symbolsAt(row.stops),
    multiplier: row.multiplier,
    bet: row.bet.toString(),
    win: row.win.toString(),
    balance_type: row.balanceType as WalletType,
    nonce: row.nonce,
    client_seed: row.clientSeed,
    server_seed_hash: row.serverSeedHash,
  };
}

async function balances(db: Db | Tx, userId: number): Promise<SpinAnswer['balances']> {
  return (await listWallets(db, userId)).map((w) => ({ wallet_type: w.walletType, balance: w.balance.toString() }));
}

export interface BanditDeps {
  /** Responsible play's limits and fair play's freeze, asked in the spin's transaction. */
  readonly guard: StakeGuard;
  readonly now: () => Date;
  /** BANDIT_MIN_SPIN_MS: the least time between two spins of one player (FEATURES.md §13). */
  readonly minSpinMs: number;
}

export function createBanditService(store: Store, deps: BanditDeps): BanditService {
  const figures = exactReturn(STRIPS, PAYTABLE);
  const published: PaytableAnswer = {
    strips: STRIPS.map((strip) => [...strip]),
    paytable: PAYTABLE.map((line) => ({ ...line, symbols: [...line.symbols] })),
    rtp: figures.rtp,
    hit_frequency: figures.hitFrequency,
    max_multiplier: figures.maxMultiplier,
    min_bet: BANDIT_MIN_BET.toString(),
    max_bet: BANDIT_MAX_BET.toString(),
  };

  /**
   * One spin, one transaction (FEATURES.md §4): the player's seed row is locked first, so two
   * spins of one player never share a nonce and run one after the other; then the stake moves
   * wallet -> house, the win house -> wallet, and the spin row is written with the next nonce.
   * A refused stake rolls back. The idempotency key is the player's: a retry finds the spin under
   * the same lock and answers it again instead of spinning. A new spin sooner than
   * BANDIT_MIN_SPIN_MS after the last one is refused (the time read under the lock, so racing
   * spins are measured in the order they run); then the stake guard decides.
   */
  async function spin(userId: number, body: SpinBody): Promise<Result<SpinAnswer>> {
    return store.withTransaction(async (tx) => {
      const seed = await lockSeed(tx, userId);
      const previous = await findSpin(tx, userId, body.idempotency_key);
      if (previous) {
        if (previous.bet !== body.bet || previous.balanceType !== body.balance_type) {
          return failure('bandit/idempotency_key_reused', 'This idempotency key belongs to a spin with another bet or wallet', {
            bet: previous.bet.toString(),
            balance_type: previous.balanceType,
          });
        }
        return ok({ ...spinJson(previous), balances: await balances(tx, userId) });
      }

      const at = deps.now();
      const retryAt = seed.lastSpinAt ? seed.lastSpinAt.getTime() + deps.minSpinMs : 0;
      if (at.getTime() < retryAt)
        return failure('bandit/too_fast', 'One spin at a time: wait a moment before the next', {
          retry_at: new Date(retryAt).toISOString(),
        });
      const allowed = await deps.guard.check(tx, { userId, kind: 'spin', walletType: body.balance_type, amount: body.bet });
      if (!allowed.ok) return allowed;
      await tx.update(banditSeeds).set({ lastSpinAt: at }).where(eq(banditSeeds.userId, userId));

      const outcome = spinOutcome(seed.serverSeed, seed.clientSeed, seed.nonce);
      const wallet: AccountRef = { userId, walletType: body.balance_type };
      const house: AccountRef = { system: BANDIT_HOUSE, walletType: body.balance_type };
      const key = `bandit:${userId}:${body.idempotency_key}`;
      const memo = { server_seed_hash: seed.serverSeedHash, nonce: seed.nonce };
      const stake = await transfer(tx, {
        from: wallet,
        to: house,
        amount: body.bet,
        kind: 'bandit_stake',
        idempotencyKey: `${key}:stake`,
        memo,
      });
      if (!stake.ok) return { ok: false, error: stake.error };
      const win = body.bet * BigInt(outcome.multiplier);
      if (win > 0n) {
        const paid = await transfer(tx, { from: house, to: wallet, amount: win, kind: 'bandit_win', idempotencyKey: `${key}:win`, memo });
        // The house is a system account (it may go negative) and the wallet was just found: a bug.
        if (!paid.ok) throw new Error(`bandit win refused: ${paid.error.code}`);
      }
      const row = await recordSpin(tx, {
        userId,
        idempotencyKey: body.idempotency_key,
        balanceType: body.balance_type,
        bet: body.bet,
        serverSeedHash: seed.serverSeedHash,
        clientSeed: seed.clientSeed,
        nonce: seed.nonce,
        stops: outcome.stops,
        multiplier: outcome.multiplier,
        win,
      });
      return ok({ ...spinJson(row), balances: await balances(tx, userId) });
    });
  }

  return {
    paytable: () => published,
    seed: async (userId) => seedAnswer(await store.withTransaction((tx) => lockSeed(tx, userId))),
    setClientSeed: async (userId, clientSeed) => seedAnswer(await store.withTransaction((tx) => setClientSeed(tx, userId, clientSeed))),
    rotateSeed: async (userId) => {
      const { revealed, next } = await store.withTransaction((tx) => rotateSeed(tx, userId));
      return { revealed_server_seed: revealed.serverSeed, server_seed_hash: next.serverSeedHash };
    },
    spin,
    spins: async (userId, page, limit) => {
      const { rows, hasNext } = await listSpins(store.db, userId, page, limit);
      return {
        items: rows.map((row) => ({ ...spinJson(row), id: row.id, server_seed: row.serverSeed, created_at: row.createdAt.toISOString() })),
        hasNext,
      };
    },
  };
}
