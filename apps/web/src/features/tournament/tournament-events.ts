import type { TournamentPayload, TournamentRoom } from '@durak/protocol';

/** What the `tournament:{id}` channel and the player's own channel say about a tournament. */
export type TournamentEvent =
  | { type: 'tournament_changed'; tournament: TournamentPayload }
  | { type: 'players_changed'; round: number; eliminated: number[] }
  | { type: 'round_started'; round: number; isFinal: boolean; rooms: TournamentRoom[] }
  | { type: 'tournament_seated'; round: number; roomId: number }
  | { type: 'tournament_bye'; round: number };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isRoom = (v: unknown): v is TournamentRoom => isObject(v) && typeof v.id === 'number' && typeof v.round === 'number';

/** Reads a publication about tournament `id`; anything else (another tournament, a wallet change) is null. */
export function parseTournamentEvent(data: unknown, id: number): TournamentEvent | null {
  if (!isObject(data) || data.tournament_id !== id) return null;
  const round = typeof data.round === 'number' ? data.round : 0;
  switch (data.type) {
    case 'tournament_changed':
      return isObject(data.tournament) && data.tournament.id === id
        ? { type: 'tournament_changed', tournament: data.tournament as unknown as TournamentPayload }
        : null;
    case 'players_changed':
      return {
        type: 'players_changed',
        round,
        eliminated: Array.isArray(data.eliminated) ? data.eliminated.filter((u): u is number => typeof u === 'number') : [],
      };
    case 'round_started':
      return {
        type: 'round_started',
        round,
        isFinal: data.is_final === true,
        rooms: Array.isArray(data.rooms) ? data.rooms.filter(isRoom) : [],
      };
    case 'tournament_seated':
      return typeof data.room_id === 'number' ? { type: 'tournament_seated', round, roomId: data.room_id } : null;
    case 'tournament_bye':
      return round > 0 ? { type: 'tournament_bye', round } : null;
    default:
      return null;
  }
}
