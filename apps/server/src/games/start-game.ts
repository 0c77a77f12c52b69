import { randomBytes } from 'node:crypto';
import { createGame, type GameOptions } from '@durak/engine';
import type { WalletType } from '@durak/protocol';
import { and, eq, inArray } from 'drizzle-orm';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { accounts } from '../store/schema.js';
import type { RoomRow } from '../room-core/room-store.js';
import type { StartGame } from '../room-core/room-seams.js';
import { transfer } from '../wallets/ledger.js';
import { bankAccount, writeStep } from './game-step.js';

export function gameOptionsOf(room: RoomRow): GameOptions {
  return {
    deck_size: room.deckSize === 24 || room.deckSize === 52 ? room.deckSize : 36,
    player_count: room.playerCount,
    is_transfer_allowed: room.isTransferAllowed,
    card_transfer_permission: room.cardTransferPermission === 'NEIGHBORS_ONLY' ? 'NEIGHBORS_ONLY' : 'ALL_PLAYERS',
    is_draw_allowed: room.isDrawAllowed,
    is_death_match_allowed: room.isDeathMatchAllowed,
    is_classic_mode_allowed: room.isClassicModeAllowed,
    secret_trump_mode: room.secretTrumpMode,
    is_cheating_allowed: room.isCheatingAllowed,
    is_speed_mode: room.isSpeedMode,
    // Only a team room says so: a game without the field plays as before (replays of old games too).
    ...(room.isTeamMode ? { is_team_mode: true } : {}),
    // A game dealt before the seat-order fix (migration 0024) keeps its order, so its record replays as played.
    ...(room.isLegacySeatOrder ? { is_legacy_seat_order: true } : {}),
  };
}

/**
 * Starts the game of a full room whose every player is ready, inside the room's locked
 * transaction: every stake moves wallet -> room bank, the seed is drawn (CSPRNG) and only its hash
 * is published, the engine deals. Players who can no longer cover the stake are returned instead
 * (nothing moved); the caller frees their seats.
 */
export const startGame: StartGame = async (tx, room, seats, context) => {
  const walletType = room.balanceType as WalletType;
  const userIds = seats.map((s) => s.userId);
  // Locked in id order, as the ledger locks them: the check below stays true until the transfers.
  const wallets = await tx
    .select({ userId: accounts.userId, balance: accounts.balance })
    .from(accounts)
    .where(and(inArray(accounts.userId, userIds), eq(accounts.walletType, walletType)))
    .orderBy(accounts.id)
    .for('update');
  const unfunded = userIds.filter((id) => (wallets.find((w) => w.userId === id)?.balance ?? 0n) < room.betAmount);
  if (unfunded.length > 0) return { started: false, unfunded };

  // A tournament game has no stake (bet 0): the tournament's pool is its only money.
  for (const userId of room.betAmount > 0n ? userIds : []) {
    const staked = await transfer(tx, {
      from: { userId, walletType },
      to: { system: bankAccount(room.id), walletType },
      amount: room.betAmount,
      kind: 'room_stake',
      idempotencyKey: `room:${room.id}:stake:${userId}`,
      memo: { room_id: room.id },
    });
    if (!staked.ok) throw new Error(`stake of user ${userId} in room ${room.id} failed after the balance check: ${staked.error.code}`);
  }
  const seed = randomBytes(32).toString('hex');
  const players = [...seats].sort((a, b) => a.position - b.position).map((s) => String(s.userId));
  const created = createGame(gameOptionsOf(room), players, { seed });
  if (!created.ok) throw new Error(`room ${room.id} holds options the engine refuses: ${created.error.code}`);
  // Every person counts as away from the start until the broker says otherwise (docs/rooms.md,
  // Stand-in): a tournament player who never opens the table is handed over after STAND_IN_SECONDS
  // like one who dropped, and the first hand-over check clears everyone who is connected.
  const offlineSince = Object.fromEntries(seats.filter((s) => !s.isBot).map((s) => [String(s.userId), context.now.toISOString()]));
  await tx
    .update(rooms)
    .set({ status: 'in_progress', seedHash: created.state.seed_hash, startedAt: context.now, standIns: {}, offlineSince })
    .where(eq(rooms.id, room.id));
  await tx.update(roomSeats).set({ readyDeadline: null }).where(eq(roomSeats.roomId, room.id));
  context.outbox.toRoom(room.id, {
    type: 'game_started',
    room_id: room.id,
    seq: 0,
    seed_hash: created.state.seed_hash,
    players,
  });
  // Every player's time bank is full at the start of each game (FEATURES.md §6).
  const timeBanks = Object.fromEntries(players.map((p) => [p, Math.round(context.config.timeBankSeconds * 1000)]));
  await writeStep(
    tx,
    { ...room, status: 'in_progress', timeBanks, exitReasons: {}, standIns: {}, offlineSince },
    { before: null, after: created.state, action: null, events: created.events },
    context,
  );
  for (const userId of room.betAmount > 0n ? userIds : []) {
    context.outbox.toUser(userId, {
      type: 'wallet_changed',
      room_id: room.id,
      wallet_type: walletType,
      amount: (-room.betAmount).toString(),
    });
  }
  return { started: true };
};
