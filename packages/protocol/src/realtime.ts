import { z } from 'zod';
import { chatMessage } from './chat.js';
import { chips, walletType } from './common.js';
import { betLine, gameEvents, gameView, phase, playerId, resultLine, standInReason, timer, turn } from './game-state.js';
import { personRef } from './friends.js';
import { card, room } from './rooms.js';
import { arenaStanding, tournament, tournamentRoom } from './tournaments.js';
import { walletMessage } from './wallet-messages.js';
import { realityCheckMessage } from './responsible.js';

/**
 * Every realtime publication, by channel kind (DESIGN.md §6): `room:{id}`, `#{user id}`, `lobby`
 * and `tournament:{id}`. The server publishes only these (its outbox is typed by them); a client
 * parses each publication with `messageSchemaFor(channel)` and ignores what does not parse.
 */

const roomId = z.number().int();
const seq = z.number().int().nonnegative();
/** A room channel's game messages carry the room and the seq of the step that made them. */
const stamp = { room_id: roomId, seq };
const e = gameEvents;

const emojiParty = z.object({ player_id: z.number().int(), username: z.string() });

/**
 * Not stored, not sequenced: the table's emoji (SPEC §5). The room channel carries it and
 * `POST send-emoji/{id}` answers it to the sender.
 */
export const emojiMessage = z.object({
  type: z.literal('emoji'),
  room_id: roomId,
  from: emojiParty,
  to: emojiParty,
  emoji: z.object({ id: z.number().int(), name: z.string(), is_throwable: z.boolean() }),
});

export const roomMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('room_changed'), ...stamp, room }),
  z.object({ type: z.literal('room_closed'), ...stamp }),
  z.object({ type: z.literal('game_started'), ...stamp, seed_hash: z.string().nullable(), players: z.array(playerId) }),
  /** After every step: whose turn, the phase and the running timers; `turn` is null once the game is over. */
  z.object({
    type: z.literal('turn'),
    ...stamp,
    phase,
    turn: turn.nullable(),
    timers: z.array(timer),
    /** Every player's time bank left, ms; while a bank runs, the timers show its end. */
    time_banks: z.record(playerId, z.number().int().nonnegative()).optional(),
  }),
  /**
   * The computer took a seat (`stand_in: true`) or gave it back to its player; `seq` is the game's,
   * unchanged. `is_connected` (FEATURES.md §17) is set when the player's connection dropped or came
   * back: the seat shows "offline" at once, before any stand-in.
   */
  z.object({
    type: z.literal('stand_in'),
    ...stamp,
    player_id: playerId,
    stand_in: z.boolean(),
    reason: standInReason,
    is_connected: z.boolean().optional(),
  }),
  emojiMessage,
  /** Not sequenced (the game's seq is not moved by talk); stored, `GET rooms/{id}/chat` returns the last 50. */
  chatMessage.extend({ type: z.literal('chat'), room_id: roomId }),
  e.dealt.extend(stamp),
  e.bout_started.extend(stamp),
  e.played.extend(stamp),
  e.beaten.extend(stamp),
  e.transferred.extend(stamp),
  e.said_beat.extend(stamp),
  e.said_take.extend(stamp),
  e.catch_window_opened.extend(stamp),
  e.caught.extend(stamp),
  e.taken.extend(stamp),
  e.discarded.extend(stamp),
  e.drawn.extend(stamp),
  e.trump_revealed.extend(stamp),
  e.timed_out.extend(stamp),
  e.surrendered.extend(stamp),
  e.player_out.extend(stamp),
  /** The engine's game_over plus the money: every player's signed amount and result line. */
  e.game_over.extend({ ...stamp, bets: z.array(betLine), seats: z.array(resultLine), rake: chips.optional() }),
]);
export type RoomMessage = z.infer<typeof roomMessage>;
export type EmojiMessage = z.infer<typeof emojiMessage>;
export type ChatRoomMessage = Extract<RoomMessage, { type: 'chat' }>;

/** Why a player lost a seat before the game started. */
// `responsible_play`: the player took a break or excluded themself (FEATURES.md §13).
export const seatLostReason = z.enum(['not_ready', 'room_expired', 'insufficient_funds', 'responsible_play']);
export type SeatLostReason = z.infer<typeof seatLostReason>;

/** Private to one user (`#{id}`): their hand, their view of the game, their seat and wallet. */
export const userMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hand'), ...stamp, cards: z.array(card) }),
  /** The player's whole view, so a client can judge its legal moves without re-reading it. */
  z.object({ type: z.literal('view'), ...stamp, awaited: z.array(playerId), view: gameView }),
  z.object({ type: z.literal('seat_lost'), room_id: roomId, position: z.number().int().optional(), reason: seatLostReason }),
  /**
   * A balance moved: for a room, the stake (negative) at the start and the result at the end; for
   * a tournament, the buy-in or rebuy (negative), a refund or a prize.
   */
  z.object({
    type: z.literal('wallet_changed'),
    room_id: roomId.optional(),
    tournament_id: z.number().int().optional(),
    wallet_type: walletType,
    amount: chips,
  }),
  /** Every wallet's new balance after the economy moved chips (a purchase, deposit, reward, ...). */
  walletMessage,
  /**
   * The referral bonus arrived (FEATURES.md §10): told to both the friend and the inviter, each
   * naming the other, beside the `wallet_changed` that moves the balance.
   */
  z.object({
    type: z.literal('referral_bonus'),
    role: z.enum(['friend', 'inviter']),
    other_username: z.string(),
    wallet_type: walletType,
    amount: chips,
  }),
  /** Another player of a finished game asked for a rematch: its new room waits for this player. */
  z.object({ type: z.literal('rematch_offered'), room_id: roomId, from_room_id: roomId.optional() }),
  /** A tournament seated the player in its next game. */
  z.object({ type: z.literal('tournament_seated'), tournament_id: z.number().int(), round: z.number().int().positive(), room_id: roomId }),
  /** A tournament's draw left the player without a table this round: they go straight on to the next. */
  z.object({ type: z.literal('tournament_bye'), tournament_id: z.number().int(), round: z.number().int().positive() }),
  /** Someone asked to be friends (FEATURES.md §11). */
  z.object({ type: z.literal('friend_request'), from: personRef }),
  /** The person the user asked accepted: they are friends now. */
  z.object({ type: z.literal('friend_accepted'), from: personRef }),
  /** A friend invites the user to their waiting table; the seat needs no password. */
  z.object({ type: z.literal('room_invite'), room_id: roomId, from: personRef }),
  /** Every `reality_check_minutes` of play: the time played, chips staked and the net result (FEATURES.md §13). */
  realityCheckMessage,
]);
export type UserMessage = z.infer<typeof userMessage>;

/** The lobby's room list as it changes: a room appears, changes (seats, status) or goes. */
export const lobbyMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('room_created'), room }),
  z.object({ type: z.literal('room_changed'), room }),
  z.object({ type: z.literal('room_removed'), room_id: roomId }),
]);
export type LobbyMessage = z.infer<typeof lobbyMessage>;

const tournamentId = z.number().int();

/**
 * `tournament:{id}` (FEATURES.md §1): status, round, players and rooms changes. A change of the
 * tournament itself (status, round, counts, pool) carries the whole tournament, so a page never
 * has to guess which of its fields moved; players and rooms changes tell the page what to re-read.
 */
export const tournamentMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tournament_changed'), tournament_id: tournamentId, tournament }),
  z.object({
    type: z.literal('players_changed'),
    tournament_id: tournamentId,
    round: z.number().int().nonnegative(),
    eliminated: z.array(z.number().int()),
  }),
  z.object({
    type: z.literal('round_started'),
    tournament_id: tournamentId,
    round: z.number().int().positive(),
    is_final: z.boolean(),
    rooms: z.array(tournamentRoom),
  }),
  /**
   * An arena's board moved (FEATURES.md §15): a game ended or started, or a player joined or paused.
   * Carries the board's first page; a page showing later lines re-reads them.
   */
  z.object({
    type: z.literal('standings_changed'),
    tournament_id: tournamentId,
    items: z.array(arenaStanding),
    players_count: z.number().int().nonnegative(),
  }),
]);
export type TournamentMessage = z.infer<typeof tournamentMessage>;

/** The kinds of channel and the message each carries. */
export const channelMessages = {
  room: roomMessage,
  user: userMessage,
  lobby: lobbyMessage,
  tournament: tournamentMessage,
} as const;
export type ChannelKind = keyof typeof channelMessages;
export type MessageOf<K extends ChannelKind> = z.infer<(typeof channelMessages)[K]>;

/** The kind of a channel name (`lobby`, `room:7`, `#42`, `tournament:3`), or null for an unknown one. */
export function channelKindOf(channel: string): ChannelKind | null {
  if (channel === 'lobby') return 'lobby';
  if (channel.startsWith('#')) return 'user';
  if (channel.startsWith('room:')) return 'room';
  if (channel.startsWith('tournament:')) return 'tournament';
  return null;
}

/** The schema of what a channel carries, or null for a channel no message is published on. */
export function messageSchemaFor(channel: string): (typeof channelMessages)[ChannelKind] | null {
  const kind = channelKindOf(channel);
  return kind === null ? null : channelMessages[kind];
}

/** A publication parsed by its channel's schema; `ok: false` for an unknown channel or message. */
export function parseMessage(
  channel: string,
  data: unknown,
): { ok: true; message: RoomMessage | UserMessage | LobbyMessage | TournamentMessage } | { ok: false; error: string } {
  const schema = messageSchemaFor(channel);
  if (!schema) return { ok: false, error: `unknown channel ${channel}` };
  const parsed = schema.safeParse(data);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, error: parsed.error.message };
}
