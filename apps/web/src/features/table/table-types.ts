import type { Card, GameView, PlayerRoundStatus, ViewSlot } from '@durak/engine';
import type { Room, RoomStatus } from '../games/room-types';

/** SPEC §4 seat result, plus late_joined (shown 'waiting'). */
export type SeatResultLabel = 'victory' | 'defeat' | 'draw' | 'late_joined';

/** SPEC §3 game watch state: one seat's public state. */
export interface WatchSeat {
  position: number;
  player: { player_id: string | number; username: string };
  avatar?: string | null;
  country?: string | null;
  card_count: number;
  is_ready: boolean;
  is_connected: boolean;
  result: SeatResultLabel | null;
  /** The signed amount won or lost, once the game is over. */
  amount?: string | null;
}

export interface WatchTimer {
  timer_response: { player_id: string | number; created_at: string; expired_at: string };
}

/** A finished game's money: every player's signed amount (SPEC §3 Bet). */
export interface BetResult {
  playerId: string | number;
  amount: string | number;
}

/** One player's line of the final result (signed amount as a decimal string). */
export interface ResultLine {
  player_id: string;
  result: 'victory' | 'defeat' | 'draw';
  place: number;
  amount: string;
}

/** SPEC §3 game watch state (GET rooms/{id}/watch), as the server sends it. */
export interface WatchState {
  room_id?: number;
  room?: Room;
  seats: Record<string, WatchSeat>;
  status: RoomStatus;
  phase?: GameView['phase'] | null;
  round: { slots: ViewSlot[]; player_status: Record<string, PlayerRoundStatus> };
  trump_card: Card | null;
  trump_suit?: Card['suit'] | null;
  turn: { current_attacker_user_id: string; current_defender_user_id: string } | null;
  timers: WatchTimer[];
  talon_count: number;
  discard_count: number;
  bout_limit?: number | null;
  seq: number;
  seed_hash?: string | null;
  seed?: string | null;
  results?: ResultLine[] | null;
  bets?: BetResult[];
}

export type { GameView };
