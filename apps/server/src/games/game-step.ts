import { awaited, cardCode, turnSeconds, viewFor, type Action, type GameEvent, type GameState } from '@durak/engine';
import type { BetPayload, ResultPayload, TimerPayload, WalletType } from '@durak/protocol';
import { botDeadline } from '../practice/bot-turn.js';
import { standInDeadline } from './stand-in.js';
import { pipelineWrite, type Tx } from '../store/db.js';
import type { Outbox } from '../publishing/outbox.js';
import { completeRoom, type MoveRoom } from '../room-core/room-store.js';
import type { RoomsConfig } from '../room-core/rooms-config.js';
import type { GameOverHook } from '../room-core/room-seams.js';
import { lockAccountSet, transfer } from '../wallets/ledger.js';
import { lockTournamentRow, lockUserRows } from '../store/lock-order.js';
import { payoutOf } from './payout.js';

export const bankAccount = (roomId: number) => `room:${roomId}`;
export const rakeAccount = 'rake';

/** What made a step: a move, the timer, leaving the table, or the stand-in (a surrender counts by its cause). */
export type StepCause = 'move' | 'timeout' | 'left' | 'stand_in';

/** When the table's next decision is due, or null when nothing waits (the game is over). */
export function deadlineOf(state: GameState, now: Date, config: RoomsConfig): Date | null {
  if (state.phase === 'finished') return null;
  const waiting = awaited(state);
  if (waiting.on_timeout === 'none') return null;
  const seconds =
    waiting.on_timeout === 'close_catch_window'
      ? config.catchWindowSeconds
      : turnSeconds(state.options, config.turnSeconds, config.speedTurnSeconds);
  return new Date(now.getTime() + seconds * 1000);
}

/** When the running turn timer (or, while it runs, the time bank) ends; null when nothing is timed. */
export function timerEndOf(
  room: Pick<MoveRoom, 'timerStartedAt' | 'bankStartedAt' | 'timeBanks'>,
  state: GameState,
  config: RoomsConfig,
): Date | null {
  if (state.phase === 'finished' || !room.timerStartedAt) return null;
  if (!room.bankStartedAt) return deadlineOf(state, room.timerStartedAt, config);
  const bank = Math.max(0, ...awaited(state).players.map((p) => room.timeBanks[p] ?? 0));
  return new Date(room.bankStartedAt.getTime() + bank);
}

/**
 * The room's next deadline of any kind in a running game: a practice bot's pause, the stand-in's
 * pause, an away player's hand-over, or the end of the turn timer (or bank), whichever comes first.
 */
export function nextDeadlineOf(room: MoveRoom, state: GameState, now: Date, timerEnd: Date | null, config: RoomsConfig): Date | null {
  return botDeadline(room, state, now, config) ?? standInDeadline(room, state, now, timerEnd, config);
}

/** The running timers; while a time bank runs (`bankStartedAt`), they show the bank, from its start. */
export function timersOf(
  state: GameState | null,
  startedAt: Date | null,
  expiresAt: Date | null,
  bankStartedAt: Date | null = null,
): TimerPayload[] {
  if (!state || !startedAt || !expiresAt || state.phase === 'finished') return [];
  const from = bankStartedAt ?? startedAt;
  return awaited(state).players.map((player_id) => ({
    timer_response: { player_id, created_at: from.toISOString(), expired_at: expiresAt.toISOString() },
    ...(bankStartedAt ? { is_time_bank: true } : {}),
  }));
}

/** The bank left to the awaited players after `used` ms of it ran (never below 0). */
export function banksAfter(banks: Readonly<Record<string, number>>, players: readonly string[], used: number): Record<string, number> {
  const left = { ...banks };
  for (const player of players) left[player] = Math.max(0, (left[player] ?? 0) - Math.max(0, used));
  return left;
}

/** Publications of one step: the public events, the turn and timers, and every changed hand. */
function publishStep(
  outbox: Outbox,
  roomId: number,
  before: GameState | null,
  after: GameState,
  events: readonly GameEvent[],
  extra: { timers: TimerPayload[]; timeBanks: Record<string, number>; bets?: BetPayload[]; results?: ResultPayload[]; rake?: string },
) {
  for (const event of events) {
    if (event.type === 'game_over') {
      const rake = extra.rake === undefined ? {} : { rake: extra.rake };
      outbox.toRoom(roomId, { ...event, room_id: roomId, seq: after.seq, bets: extra.bets ?? [], seats: extra.results ?? [], ...rake });
    } else {
      outbox.toRoom(roomId, { ...event, room_id: roomId, seq: after.seq });
    }
  }
  const turn =
    after.phase === 'finished'
      ? null
      : { current_attacker_user_id: after.players[after.attacker]!, current_defender_user_id: after.players[after.defender]! };
  outbox.toRoom(roomId, {
    type: 'turn',
    room_id: roomId,
    seq: after.seq,
    phase: after.phase,
    turn,
    timers: extra.timers,
    time_banks: extra.timeBanks,
  });
  const waitingFor = after.phase === 'finished' ? [] : awaited(after).players;
  after.players.forEach((player, seat) => {
    const old = before?.hands[seat]?.map(cardCode).join(' ');
    const now = after.hands[seat]!;
    if (old !== now.map(cardCode).join(' ')) outbox.toUser(player, { type: 'hand', room_id: roomId, seq: after.seq, cards: now });
    // The player's whole view, so a client can judge its legal moves without re-reading it.
    outbox.toUser(player, { type: 'view', room_id: roomId, seq: after.seq, awaited: waitingFor, view: viewFor(after, player) });
  });
}

/** What a step writes besides the event row: the room's deadline and, at the end, its result. */
export interface StepRow {
  readonly expiresAt: Date | null;
  readonly timerStartedAt: Date | null;
  readonly finished?: { readonly results: readonly ResultPayload[]; readonly at: Date };
  /** The players' time banks and early exits as they are after the step. */
  readonly timeBanks: Readonly<Record<string, number>>;
  readonly exitReasons: Readonly<Record<string, string>>;
  /** When the step was made (the clock's time, read by the fair-play scan's decision times). */
  readonly at: Date;
}

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

// The rows of one step in one statement (one round trip): the event row with the step's seq and
// the room's new state. A data-modifying CTE always runs to completion, so the event insert (and
// its primary key, which refuses a second step with the same seq) happens even though the UPDATE
// does not read it. Fixed text, run as a named statement (parsed and planned once per connection).
const saveStepSql = (finished: boolean) => `
    with event as (
      insert into game_events (room_id, seq, action, events, cause, created_at) values ($1, $2, $3::jsonb, $4::jsonb, $10, $11::timestamptz)
    )
    update rooms
    set game_state = $5::jsonb, seq = $2, expires_at = $6::timestamptz, timer_started_at = $7::timestamptz, bank_started_at = null,
        time_banks = $8::jsonb, exit_reasons = $9::jsonb${finished ? `, status = 'FINISHED', results = $12::jsonb, finished_at = $13::timestamptz` : ''}
    where id = $1`;
const saveRunningStep = saveStepSql(false);
const saveLastStep = saveStepSql(true);

/**
 * Sends the step's event row and the room's new state. Not waited for: the transaction's commit
 * waits for it (on PostgreSQL in the same round trip as COMMIT), and its failure rolls the step back.
 * `bench/rooms.mjs` prints the bare-driver floor of the same shape.
 */
export function saveStep(
  tx: Tx,
  roomId: number,
  step: { after: GameState; action: Action | null; events: readonly GameEvent[]; cause?: StepCause | undefined },
  row: StepRow,
): void {
  const { after } = step;
  const values: unknown[] = [
    roomId,
    after.seq,
    step.action === null ? null : JSON.stringify(step.action),
    JSON.stringify(step.events),
    JSON.stringify(after),
    iso(row.expiresAt),
    iso(row.timerStartedAt),
    JSON.stringify(row.timeBanks),
    JSON.stringify(row.exitReasons),
    // game_events.cause: null for the player's own move (the fair-play scan counts the rest apart).
    step.cause === undefined || step.cause === 'move' ? null : step.cause,
    row.at.toISOString(),
  ];
  if (row.finished) {
    values.push(JSON.stringify(row.finished.results), row.finished.at.toISOString());
    pipelineWrite(tx, 'durak_save_last_step', saveLastStep, values);
  } else {
    pipelineWrite(tx, 'durak_save_step', saveRunningStep, values);
  }
}

/**
 * Writes one applied step inside the room's locked transaction: the event row with the next seq,
 * the new state and deadline, and at the end of the game the payout (DESIGN.md §5) — so the
 * last action and the money commit together. Queues what is published after the commit.
 * `room.timeBanks` and `room.exitReasons` are saved as given: the caller has brought them up to date
 * (`room.standIns` and `room.offlineSince` are read for the deadline; the caller saves a change of them).
 */
export async function writeStep(
  tx: Tx,
  room: MoveRoom,
  step: { before: GameState | null; after: GameState; action: Action | null; events: readonly GameEvent[]; cause?: StepCause | undefined },
  context: { now: Date; config: RoomsConfig; outbox: Outbox; onGameOver?: GameOverHook | undefined },
): Promise<void> {
  const { after } = step;
  const { now, config, outbox } = context;
  // A bot or a stand-in acts when its pause runs out; the person's timer shows their own deadline.
  const turnDeadline = deadlineOf(after, now, config);
  const expiresAt = nextDeadlineOf(room, after, now, turnDeadline, config);
  const timers = timersOf(after, now, turnDeadline);
  const table = { timeBanks: room.timeBanks, exitReasons: room.exitReasons };
  if (after.phase !== 'finished') {
    saveStep(tx, room.id, step, { expiresAt, timerStartedAt: now, at: now, ...table });
    publishStep(outbox, room.id, step.before, after, step.events, { timers, timeBanks: room.timeBanks });
    return;
  }
  const over = step.events.find((e) => e.type === 'game_over');
  if (!over || over.type !== 'game_over') throw new Error(`game of room ${room.id} finished without game_over`);
  // Read before the step's write changes the row: the hooks see the room as the move found it.
  const whole = context.onGameOver ? await completeRoom(tx, room) : null;
  const walletType = room.balanceType as WalletType;
  const payout = payoutOf(after.players, over.results, room.betAmount, config.rakeBps[walletType]);
  // The lock order (store/lock-order.ts): the tournament the game-over hook advances and the
  // players' rows it marks come before the wallets, as every stake takes them.
  if (whole?.tournamentId != null) await lockTournamentRow(tx, whole.tournamentId);
  await lockUserRows(
    tx,
    after.players.map(Number).sort((a, b) => a - b),
  );
  await lockAccountSet(tx, [
    { system: bankAccount(room.id), walletType },
    { system: rakeAccount, walletType },
    ...after.players.map((player) => ({ userId: Number(player), walletType })),
  ]);
  for (const share of payout.payouts) {
    if (share.amount === 0n) continue;
    const paid = await transfer(tx, {
      from: { system: bankAccount(room.id), walletType },
      to: { userId: Number(share.player), walletType },
      amount: share.amount,
      kind: 'room_payout',
      idempotencyKey: `room:${room.id}:payout:${share.player}`,
      memo: { room_id: room.id },
    });
    if (!paid.ok) throw new Error(`payout of room ${room.id} failed: ${paid.error.code}`);
  }
  if (payout.rake > 0n) {
    const raked = await transfer(tx, {
      from: { system: bankAccount(room.id), walletType },
      to: { system: rakeAccount, walletType },
      amount: payout.rake,
      kind: 'rake',
      idempotencyKey: `room:${room.id}:rake`,
      memo: { room_id: room.id },
    });
    if (!raked.ok) throw new Error(`rake of room ${room.id} failed: ${raked.error.code}`);
  }
  const results: ResultPayload[] = over.results.map((r) => ({
    player_id: r.player,
    result: r.result,
    place: r.place,
    amount: (payout.bets.find((b) => b.playerId === r.player)?.amount ?? 0n).toString(),
    result_reason: room.exitReasons[r.player] ?? 'normal',
  }));
  saveStep(tx, room.id, step, { expiresAt: null, timerStartedAt: null, at: now, finished: { results, at: now }, ...table });
  const bets = payout.bets.map((b) => ({ playerId: b.playerId, amount: b.amount.toString() }));
  publishStep(outbox, room.id, step.before, after, step.events, {
    timers: [],
    timeBanks: room.timeBanks,
    bets,
    results,
    rake: payout.rake.toString(),
  });
  outbox.toLobby({ type: 'room_removed', room_id: room.id });
  if (room.betAmount > 0n) {
    for (const seatResult of results)
      outbox.toUser(seatResult.player_id, { type: 'wallet_changed', room_id: room.id, wallet_type: walletType, amount: seatResult.amount });
  }
  if (whole) await context.onGameOver?.(tx, whole, results, outbox, now);
}
